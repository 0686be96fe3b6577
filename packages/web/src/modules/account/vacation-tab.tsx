import { MSG } from '@backhaul/shared';
import {
  VACATION_STATUS_NAMES,
  VacationFormSchema,
  type VacationRow,
} from '@backhaul/shared/modules/account/account.contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { DateField } from '../../platform/forms/date-field';
import { ConfirmDialog } from '../../platform/record/confirm-dialog';
import { useRecordForm } from '../../platform/record/use-record-form';
import { accountApi, accountKeys } from './account.api';

const STATUS_COLOR: Record<number, string> = { 0: 'yellow', 1: 'green', 2: 'red' };
type Overlap = { id: number; name: string; date_from: string; date_to: string; status: number };

const OverlapNote = ({ overlaps }: { overlaps: Overlap[] }) =>
  overlaps.length ? (
    <Text size="xs" c="orange" data-testid="vacation-overlap">
      Overlaps {overlaps.map((o) => `${o.name} (${o.date_from} – ${o.date_to})`).join(', ')}
    </Text>
  ) : null;

function RequestForm({ onSent }: { onSent: () => void }) {
  const { form, submit, saving } = useRecordForm({
    initialValues: { date_from: '', date_to: '', comment: '' },
    schema: VacationFormSchema,
    save: (values) => accountApi.requestVacation(values),
    resetOnSave: true,
    onSaved: onSent,
  });
  const [overlaps, setOverlaps] = useState<Overlap[]>([]);
  const { date_from, date_to, comment } = form.values;
  // The colleagues already away on those days show before the request is sent.
  useEffect(() => {
    if (!date_from || !date_to || date_to < date_from) return setOverlaps([]);
    accountApi
      .requestVacation({ date_from, date_to, comment, check_only: true })
      .then((r) => setOverlaps(r.overlaps))
      .catch(() => setOverlaps([]));
  }, [date_from, date_to, comment]);
  return (
    <Card withBorder padding="md">
      <Title order={5} mb="xs">
        Request a vacation
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <DateField label="From" w={170} data-testid="vacation-from" {...form.getInputProps('date_from')} />
          <DateField label="To" w={170} data-testid="vacation-to" {...form.getInputProps('date_to')} />
          <TextInput label="Comment" w={280} {...form.getInputProps('comment')} />
          <Button type="submit" mt={24} loading={saving} data-testid="vacation-send">
            Send request
          </Button>
        </Group>
      </form>
      {overlaps.length ? (
        <Alert
          mt="sm"
          color="orange"
          icon={<IconAlertTriangle size={16} />}
          title="Colleagues away on these days"
          data-testid="vacation-overlap-warning"
        >
          {overlaps
            .map((o) => `${o.name}: ${o.date_from} – ${o.date_to} (${VACATION_STATUS_NAMES[o.status]})`)
            .join('; ')}
        </Alert>
      ) : null}
    </Card>
  );
}

function Requests({ scope }: { scope: 'mine' | 'all' }) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: accountKeys.vacations(scope), queryFn: () => accountApi.vacations(scope) });
  const [deleting, setDeleting] = useState<VacationRow | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['account'] });
    void client.invalidateQueries({ queryKey: ['badge'] });
  };
  const decide = async (row: VacationRow, status: 1 | 2) => {
    showAlert('success', (await accountApi.decideVacation(row.id, status)).message);
    refresh();
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await accountApi.deleteVacation(deleting.id);
      showAlert('success', MSG.leaveRequestDeleted);
      refresh();
    } finally {
      setDeleting(null);
    }
  };
  const rows = list.data?.rows ?? [];
  return (
    <>
      <Table striped highlightOnHover data-testid={`vacations-${scope}`}>
        <Table.Thead>
          <Table.Tr>
            {scope === 'all' ? <Table.Th>Employee</Table.Th> : null}
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Days</Table.Th>
            <Table.Th>Comment</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Answered by</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text size="sm" c="dimmed">
                  {list.isLoading ? 'Loading…' : 'No vacation requests.'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid="vacation-row">
              {scope === 'all' ? (
                <Table.Td>
                  <Text size="sm">{r.name}</Text>
                  <Text size="xs" c="dimmed">
                    {r.department}
                  </Text>
                </Table.Td>
              ) : null}
              <Table.Td>{r.date_from}</Table.Td>
              <Table.Td>{r.date_to}</Table.Td>
              <Table.Td>{r.days}</Table.Td>
              <Table.Td>
                <Text size="sm">{r.comment}</Text>
                <OverlapNote overlaps={r.overlaps} />
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[r.status]} variant="light">
                  {VACATION_STATUS_NAMES[r.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{r.decided_by ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {r.can_decide && r.status !== 1 ? (
                    <Button size="compact-xs" color="green" onClick={() => decide(r, 1)}>
                      Approve
                    </Button>
                  ) : null}
                  {r.can_decide && r.status !== 2 ? (
                    <Button size="compact-xs" variant="light" color="red" onClick={() => decide(r, 2)}>
                      Refuse
                    </Button>
                  ) : null}
                  {r.can_delete ? (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(r)}>
                      Delete
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmDialog
        opened={deleting !== null}
        message={MSG.leaveRequestDeleteConfirm}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function DepartmentCalendar({ month }: { month: string }) {
  const cal = useQuery({
    queryKey: accountKeys.vacationCalendar(month),
    queryFn: () => accountApi.vacationCalendar(month),
  });
  return (
    <Card withBorder padding="md" data-testid="vacation-calendar">
      <Title order={5} mb="xs">
        Vacations in {month}
        {cal.data?.department ? ` · ${cal.data.department}` : ''}
      </Title>
      <Stack gap={4}>
        {cal.data?.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody is away this month.
          </Text>
        ) : null}
        {cal.data?.rows.map((r) => (
          <Group key={r.id} gap="xs">
            <Badge color={STATUS_COLOR[r.status]} variant="dot">
              {VACATION_STATUS_NAMES[r.status]}
            </Badge>
            <Text size="sm">{r.name}</Text>
            <Text size="sm" c="dimmed">
              {r.date_from} – {r.date_to}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** Vacation tab: request (overlap shown first), my requests, everyone's for role 3 and deciders, the month's calendar. */
export function VacationTab({ month }: { month: string }) {
  const client = useQueryClient();
  const mine = useQuery({ queryKey: accountKeys.vacations('mine'), queryFn: () => accountApi.vacations('mine') });
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  return (
    <Stack gap="md" pt="md">
      <RequestForm onSent={() => void client.invalidateQueries({ queryKey: ['account'] })} />
      <Group justify="space-between">
        <Title order={5}>Vacation requests</Title>
        {mine.data?.can_see_all ? (
          <SegmentedControl
            size="xs"
            value={scope}
            onChange={(v) => setScope(v as 'mine')}
            data={[
              { value: 'mine', label: 'Mine' },
              { value: 'all', label: 'Everyone' },
            ]}
            data-testid="vacation-scope"
          />
        ) : null}
      </Group>
      <Requests scope={scope} />
      <DepartmentCalendar month={month} />
    </Stack>
  );
}
