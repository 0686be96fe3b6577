import { formatDateTime, formatMiles, formatMoney } from '@backhaul/shared/formats/formats';
import {
  isPpwType,
  type LoadDetail,
  PPW_TYPES,
  type TripDetailView,
} from '@backhaul/shared/modules/trips/trips.contract';
import {
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconFile, IconMapPin, IconPencil, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api-client';
import { downloadLink, openPreview } from '../../platform/services/download';

export const loadTripDetailView = (id: number) => api.get<TripDetailView>(`/trips/${id}/detail`);

const STOP = { 1: 'Pick up', 2: 'Delivery' } as const;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </Stack>
  );
}

/** Every stop of the trip, load by load, on one timeline in route order. */
function StopsTimeline({ loads, focus }: { loads: LoadDetail[]; focus: number | null }) {
  const stops = loads.flatMap((l) =>
    [...l.locations_pickup, ...l.locations_delivery].map((s, i) => ({
      ...s,
      load: l.load_id,
      key: `${l.load_id}-${i}`,
    })),
  );
  return (
    <Timeline bulletSize={22} lineWidth={2} active={stops.length} data-testid="trip-timeline">
      {stops.map((s) => (
        <Timeline.Item
          key={s.key}
          bullet={s.type === 1 ? <IconTruckDelivery size={13} /> : <IconMapPin size={13} />}
          color={s.type === 1 ? 'teal' : 'orange'}
          title={
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {s.city}, {s.state}
              </Text>
              <Badge size="xs" variant="light" color={s.type === 1 ? 'teal' : 'orange'}>
                {STOP[s.type as 1 | 2] ?? 'Stop'}
              </Badge>
              <Badge size="xs" variant={focus === s.load ? 'filled' : 'outline'} color="gray">
                Load #{s.load}
              </Badge>
            </Group>
          }
        >
          <Text size="xs" c="dimmed">
            {[formatDateTime(s.at), s.address, s.zip].filter(Boolean).join(' · ') || 'No time set'}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function Money({ view }: { view: TripDetailView }) {
  const loads = new Map(view.trip.loads.map((l) => [l.load_id, l]));
  return (
    <Stack gap="sm">
      <Table withTableBorder verticalSpacing={4} fz="sm" data-testid="trip-money">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Load</Table.Th>
            <Table.Th ta="right">Gross</Table.Th>
            <Table.Th>PPW</Table.Th>
            <Table.Th>Billing</Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th ta="right">Due</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.money.map((m) => (
            <Table.Tr key={m.load_id}>
              <Table.Td>#{m.load_id}</Table.Td>
              <Table.Td ta="right">{formatMoney(loads.get(m.load_id)?.gross)}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={m.ppw ? 'teal' : 'gray'}>
                  {m.ppw ? 'PPW exist' : 'No PPW'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={m.billing ? 'teal' : 'gray'}>
                  {m.billing ? 'Billed' : 'Not billed'}
                </Badge>
              </Table.Td>
              <Table.Td>
                {m.invoice ? (
                  <Text size="sm">
                    #{m.invoice.id} · {m.invoice.status} · {m.invoice.from} → {m.invoice.to}
                    {m.invoice.sent_at ? ` · sent ${formatDateTime(m.invoice.sent_at)}` : ' · not sent'}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    Not invoiced
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{m.invoice ? formatMoney(m.invoice.due) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={5}>Payments received</Title>
      {view.payments.length ? (
        <Table withTableBorder verticalSpacing={4} fz="sm" data-testid="trip-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Invoice</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.payments.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.paid_on}</Table.Td>
                <Table.Td>#{p.invoice_id}</Table.Td>
                <Table.Td>{p.method}</Table.Td>
                <Table.Td ta="right">{formatMoney(p.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed" data-testid="trip-payments-none">
          No payment received on these loads' invoices yet.
        </Text>
      )}
    </Stack>
  );
}

const ENTITY: Record<string, string> = {
  trip: 'Trip',
  load: 'Load',
  trip_note: 'Note',
  trip_connection: 'Connection',
};

function History({ view }: { view: TripDetailView }) {
  if (!view.history.length) return <Text c="dimmed">No change recorded.</Text>;
  return (
    <Table verticalSpacing={4} fz="sm" data-testid="trip-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={150}>When</Table.Th>
          <Table.Th>Who</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th>Fields</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {view.history.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: audit rows may share every field shown
          <Table.Tr key={i}>
            <Table.Td>{formatDateTime(h.at)}</Table.Td>
            <Table.Td>{h.user ?? 'System'}</Table.Td>
            <Table.Td>
              {ENTITY[h.entity] ?? h.entity} #{h.entity_id} {h.action}
            </Table.Td>
            <Table.Td>
              <Text size="xs" c="dimmed">
                {h.fields.join(', ')}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The trip and load detail view (a drawer over the trips list, reachable from a row click and
 * from the global search): stops on a timeline, documents, billing and invoice status, payments
 * received, and the change history from the audit table.
 */
export function TripDetailDrawer(props: {
  tripId: number | null;
  loadId: number | null;
  onClose: () => void;
  onEdit?: (tripId: number) => void;
}) {
  const { tripId } = props;
  const query = useQuery({
    queryKey: ['trip-detail', tripId],
    queryFn: () => loadTripDetailView(tripId as number),
    enabled: tripId !== null,
  });
  const view = query.data;
  const trip = view?.trip;
  const gross = trip?.loads.reduce((s, l) => s + l.gross, 0) ?? 0;
  const miles = trip?.loads.reduce((s, l) => s + l.mileage_loaded + l.mileage_empty, 0) ?? 0;
  return (
    <Drawer
      opened={tripId !== null}
      onClose={props.onClose}
      position="right"
      size="xl"
      title={
        <Group gap="sm">
          <Title order={3}>Trip #{tripId}</Title>
          {props.loadId !== null && <Badge variant="light">Load #{props.loadId}</Badge>}
        </Group>
      }
      data-testid="trip-detail"
    >
      {!trip || !view ? (
        <Stack data-testid="trip-detail-loading">
          <Skeleton height={60} />
          <Skeleton height={200} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Paper withBorder p="sm" radius="md">
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Field label="Customer">{trip.customer}</Field>
              <Field label="Dispatcher">{trip.dispatcher}</Field>
              <Field label="Driver">{trip.driver}</Field>
              <Field label="Truck / trailer">{[trip.truck, trip.trailer].filter(Boolean).join(' / ')}</Field>
              <Field label="Loads">{trip.loads.length}</Field>
              <Field label="Gross">{formatMoney(gross)}</Field>
              <Field label="Miles">{formatMiles(miles)}</Field>
              <Field label="Created">{formatDateTime(trip.created_at)}</Field>
            </SimpleGrid>
            {props.onEdit && (
              <Group justify="flex-end" mt="xs">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => props.onEdit?.(trip.trip_id)}
                  data-testid="trip-detail-edit"
                >
                  Edit trip
                </Button>
              </Group>
            )}
          </Paper>
          <Tabs defaultValue="route" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="route">Route</Tabs.Tab>
              <Tabs.Tab value="documents">Documents ({trip.files.length})</Tabs.Tab>
              <Tabs.Tab value="money">Billing and payments</Tabs.Tab>
              <Tabs.Tab value="history">History ({view.history.length})</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="route" pt="md">
              <StopsTimeline loads={trip.loads} focus={props.loadId} />
              <Divider my="sm" />
              {trip.loads.map((l) => (
                <Text key={l.load_id} size="sm" c={props.loadId === l.load_id ? undefined : 'dimmed'}>
                  Load #{l.load_id} · {l.broker_name ?? 'no broker'} · Broker # {l.broker_number || '—'} · BOL{' '}
                  {l.bol || '—'} · {formatMoney(l.gross)} · {formatMiles(l.mileage_loaded)} loaded
                </Text>
              ))}
            </Tabs.Panel>
            <Tabs.Panel value="documents" pt="md">
              {trip.files.length ? (
                <Stack gap={4} data-testid="trip-files">
                  {trip.files.map((f) => (
                    <Group key={f.id} gap="xs">
                      <IconFile size={16} />
                      <Anchor
                        size="sm"
                        onClick={() => (f.preview_url ? openPreview(f.preview_url) : downloadLink(f.url))}
                      >
                        {f.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {[
                          f.category,
                          f.type ? (isPpwType(f.type) ? PPW_TYPES[f.type] : f.type) : null,
                          f.load_id ? `load #${f.load_id}` : null,
                          formatDateTime(f.created_at),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              ) : (
                <Text c="dimmed">No document on this trip yet.</Text>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="money" pt="md">
              <Money view={view} />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="md">
              <History view={view} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Drawer>
  );
}
