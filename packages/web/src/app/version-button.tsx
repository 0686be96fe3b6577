import { VersionResponseSchema } from '@backhaul/shared/modules/session/session.contract';
import { Button, Loader, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../platform/api-client';
import { readStorage, STORAGE_KEY, writeStorage } from '../platform/local-storage';

/** Whether the change-information popup opens by itself: version_show is on and this version's popup was not seen. */
export function shouldAutoOpenVersionPopup(
  version: string | null,
  versionShow: string | null,
  seen: string | null,
): boolean {
  return Boolean(version) && versionShow === 'true' && seen !== version;
}

/** The version button; it opens the change-information popup (POST /version). */
export function VersionButton() {
  const version = readStorage(STORAGE_KEY.version);
  const [opened, setOpened] = useState(() =>
    shouldAutoOpenVersionPopup(
      version,
      readStorage(STORAGE_KEY.versionShow),
      readStorage(STORAGE_KEY.versionShowPopup),
    ),
  );
  const info = useQuery({
    queryKey: ['session', 'version'],
    queryFn: () => api.post('/version', {}, { schema: VersionResponseSchema, silent: true }),
    enabled: opened,
    staleTime: 5 * 60_000,
  });

  const close = () => {
    writeStorage(STORAGE_KEY.versionShowPopup, info.data?.version ?? version ?? '');
    setOpened(false);
  };

  return (
    <>
      <Button variant="subtle" size="xs" onClick={() => setOpened(true)} data-testid="version-button">
        v{version ?? '—'}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={`What's new in version ${info.data?.version ?? version ?? ''}`}
        centered
        data-testid="version-popup"
      >
        {info.isPending ? <Loader size="sm" /> : null}
        {info.isError ? <Text c="dimmed">The change information could not be loaded.</Text> : null}
        {info.data ? (
          <Text style={{ whiteSpace: 'pre-line' }}>{info.data.description || 'No change notes for this version.'}</Text>
        ) : null}
      </Modal>
    </>
  );
}
