import { ACTION, SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  SHORT_PAYMENT_AGE,
  SHORT_PAYMENT_HIGHLIGHTS,
  type ShortPaymentForm,
  type ShortPaymentRow,
  type ShortPaymentStatus,
} from '@backhaul/shared/modules/short-payments/short-payments.contract';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { ShortPaymentDialog, type ShortPaymentEditing } from './short-payment-dialog';

const S = SECTION.ShortPayments;
/** The age bands' row colours (000 §4, §9); Complete, Inactive customer and Processed by customer are never painted. */
const AGE_LEGEND = [
  { color: SHORT_PAYMENT_HIGHLIGHTS['age-30-60'], label: `${SHORT_PAYMENT_AGE.from}-${SHORT_PAYMENT_AGE.to} days` },
  { color: SHORT_PAYMENT_HIGHLIGHTS['age-over-60'], label: `over ${SHORT_PAYMENT_AGE.to} days` },
];
const toForm = (r: ShortPaymentRow): ShortPaymentForm => ({
  load_id: String(r.load_id),
  amount_factoring: r.amount_factoring,
  processed_date: r.processed_date ?? '',
  status: r.status as ShortPaymentStatus,
  actions: r.actions ?? '',
});

/** Accounting → Short payments: rows coloured by age (30-60 and over 60 days) unless settled. */
export function ShortPaymentsPage() {
  const [editing, setEditing] = useState<ShortPaymentEditing>(null);
  const tree = usePermissionTree();
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: (id) => `/short/payments/${id}`,
    describe: (id) => `short payment #${id}`,
  });
  const canCreate = allowsButton(tree, { section: S, ids: [ACTION.CREATE] });
  const canEdit = allowsButton(tree, { section: S, ids: [ACTION.EDIT] });
  const open = (r: ShortPaymentRow, readOnly: boolean) => setEditing({ id: r.id, form: toForm(r), readOnly });
  const blank = () =>
    setEditing({
      id: null,
      readOnly: false,
      form: {
        load_id: '',
        amount_factoring: '',
        processed_date: nowInCompanyTimeZone().date,
        status: 'New',
        actions: '',
      },
    });

  return (
    <Stack gap="sm" data-testid="short-payments-page">
      <Group justify="space-between">
        <Title order={2}>Short payments</Title>
        <Group gap="xs">
          <Badge color="yellow" variant="light">
            30-60 days
          </Badge>
          <Badge color="red" variant="light">
            over 60 days
          </Badge>
        </Group>
      </Group>
      <DataTable<ShortPaymentRow>
        url="/short/payments/list"
        listKey="short-payments"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        legend={AGE_LEGEND}
        toolbar={{ export: true, ...(canCreate ? { create: blank } : {}) }}
        cells={{
          age: (r) => (
            <Text size="sm" ta="right" data-testid="age-cell" data-highlight={r.highlight ?? ''}>
              {r.age ?? ''}
            </Text>
          ),
        }}
        actions={[
          {
            id: 'edit',
            label: 'Edit',
            icon: <IconPencil size={16} />,
            permission: { section: S, ids: [ACTION.EDIT] },
            onClick: (r) => open(r, false),
          },
          {
            id: 'view',
            label: 'View',
            icon: <IconEye size={16} />,
            permission: { section: S, ids: [ACTION.VIEW] },
            visible: () => !canEdit,
            onClick: (r) => open(r, true),
          },
          {
            id: 'delete',
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            permission: { section: S, ids: [ACTION.DELETE] },
            onClick: (r) => askDelete(r.id),
          },
        ]}
      />
      <ShortPaymentDialog editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      {deleteDialog}
    </Stack>
  );
}
