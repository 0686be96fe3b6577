import { SECTION } from '@backhaul/shared';
import { TRUCK_STATUS_LABELS, type TruckListRow } from '@backhaul/shared/modules/trucks/trucks.contract';
import { Badge } from '@mantine/core';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { unitCells } from '../units';
import { TruckDialog } from './truck-dialog';
import { retireTruck, trucksApi } from './trucks.api';

const STATUS_COLOR: Record<string, string> = {
  on_road: 'teal',
  in_shop: 'orange',
  waiting: 'blue',
  out_of_service: 'red',
};

/** Maintenance → Trucks: list with service filters, create, edit (9) or view (10), delete (11), history. */
export function TrucksPage() {
  const registry = useRegistryActions<TruckListRow>({
    section: SECTION.Trucks,
    rowId: (r) => r.id,
    deleteUrl: trucksApi.deleteUrl,
    describe: (id) => `truck #${id}`,
    changeLog: { url: '/trucks/filterLogs', title: (r) => `Actions history: truck ${r?.truck_number ?? ''}` },
    deactivate: { update: retireTruck, as: 'Left company' },
  });

  return (
    <RegistryPage testId="trucks-page" title="Trucks">
      <DataTable<TruckListRow>
        url="/trucks/list"
        listKey="trucks"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        cells={{
          ...unitCells<TruckListRow>(),
          truck_status: (r) =>
            r.truck_status ? (
              <Badge size="sm" variant="light" color={STATUS_COLOR[r.truck_status] ?? 'gray'}>
                {TRUCK_STATUS_LABELS[r.truck_status as keyof typeof TRUCK_STATUS_LABELS] ?? r.truck_status}
              </Badge>
            ) : null,
        }}
        actions={registry.actions}
      />
      <TruckDialog {...registry.dialog} />
      {registry.dialogs}
    </RegistryPage>
  );
}
