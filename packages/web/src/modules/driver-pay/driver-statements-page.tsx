import { ACTION, SECTION } from '@backhaul/shared';
import type { StatementRow } from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { Badge, Stack, Title } from '@mantine/core';
import { IconEye, IconPencil, IconReceiptOff, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useConfirmedDelete } from '../../platform/record/confirm-dialog';
import { StatementCreateDialog } from './statement-create-dialog';
import { StatementEditor } from './statement-editor';
import { PAID_COLOR } from './statement-lines';
import { StatementSendDialog } from './statement-send-dialog';
import { StatementWriteOffDialog } from './statement-write-off-dialog';

const S = SECTION.DriverStatements;

/** Accounting → Driver statements: the list; a row opens its statement (Edit, or View once closed). */
export function DriverStatementsPage() {
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [writingOff, setWritingOff] = useState<StatementRow | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = () => setRefreshKey((k) => k + 1);
  const tree = usePermissionTree();
  const canCreate = allowsButton(tree, { section: S, ids: [ACTION.CREATE] });
  const remove = useConfirmedDelete({ onDone: refresh });
  const closed = (r: StatementRow) => r.status === 'Closed';

  return (
    <Stack gap="sm" data-testid="driver-statements-page">
      <Title order={2}>Driver statements</Title>
      <DataTable<StatementRow>
        url="/drivers-statements/list"
        listKey="drivers-statements"
        rowId={(r) => r.id}
        onOpen={(r) => setOpen(r.id)}
        refreshKey={refreshKey}
        toolbar={{ export: true, ...(canCreate ? { create: () => setCreating(true) } : {}) }}
        cells={{
          status: (r) => (
            <Badge size="sm" variant="light" color={closed(r) ? 'gray' : 'blue'}>
              {r.status}
            </Badge>
          ),
          paid_status: (r) => (
            <Badge size="sm" variant="light" color={PAID_COLOR[r.paid_status]}>
              {r.paid_status}
            </Badge>
          ),
        }}
        actions={[
          {
            id: 'edit',
            label: 'Edit',
            primary: true,
            icon: <IconPencil size={16} />,
            permission: { section: S, ids: [ACTION.EDIT] },
            visible: (r) => !closed(r),
            onClick: (r) => setOpen(r.id),
          },
          {
            id: 'view',
            label: 'View',
            primary: true,
            icon: <IconEye size={16} />,
            permission: { section: S, ids: [ACTION.VIEW, ACTION.EDIT] },
            visible: closed,
            onClick: (r) => setOpen(r.id),
          },
          {
            id: 'send',
            label: 'Send',
            icon: <IconSend size={16} />,
            permission: { section: S, ids: [ACTION.SEND] },
            onClick: (r) => setSending(r.id),
          },
          {
            id: 'write-off',
            label: 'Write off balance',
            color: 'grape',
            icon: <IconReceiptOff size={16} />,
            permission: { section: S, ids: [ACTION.PAID] },
            visible: (r) => closed(r) && r.paid_status === 'Owed by driver',
            onClick: setWritingOff,
          },
          {
            id: 'delete',
            label: 'Delete',
            color: 'red',
            icon: <IconTrash size={16} />,
            permission: { section: S, ids: [ACTION.DELETE] },
            visible: (r) => !closed(r),
            onClick: (r) => remove.ask(`/drivers-statements/${r.id}`, `statement #${r.id} of ${r.driver}`),
          },
        ]}
      />
      <StatementCreateDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          refresh();
          setOpen(id);
        }}
      />
      <StatementEditor id={open} onClose={() => setOpen(null)} onChanged={refresh} onSend={setSending} />
      <StatementSendDialog id={sending} onClose={() => setSending(null)} onSent={refresh} />
      <StatementWriteOffDialog statement={writingOff} onClose={() => setWritingOff(null)} onDone={refresh} />
      {remove.dialog}
    </Stack>
  );
}
