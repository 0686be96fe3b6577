import { SECTION } from '@backhaul/shared';
import type { TrailerListRow } from '@backhaul/shared/modules/trailers/trailers.contract';
import { Badge, Text } from '@mantine/core';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { DescriptionCell, unitCells } from '../units';
import { TrailerDialog } from './trailer-dialog';
import { retireTrailer, trailersApi } from './trailers.api';

/** Maintenance → Trailers: list (reefer PM in "hh"), create, edit (9) or view (10), delete (11), history. */
export function TrailersPage() {
  const registry = useRegistryActions<TrailerListRow>({
    section: SECTION.Trailers,
    rowId: (r) => r.id,
    deleteUrl: trailersApi.deleteUrl,
    describe: (id) => `trailer #${id}`,
    changeLog: { url: '/trailers/filterLogs', title: (r) => `Actions history: trailer ${r?.trailer_number ?? ''}` },
    deactivate: { update: retireTrailer, as: 'Left company' },
  });

  return (
    <RegistryPage testId="trailers-page" title="Trailers">
      <DataTable<TrailerListRow>
        url="/trailers/list"
        listKey="trailers"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        cells={{
          ...unitCells<TrailerListRow>({ reefer: (r) => r.reefer }),
          trailer_type: (r) => (
            <Text span size="sm" c={r.reefer ? 'cyan.4' : undefined}>
              {r.trailer_type}
            </Text>
          ),
          status: (r) => (
            <Badge size="sm" variant="light" color={r.status === 'Free' ? 'gray' : 'teal'}>
              {r.status}
            </Badge>
          ),
          description: (r) => <DescriptionCell prefix="/trailers" id={r.id} count={r.description} />,
        }}
        actions={registry.actions}
      />
      <TrailerDialog {...registry.dialog} />
      {registry.dialogs}
    </RegistryPage>
  );
}
