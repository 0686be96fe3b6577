import { ACTION, LIST_DEFAULT_PAGE_SIZE, SECTION } from '@backhaul/shared';
import { formatMiles, formatMoney } from '@backhaul/shared/formats/formats';
import { TRIPS_DEFAULT_WEEKS, type TripListRow } from '@backhaul/shared/modules/trips/trips.contract';
import { ActionIcon, Badge, Button, Group, Loader, Menu, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconDownload,
  IconEye,
  IconLayoutSidebarRight,
  IconPencil,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { DataTable } from '../../platform/data-table/data-table';
import { readListState } from '../../platform/data-table/list-state';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { downloadLink } from '../../platform/services/download';
import { useLiveUpdates } from '../../platform/services/use-live-updates';
import { TripDetailDrawer } from './trip-detail';
import { TripDialog } from './trip-dialog';
import { exportTrips, loadTrip } from './trips.api';

const LIST_URL = '/trips/list';
/** The trip cell holds its chevron and its badges. */
const TRIP_WIDTHS = { trip_id: 150 };
/** The panel of an opened trip: a header line and a row per load. */
const expandedHeight = (r: TripListRow) => 44 + 36 * Math.max(1, r.trip_loads);

/** The loads of an expanded trip, with their stops (GET /trips/:id). */
function TripLoads({ tripId }: { tripId: number }) {
  const { data } = useQuery({ queryKey: ['trip', tripId], queryFn: () => loadTrip(tripId) });
  if (!data) return <Loader size="xs" />;
  return (
    <Stack gap={4} data-testid={`trip-loads-${tripId}`}>
      <Text size="xs" c="dimmed">
        Trip #{data.trip_id} · truck {data.truck ?? '—'} · trailer {data.trailer ?? '—'} · driver {data.driver ?? '—'} ·{' '}
        {data.customer ?? '—'} · {data.dispatcher ?? '—'}
        {data.connections.length ? ` · connected to ${data.connections.map((c) => `#${c.trip_id}`).join(', ')}` : ''}
      </Text>
      <Table withRowBorders verticalSpacing={2} fz="xs">
        <Table.Tbody>
          {data.loads.map((l) => (
            <Table.Tr key={l.load_id}>
              <Table.Td w={70}>#{l.load_id}</Table.Td>
              <Table.Td>
                {[...l.locations_pickup, ...l.locations_delivery]
                  .map((s) => `${s.type === 1 ? 'PU' : 'DEL'} ${s.city}, ${s.state} ${s.at ?? ''}`)
                  .join('  →  ')}
              </Table.Td>
              <Table.Td w={160}>{l.broker_name ?? '—'}</Table.Td>
              <Table.Td w={90} ta="right">
                {formatMoney(l.gross)}
              </Table.Td>
              <Table.Td w={150} ta="right">
                {formatMiles(l.mileage_loaded)} + {formatMiles(l.mileage_empty)} empty
              </Table.Td>
              <Table.Td w={90}>
                <Badge size="xs" variant="light" color={l.ppw ? 'teal' : 'gray'}>
                  {l.ppw ? 'PPW exist' : 'no PPW'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {data.notes_rows
        .filter((n) => n.status === 'new' || n.status === 'edit')
        .map((n) => (
          <Text key={n.id} size="xs" c="yellow" data-testid="trip-note-new">
            {n.status}: {n.text}
          </Text>
        ))}
    </Stack>
  );
}

/** Dispatch → Trips: loads of the default 4-week delivery window, a trip row opens to its loads. */
export function TripsPage() {
  const tree = usePermissionTree();
  const may = (id: number) => allowsButton(tree, { section: SECTION.Trips, ids: [id] });
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<{ id: number | null } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const client = useQueryClient();

  // Another dispatcher's change shows without a reload (platform live bus, topic 'trips').
  useLiveUpdates(['trips'], (change) => {
    void client.invalidateQueries({ queryKey: ['list', LIST_URL] });
    void client.invalidateQueries({ queryKey: ['trip', Number(change.id)] });
  });

  const toggle = (loadId: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(loadId)) next.delete(loadId);
      else next.add(loadId);
      return next;
    });

  // The detail view lives in the URL (?trip=&load=): a row click and the global search open it.
  const detailTrip = Number(params.get('trip')) || null;
  const detailLoad = Number(params.get('load')) || null;
  const openDetail = (tripId: number | null, loadId: number | null = null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (tripId === null) {
          next.delete('trip');
          next.delete('load');
        } else {
          next.set('trip', String(tripId));
          if (loadId === null) next.delete('load');
          else next.set('load', String(loadId));
        }
        return next;
      },
      { replace: tripId === null },
    );

  const state = readListState(params);

  const runExport = async (fileType: number) => {
    const res = await exportTrips(fileType, {
      filters: state.filters,
      search: state.search,
      sort: state.sort,
      order: fileType === 0 || fileType > 5 ? null : state.order,
      ...(fileType === 0 ? { weeks: TRIPS_DEFAULT_WEEKS, type: 'graph' } : {}),
    });
    if (res.link) downloadLink(res.link);
    else showAlert('info', 'The export is being prepared; it will be in your files when it is ready.');
  };

  const toolbarButtons = (
    <>
      {may(ACTION.EXPORT) && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} data-testid="trips-export">
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => runExport(5)} data-testid="export-trips">
              Trips (xlsx)
            </Menu.Item>
            <Menu.Item onClick={() => runExport(4)} data-testid="export-loads">
              Loads (xlsx)
            </Menu.Item>
            <Menu.Item onClick={() => runExport(0)} data-testid="export-file">
              Trips file ({TRIPS_DEFAULT_WEEKS} weeks)
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {may(ACTION.CREATE_EDIT_TRIP) && (
        <Button size="xs" onClick={() => setDialog({ id: null })} data-testid="trip-create">
          New trip
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="sm" data-testid="trips-page">
      <Title order={2}>Trips</Title>
      <DataTable<TripListRow>
        url={LIST_URL}
        listKey="trips"
        defaultLimit={LIST_DEFAULT_PAGE_SIZE}
        rowId={(r) => r.load_id}
        onOpen={(r) => openDetail(r.trip_id, r.load_id)}
        widths={TRIP_WIDTHS}
        refreshKey={refreshKey}
        // The page's buttons join the table's toolbar: one tab stop between the search and the rows.
        toolbar={{ extra: toolbarButtons }}
        expansion={{
          height: expandedHeight,
          // The trip opens under the row it was opened from.
          isOpen: (r) => open.has(r.load_id),
          render: (r) => <TripLoads tripId={r.trip_id} />,
        }}
        cells={{
          trip_id: (r) => (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                size="xs"
                variant="subtle"
                aria-label={open.has(r.load_id) ? 'Collapse trip' : 'Expand trip'}
                onClick={() => toggle(r.load_id)}
                data-testid={`expand-${r.trip_id}`}
              >
                {open.has(r.load_id) ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              </ActionIcon>
              <Text size="sm">{r.trip_id}</Text>
              {r.trip_loads > 1 && (
                <Badge size="xs" variant="light">
                  {r.trip_loads}
                </Badge>
              )}
              {r.trip_highlight && (
                <Badge size="xs" color="yellow" variant="dot" title="New notes">
                  new
                </Badge>
              )}
            </Group>
          ),
          ppw_url: (r) => (
            <Badge size="sm" variant="light" color={r.ppw_url === 'PPW exist' ? 'teal' : 'gray'}>
              {r.ppw_url}
            </Badge>
          ),
        }}
        actions={[
          {
            id: 'details',
            label: 'Details',
            hint: 'Stops, documents, billing, payments and history',
            primary: true,
            icon: <IconLayoutSidebarRight size={16} />,
            permission: { section: SECTION.Trips, ids: [ACTION.VIEW, ACTION.CREATE_EDIT_TRIP] },
            onClick: (r) => openDetail(r.trip_id, r.load_id),
          },
          {
            id: 'edit',
            primary: true,
            label: may(ACTION.CREATE_EDIT_TRIP) ? 'Edit trip' : 'View trip',
            icon: may(ACTION.CREATE_EDIT_TRIP) ? <IconPencil size={16} /> : <IconEye size={16} />,
            permission: { section: SECTION.Trips, ids: [ACTION.CREATE_EDIT_TRIP, ACTION.VIEW] },
            onClick: (r) => setDialog({ id: r.trip_id }),
          },
        ]}
      />
      <TripDetailDrawer
        tripId={detailTrip}
        loadId={detailLoad}
        onClose={() => openDetail(null)}
        {...(may(ACTION.CREATE_EDIT_TRIP) ? { onEdit: (id: number) => setDialog({ id }) } : {})}
      />
      <TripDialog
        tripId={dialog?.id ?? null}
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setRefreshKey((k) => k + 1);
          void client.invalidateQueries({ queryKey: ['trip'] });
          void client.invalidateQueries({ queryKey: ['trip-detail'] });
        }}
      />
    </Stack>
  );
}
