import { ACTION } from '@backhaul/shared';
import { formatMoney, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  SALARY_SECTIONS,
  type SalaryPayment,
  SalaryPaymentFormSchema,
} from '@backhaul/shared/modules/salaries/salaries.contract';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DateField } from '../../platform/forms/date-field';
import { useConfirmedDelete } from '../../platform/record/confirm-dialog';
import { useRecordForm } from '../../platform/record/use-record-form';
import { salariesApi, salaryKeys } from './salaries.api';

const S = SALARY_SECTIONS.payHistory;
const EMPTY = { date: '', amount: '' as number | string, note: '' };

/**
 * An employee's pay history (Pay history, 104): each month of a year as its statement pays it — the
 * statement's number, the salary, the bonuses and charges (of which Additional entries), the total
 * and each line (a late entry marked with its month); and the salary entries (a monthly salary from
 * a date on), recorded, edited and deleted by who may. `userId` defaults to the signed-in user.
 */
export function PayHistoryPanel(props: { userId?: number }) {
  const tree = usePermissionTree();
  const canCreate = allowsButton(tree, { section: S, ids: [ACTION.CREATE] });
  const canEdit = allowsButton(tree, { section: S, ids: [ACTION.EDIT] });
  const canDelete = allowsButton(tree, { section: S, ids: [ACTION.DELETE] });
  const thisYear = Number(nowInCompanyTimeZone().date.slice(0, 4));
  const [year, setYear] = useState(String(thisYear));
  const [editing, setEditing] = useState<number | null>(null);
  const history = useQuery({
    queryKey: salaryKeys.list('pay-history', props.userId ?? 'me', year),
    queryFn: () => salariesApi.history(props.userId, `${year}-01-01`),
  });
  const userId = history.data?.user_id;
  const { form, submit, saving } = useRecordForm({
    initialValues: EMPTY,
    schema: SalaryPaymentFormSchema,
    body: (v) => ({ user_id: userId ?? 0, date: v.date, amount: v.amount, note: v.note }),
    save: (body) => salariesApi.savePayment(editing, body),
    invalidate: salaryKeys.all,
    resetOnSave: true,
    onSaved: () => setEditing(null),
  });
  // The server's own message ('Salary payment deleted successfully'), then the year again.
  const remove = useConfirmedDelete({ onDone: () => void history.refetch() });
  const askDelete = (id: number) => remove.ask(salariesApi.deletePaymentUrl(id), `salary entry #${id}`);
  const startEdit = (p: SalaryPayment) => {
    setEditing(p.id);
    form.setValues({ date: p.date, amount: p.amount, note: p.note });
  };
  const years = Array.from({ length: 4 }, (_, i) => String(thisYear - i));
  return (
    <Stack gap="md" data-testid="pay-history-panel">
      <Group justify="space-between">
        <Title order={4}>Pay history</Title>
        <Select
          data={years}
          value={year}
          onChange={(v) => v && setYear(v)}
          w={110}
          allowDeselect={false}
          aria-label="Year"
        />
      </Group>
      <Table striped withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th>Statement</Table.Th>
            <Table.Th ta="right">Salary</Table.Th>
            <Table.Th ta="right">Bonus / charge</Table.Th>
            <Table.Th ta="right">Of which additional</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(history.data?.rows ?? []).flatMap((r) => [
            <Table.Tr key={r.month} data-testid="pay-month">
              <Table.Td>{r.month}</Table.Td>
              <Table.Td>{r.statement_id === null ? '—' : `#${r.statement_id}`}</Table.Td>
              <Table.Td ta="right">{formatMoney(r.salary)}</Table.Td>
              <Table.Td ta="right" c={r.bonus < 0 ? 'red.4' : r.bonus > 0 ? 'green.4' : undefined}>
                {formatMoney(r.bonus)}
              </Table.Td>
              <Table.Td ta="right">{r.additional ? formatMoney(r.additional) : ''}</Table.Td>
              <Table.Td ta="right">{formatMoney(r.total)}</Table.Td>
            </Table.Tr>,
            ...r.lines
              .filter((l) => l.source !== 'salary')
              .map((l) => (
                <Table.Tr key={`${r.month}-${l.id}`}>
                  <Table.Td />
                  <Table.Td colSpan={4}>
                    <Text size="xs" c="dimmed">
                      {l.type}: {l.description}
                      {l.earned && l.source === 'entry' ? ` (from ${l.earned})` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="xs" c={l.amount < 0 ? 'red.4' : 'green.4'}>
                      {formatMoney(l.amount)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )),
          ])}
        </Table.Tbody>
      </Table>
      <Title order={5}>Salary entries</Title>
      <Table withTableBorder fz="sm">
        <Table.Tbody>
          {(history.data?.salary_payment ?? []).length === 0 && (
            <Table.Tr>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  No salary recorded yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {(history.data?.salary_payment ?? []).map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>From {p.date}</Table.Td>
              <Table.Td ta="right">{formatMoney(p.amount)} a month</Table.Td>
              <Table.Td>{p.note}</Table.Td>
              <Table.Td w={90}>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {canEdit && (
                    <ActionIcon variant="subtle" aria-label="Edit salary entry" onClick={() => startEdit(p)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                  )}
                  {canDelete && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label="Delete salary entry"
                      onClick={() => askDelete(p.id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {(canCreate || editing !== null) && (
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
            <DateField label="From" withAsterisk {...form.getInputProps('date')} />
            <NumberInput
              label="Monthly salary"
              withAsterisk
              prefix="$"
              decimalScale={2}
              thousandSeparator=","
              {...form.getInputProps('amount')}
            />
            <TextInput label="Note" {...form.getInputProps('note')} />
            <Group align="flex-end" gap="xs">
              <Button type="submit" loading={saving}>
                {editing === null ? 'Record salary' : 'Save'}
              </Button>
              {editing !== null && (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(null);
                    form.setValues(EMPTY);
                  }}
                >
                  Cancel
                </Button>
              )}
            </Group>
          </SimpleGrid>
        </form>
      )}
      {remove.dialog}
    </Stack>
  );
}
