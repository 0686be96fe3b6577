import { SECTION } from '@backhaul/shared';
import { formatMilliPercent, formatPhone } from '@backhaul/shared/formats/formats';
import type { FactoringRow } from '@backhaul/shared/modules/factoring/factoring.contract';
import { Text } from '@mantine/core';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { factoringApi } from './factoring.api';
import { FactoringDialog } from './factoring-dialog';

/** Maintenance → Factoring companies (59): list, create, edit (9) or view (10, read-only), delete (11). */
export function FactoringPage() {
  const registry = useRegistryActions<FactoringRow>({
    section: SECTION.FactoringCompanies,
    rowId: (r) => r.id,
    deleteUrl: factoringApi.deleteUrl,
    describe: (id) => `factoring company #${id}`,
  });

  return (
    <RegistryPage testId="factoring-page" title="Factoring companies">
      <DataTable<FactoringRow>
        url="/factoring/list"
        listKey="factoring"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        cells={{
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          fax: (r) => <Text size="sm">{formatPhone(r.fax)}</Text>,
          percent: (r) => <Text size="sm">{formatMilliPercent(Math.round(r.percent * 1000))}</Text>,
        }}
        actions={registry.actions}
      />
      <FactoringDialog {...registry.dialog} />
      {registry.dialogs}
    </RegistryPage>
  );
}
