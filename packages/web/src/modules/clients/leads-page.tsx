import { formatPhone } from '@backhaul/shared/formats/formats';
import {
  LEAD_PATHS,
  LEAD_TITLES,
  type LeadKind,
  type LeadRow,
} from '@backhaul/shared/modules/clients/clients.contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { LeadDialog } from './lead-dialog';
import { LeadImportDialog } from './lead-import';

/**
 * Potential clients and clients: one page for both kinds. Row edit and delete are shown to
 * everyone (001 §6); the server still needs the Customers section (6).
 */
function LeadsPage({ kind }: { kind: LeadKind }) {
  const base = `/${LEAD_PATHS[kind]}`;
  const title = LEAD_TITLES[kind];
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `${base}/${id}`,
    describe: (id) => `#${id}`,
  });

  return (
    <Stack gap="sm" data-testid={`leads-page-${kind}`}>
      <Title order={2}>{title}</Title>
      <DataTable<LeadRow>
        url={`${base}/list`}
        listKey={LEAD_PATHS[kind]}
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={{ export: true, create: () => setEditing({ id: null }), upload: () => setImporting(true) }}
        cells={{
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          updated_at: (r) => <Text size="sm">{new Date(r.updated_at).toLocaleDateString('en-US')}</Text>,
          email: (r) =>
            r.email ? (
              <Anchor size="sm" href={`mailto:${r.email}`} truncate>
                {r.email}
              </Anchor>
            ) : null,
        }}
        actions={[
          { id: 'edit', label: 'Edit', icon: <IconPencil size={16} />, onClick: (r) => setEditing({ id: r.id }) },
          {
            id: 'delete',
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            onClick: (r) => askDelete(r.id),
          },
        ]}
      />
      <LeadDialog
        base={base}
        id={editing?.id ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <LeadImportDialog
        base={base}
        title={title}
        opened={importing}
        onClose={() => setImporting(false)}
        onSaved={refresh}
      />
      {deleteDialog}
    </Stack>
  );
}

export const PotentialClientsPage = () => <LeadsPage kind="potential" />;
export const ClientsPage = () => <LeadsPage kind="client" />;
