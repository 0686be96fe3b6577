import { ACTION, SECTION } from '@backhaul/shared';
import { Stack, Title } from '@mantine/core';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { SystemSettingsForm } from './system-settings-form';

/** Settings → Old system settings: the same values through GET/POST /settings/system. */
export function OldSystemSettingsPage() {
  const canEdit = allowsButton(usePermissionTree(), { section: SECTION.Settings, ids: [ACTION.EDIT] });
  return (
    <Stack gap="md" data-testid="old-system-settings-page">
      <Title order={1}>Old system settings</Title>
      <SystemSettingsForm url="/settings/system" readOnly={!canEdit} />
    </Stack>
  );
}
