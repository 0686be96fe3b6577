import { ACTION, SECTION } from '@backhaul/shared';
import { formatMoney, nowInCompanyTimeZone, pluralize } from '@backhaul/shared/formats/formats';
import * as C from '@backhaul/shared/modules/driver-pay/scheduled-payments.contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  Radio,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { MonthGrid } from '../../platform/calendar/month-grid';
import { DataTable, type Row } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { recordPath } from '../../platform/links';
import { RecordDialog } from '../../platform/record/record-dialog';
import { destroyScheduled, loadScheduledDay, scheduledApi, scheduledKeys } from './scheduled-payments.api';

const S = SECTION.ScheduledPayments;
const EMPTY = {
  driver_id: null,
  customer_id: null,
  payment_type: 'deduction',
  frequency: 'weekly',
  amount: '',
  start_date: '',
  count: '',
  description: '',
};
const money = (v: number) => (
  <Text size="sm" ta="right" c={v < 0 ? 'red.4' : 'green.4'} style={{ whiteSpace: 'nowrap' }}>
    {v < 0 ? '−' : ''}
    {formatMoney(Math.abs(v))}
  </Text>
);

type Editing = { id: number | null; date?: string } | null;

/**
 * Accounting → Scheduled payments (002 §6: a calendar with a list per date): drivers' recurring
 * deductions and credits. A day shows its payments; each opens its series, or leaves it (this
 * payment only, or the whole series) behind a confirmation. The list tab shows every series.
 */
export function ScheduledPaymentsPage() {
  const tree = usePermissionTree();
  const may = (id: number) => allowsButton(tree, { section: S, ids: [id] });
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const today = nowInCompanyTimeZone().date;
  const date = params.get('date') ?? today;
  const driverId = params.get('driver') ? Number(params.get('driver')) : null;
  const tab = params.get('tab') ?? 'calendar';
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<C.Instalment | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  const day = useQuery({
    queryKey: scheduledKeys.list('day', date, driverId),
    queryFn: () => loadScheduledDay(date, driverId),
  });
  const options = useQuery({
    queryKey: scheduledKeys.form(null),
    queryFn: () => scheduledApi().load(null),
    enabled: may(ACTION.CREATE),
  });
  const drivers = ((options.data as { drivers?: { value: number; label: string }[] } | undefined)?.drivers ?? []).map(
    (d) => ({ value: String(d.value), label: d.label }),
  );
  const dialogApi = useMemo(() => scheduledApi(editing?.date), [editing?.date]);
  const byDay = new Map((day.data?.days ?? []).map((d) => [d.date, d]));
  const refresh = async () => {
    setRefreshKey((k) => k + 1);
    await queryClient.invalidateQueries({ queryKey: scheduledKeys.all });
  };

  return (
    <Stack gap="sm" data-testid="scheduled-payments-page">
      <Group justify="space-between">
        <Title order={2}>Scheduled payments</Title>
        <Group gap="xs">
          {drivers.length ? (
            <Select
              placeholder="All drivers"
              aria-label="Driver"
              data={drivers}
              value={driverId ? String(driverId) : null}
              onChange={(v) => set({ driver: v })}
              searchable
              clearable
              w={240}
            />
          ) : null}
          {may(ACTION.CREATE) && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ id: null })}>
              New scheduled payment
            </Button>
          )}
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => set({ tab: v === 'calendar' ? null : v })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="calendar">Calendar</Tabs.Tab>
          <Tabs.Tab value="list">All series</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="calendar" pt="sm">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, xl: 6 }}>
              <MonthGrid
                month={date.slice(0, 7)}
                onMonth={(m) => set({ date: m === today.slice(0, 7) ? today : `${m}-01` })}
                selected={date}
                onSelect={(d) => set({ date: d })}
                cellHeight={78}
                aside={
                  <Text size="sm" c="dimmed" data-testid="month-count">
                    {pluralize(
                      (day.data?.days ?? []).reduce((s, d) => s + d.count, 0),
                      'payment',
                    )}{' '}
                    this month
                  </Text>
                }
                renderDay={(d) => {
                  const cell = byDay.get(d);
                  if (!cell) return null;
                  return (
                    <Stack gap={0} mt={2} style={{ whiteSpace: 'nowrap' }}>
                      <Text size="xs" c="blue.3" fw={600}>
                        {cell.count} due
                      </Text>
                      {cell.deductions > 0 && (
                        <Text size="xs" c="red.4">
                          −{formatMoney(cell.deductions)}
                        </Text>
                      )}
                      {cell.credits > 0 && (
                        <Text size="xs" c="green.4">
                          +{formatMoney(cell.credits)}
                        </Text>
                      )}
                    </Stack>
                  );
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xl: 6 }}>
              <DayList
                date={date}
                rows={day.data?.rows}
                total={day.data?.total ?? 0}
                loading={day.isLoading}
                canEdit={may(ACTION.EDIT) || may(ACTION.VIEW)}
                canDelete={may(ACTION.DELETE)}
                onEdit={(r) => setEditing({ id: r.scheduled_payment_id, date: r.date })}
                onDelete={setDeleting}
              />
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="list" pt="sm">
          <DataTable<Row & { id: number; start_date: string; driver_id: number }>
            url="/scheduled-payments/list"
            listKey="scheduled-payments"
            rowId={(r) => r.id}
            refreshKey={refreshKey}
            toolbar={{ export: true }}
            onOpen={(r) => set({ tab: null, date: r.start_date, driver: String(r.driver_id) })}
            cells={{ payment_type: (r) => <TypeBadge type={String(r.payment_type)} /> }}
          />
        </Tabs.Panel>
      </Tabs>
      <RecordDialog
        api={dialogApi}
        id={editing?.id ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={refresh}
        schema={C.ScheduledPaymentFormSchema}
        empty={EMPTY}
        recordOf={(d) => (d as { item?: unknown }).item}
        title={{ create: 'New scheduled payment', edit: 'Edit scheduled payment', view: 'Scheduled payment' }}
        section={S}
        cols={2}
        testId="scheduled-dialog"
      >
        {({ data }) => {
          const i = (data as { instalment?: C.Instalment } | undefined)?.instalment;
          const taken = (data as { item?: { taken: number } } | undefined)?.item?.taken ?? 0;
          return i ? (
            <Paper withBorder p="xs" radius="sm" data-testid="instalment-note">
              <Text size="sm">
                Payment {i.schedule} due {i.date}
                {i.statement_id ? `, on driver statement #${i.statement_id}` : ', on no statement yet'}.
              </Text>
              {taken > 0 && (
                <Text size="xs" c="dimmed">
                  {C.SCHEDULED_MSG.taken}
                </Text>
              )}
            </Paper>
          ) : null;
        }}
      </RecordDialog>
      <DestroyDialog
        instalment={deleting}
        onClose={() => setDeleting(null)}
        onDone={async () => {
          setDeleting(null);
          await refresh();
        }}
      />
    </Stack>
  );
}

function TypeBadge({ type }: { type: string }) {
  const credit = type.toLowerCase() === 'credit';
  return (
    <Badge size="sm" variant="light" color={credit ? 'green' : 'red'}>
      {credit ? 'Credit' : 'Deduction'}
    </Badge>
  );
}

/** The payments due on the selected date. */
function DayList(props: {
  date: string;
  rows: C.Instalment[] | undefined;
  total: number;
  loading: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (r: C.Instalment) => void;
  onDelete: (r: C.Instalment) => void;
}) {
  const rows = props.rows ?? [];
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="day-list">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Payments due {props.date}</Text>
        {rows.length > 0 && (
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {pluralize(rows.length, 'payment')}, total
            </Text>
            {money(props.total)}
          </Group>
        )}
      </Group>
      {props.loading ? (
        <Stack gap={6}>
          {[0, 1, 2].map((k) => (
            <Skeleton key={k} h={28} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center" data-testid="day-empty">
          No payments are due on this date. Pick a day with payments in the calendar.
        </Text>
      ) : (
        <Table striped highlightOnHover verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Driver</Table.Th>
              <Table.Th>Payment</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Statement</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key} data-testid="day-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {r.driver}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {r.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.schedule}</Text>
                </Table.Td>
                <Table.Td>{money(r.amount)}</Table.Td>
                <Table.Td>
                  {r.statement_id ? (
                    <Anchor component={Link} to={recordPath('driver-statement', r.statement_id)} size="sm">
                      #{r.statement_id}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap" justify="flex-end">
                    {props.canEdit && (
                      <Tooltip label="Open the series">
                        <ActionIcon variant="subtle" aria-label="Open the series" onClick={() => props.onEdit(r)}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {props.canDelete && (
                      <Tooltip label="Delete">
                        <ActionIcon variant="subtle" color="red" aria-label="Delete" onClick={() => props.onDelete(r)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** Delete a payment: this one only, or the whole series (which ends after what statements took). */
function DestroyDialog(props: { instalment: C.Instalment | null; onClose: () => void; onDone: () => void }) {
  const [type, setType] = useState<C.DestroyType>('one');
  const [busy, setBusy] = useState(false);
  const i = props.instalment;
  const confirm = async () => {
    if (!i) return;
    setBusy(true);
    try {
      const done = await destroyScheduled(i.scheduled_payment_id, { payment_type: type, date: i.date });
      showAlert('success', done.message);
      setType('one');
      props.onDone();
    } catch {
      // The api client shows the server's message; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={i !== null} onClose={props.onClose} title="Delete scheduled payment" centered size="md">
      {i && (
        <Stack gap="sm">
          <Text size="sm" data-testid="confirm-text">
            {i.description} for {i.driver}: payment {i.schedule} of {formatMoney(Math.abs(i.amount))} due {i.date}.
          </Text>
          <Radio.Group value={type} onChange={(v) => setType(v as C.DestroyType)}>
            <Stack gap={6}>
              {Object.entries(C.DESTROY_TYPES).map(([value, label]) => (
                <Radio key={value} value={value} label={label} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={confirm} data-testid="confirm-delete">
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
