import { SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  DRIVE_TYPES,
  EMPTY_TRUCK_ROAD,
  TruckRoadFormSchema,
  type TruckRoadRow,
} from '@backhaul/shared/modules/truck-road/truck-road.contract';
import { Badge, Button, Checkbox, Group, Text } from '@mantine/core';
import { IconMail, IconRefresh, IconTruck, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { hasToken } from '../../platform/auth-store';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { DateField } from '../../platform/forms/date-field';
import { RecordDialog } from '../../platform/record/record-dialog';
import { truckRoadApi } from './truck-road.api';
import { TruckRoadReportView } from './truck-road-report';
import { TruckRoadSendDialog } from './truck-road-send';

/** The date colours the list paints (truck-road.list.ts): today none. */
const DAY_LEGEND = [
  { color: 'rgba(134, 142, 150, 0.16)', label: 'A past day' },
  { color: 'rgba(34, 139, 230, 0.16)', label: 'A coming day' },
];

/**
 * Shop → Trucks on the road. Opened from the report mail's signed link (company, date, expires,
 * signature in the URL) without a session, it shows that day read-only; everything else needs one.
 */
export function TruckRoadPage() {
  const [params] = useSearchParams();
  const signature = params.get('signature');
  if (signature && !hasToken()) {
    const [company, date, expires] = ['company', 'date', 'expires'].map((k) => params.get(k) ?? '');
    return (
      <TruckRoadReportView company={company ?? ''} date={date ?? ''} expires={expires ?? ''} signature={signature} />
    );
  }
  return <TruckRoadBoard />;
}

const dayOf = (filters: string | null) => {
  try {
    return (JSON.parse(filters ?? '{}') as { date?: { from?: string } }).date?.from ?? null;
  } catch {
    return null;
  }
};

function TruckRoadBoard() {
  const [params, setParams] = useSearchParams();
  const day = dayOf(params.get('f')) ?? nowInCompanyTimeZone().date;
  const [editing, setEditing] = useState<TruckRoadRow | null>(null);
  const [sending, setSending] = useState(false);
  const registry = useRegistryActions<TruckRoadRow>({
    section: SECTION.TrucksOnTheRoad,
    rowId: (r) => r.id,
    deleteUrl: truckRoadApi.deleteUrl,
    describe: (id) => `row #${id}`,
    deleteMessages: 'server',
  });
  const setDay = (date: string) =>
    setParams((p) => {
      p.set('f', JSON.stringify({ date: { from: date, to: date } }));
      p.delete('page');
      return p;
    });
  const run = (action: 'generate' | 'refresh' | 'updateTrucks') => async () => {
    showAlert('success', (await truckRoadApi[action](day)).message);
    registry.refresh();
  };
  const approve = (r: TruckRoadRow, field: 'dispatcher_approved' | 'shop_approved') => (
    <Checkbox
      aria-label={`${field === 'shop_approved' ? 'Shop' : 'Dispatcher'} approved, truck ${r.truck}`}
      checked={r[field]}
      onChange={async (e) => {
        await truckRoadApi.approve(r.id, field, e.currentTarget.checked);
        registry.refresh();
      }}
    />
  );
  const actions = registry.actions.map((a) =>
    a.id === 'edit' ? { ...a, onClick: (r: TruckRoadRow) => setEditing(r) } : a,
  );
  const aside = (
    <Group gap="xs">
      <DateField aria-label="Day" value={day} onChange={(v) => v && setDay(v)} w={150} />
      <Button variant="default" leftSection={<IconWand size={16} />} onClick={run('generate')}>
        Generate
      </Button>
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={run('refresh')}>
        Refresh
      </Button>
      <Button variant="default" leftSection={<IconTruck size={16} />} onClick={run('updateTrucks')}>
        Update trucks
      </Button>
      <Button leftSection={<IconMail size={16} />} onClick={() => setSending(true)}>
        Send
      </Button>
    </Group>
  );
  return (
    <RegistryPage testId="truck-road-page" title="Trucks on the road" aside={aside}>
      <DataTable<TruckRoadRow>
        url="/truck-road/list"
        listKey="truck-road"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        legend={DAY_LEGEND}
        toolbar={{ ...registry.toolbar, create: () => setEditing({ date: day } as TruckRoadRow) }}
        onOpen={setEditing}
        widths={{ out_of_service: 150 }}
        cells={{
          drive_type_id: (r) => <Text size="sm">{DRIVE_TYPES[r.drive_type_id as keyof typeof DRIVE_TYPES]}</Text>,
          out_of_service: (r) =>
            r.out_of_service ? (
              <Badge color="red" variant="light">
                Out of service
              </Badge>
            ) : (
              <Badge color="teal" variant="light">
                Running
              </Badge>
            ),
          dispatcher_approved: (r) => approve(r, 'dispatcher_approved'),
          shop_approved: (r) => approve(r, 'shop_approved'),
        }}
        actions={actions}
      />
      <RecordDialog
        api={truckRoadApi.forRow(editing?.id ? editing : null)}
        schema={TruckRoadFormSchema}
        empty={{ ...EMPTY_TRUCK_ROAD, date: editing?.date ?? day, truck_id: null } as Record<string, unknown>}
        recordOf={(d) => d.row ?? null}
        title={{ create: 'Add a truck to the day', edit: `Truck ${editing?.truck ?? ''} on ${editing?.date ?? ''}` }}
        section={SECTION.TrucksOnTheRoad}
        id={editing?.id ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={registry.refresh}
        cols={2}
        testId="truck-road-dialog"
      />
      <TruckRoadSendDialog date={day} opened={sending} onClose={() => setSending(false)} />
      {registry.dialogs}
    </RegistryPage>
  );
}
