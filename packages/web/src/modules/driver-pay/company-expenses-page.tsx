import { ACTION, recordRoutes, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/driver-pay/company-expenses.contract';
import { Anchor, Badge, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { DataTable, type Row } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { recordPath } from '../../platform/links';
import { recordApi } from '../../platform/record/record-api';
import { RecordDialog } from '../../platform/record/record-dialog';

const S = SECTION.CompanyExpenses;
const expensesApi = recordApi({ name: 'company-expenses', routes: recordRoutes(C.COMPANY_EXPENSES_BASE) });
const EMPTY = {
  expense_date: '',
  category: null,
  driver_id: null,
  truck_id: null,
  customer_id: null,
  amount: '',
  description: '',
};
const STATUS_COLOR: Record<string, string> = { Open: 'gray', Queued: 'yellow', 'On statement': 'green' };

type Expense = Row & { id: number; status: string; statement_id: number | null; driver: string | null; amount: number };

/**
 * Accounting → Company expenses (001 §3): costs charged to a driver or a truck. Pay puts one on the
 * driver's next statement as a deduction or a reimbursement; once a statement holds it, it is
 * read-only and its row links to the statement.
 */
export function CompanyExpensesPage() {
  const [paying, setPaying] = useState<Expense | null>(null);
  const registry = useRegistryActions<Expense>({
    section: S,
    rowId: (r) => r.id,
    deleteUrl: expensesApi.deleteUrl,
    describe: (id) => `company expense #${id}`,
    deleteMessages: 'server',
  });
  const actions = [
    {
      id: 'pay',
      label: 'Pay',
      icon: <IconCash size={16} />,
      primary: true,
      hint: "Put it on the driver's next statement",
      permission: { section: S, ids: [ACTION.PAID] },
      visible: (r: Expense) => r.status !== 'On statement',
      onClick: setPaying,
    },
    ...registry.actions.map((a) =>
      a.id === 'delete' ? { ...a, visible: (r: Expense) => r.status !== 'On statement' } : a,
    ),
  ];
  return (
    <RegistryPage testId="company-expenses-page" title="Company expenses">
      <DataTable<Expense>
        url="/company-expenses/list"
        listKey="company-expenses"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        actions={actions}
        widths={{ status: 170 }}
        cells={{
          status: (r) => (
            <Group gap={6} wrap="nowrap">
              <Badge size="sm" variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
                {r.status}
              </Badge>
              {r.statement_id ? (
                <Anchor component={Link} to={recordPath('driver-statement', r.statement_id)} size="sm">
                  #{r.statement_id}
                </Anchor>
              ) : null}
            </Group>
          ),
        }}
      />
      <RecordDialog
        api={expensesApi}
        schema={C.CompanyExpenseFormSchema}
        empty={EMPTY}
        recordOf={(d) => (d as { item?: unknown }).item}
        title={{ create: 'New company expense', edit: 'Edit company expense', view: 'Company expense' }}
        section={S}
        cols={2}
        {...registry.dialog}
      />
      {registry.dialogs}
      <PayDialog
        expense={paying}
        onClose={() => setPaying(null)}
        onPaid={() => {
          setPaying(null);
          registry.refresh();
        }}
      />
    </RegistryPage>
  );
}

/** Pay: a deduction from the driver's pay, or a reimbursement to the driver. */
function PayDialog(props: { expense: Expense | null; onClose: () => void; onPaid: () => void }) {
  const [payAs, setPayAs] = useState<C.PayAs>('deduction');
  const [busy, setBusy] = useState(false);
  const e = props.expense;
  const pay = async () => {
    if (!e) return;
    setBusy(true);
    try {
      const done = await api.post<{ message: string }>(`/company-expenses/${e.id}/pay`, { pay_as: payAs });
      showAlert('success', done.message);
      props.onPaid();
    } catch {
      // The api client shows the server's message; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={e !== null} onClose={props.onClose} title={`Pay company expense #${e?.id ?? ''}`} centered>
      {e && (
        <Stack gap="sm" data-testid="pay-dialog">
          <Text size="sm">
            The expense goes on {e.driver ? `${e.driver}'s` : "the truck driver's"} open statement, or on the next one
            made.
          </Text>
          <Radio.Group value={payAs} onChange={(v) => setPayAs(v as C.PayAs)} label="Pay as">
            <Stack gap={6} mt={4}>
              <Radio value="deduction" label="Deduction — the driver pays it back" />
              <Radio value="reimbursement" label="Reimbursement — the company pays the driver" />
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button loading={busy} onClick={pay} data-testid="pay-confirm">
              Pay
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
