import { ACTION, SECTION } from '@backhaul/shared';
import {
  ELD_BASE,
  ELD_MILES_IMPORT,
  type EldMilesRow,
  ODOMETER_IMPORT,
  type OdometerReading,
} from '@backhaul/shared/modules/eld/eld.contract';
import { Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { RegistryPage } from '../../platform/data-table/use-registry-actions';
import { ImportDialog } from '../../platform/import/import-dialog';

type Tab = 'miles' | 'odometer';

/**
 * Accounting → ELD (issue 30): the ELD provider's jurisdiction-miles report (the IFTA return's miles
 * where a truck has them) and its odometer readings, each imported from CSV or XLSX; the odometer
 * tab lists every reading (fuel, ELD, work orders, typed) with the flagged ones' reasons.
 */
export function EldPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'odometer' ? 'odometer' : 'miles';
  const select = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === 'odometer') next.set('tab', value);
    else next.delete('tab');
    setParams(next, { replace: true });
  };
  const mayImport = allowsButton(usePermissionTree(), { section: SECTION.Fuel, ids: [ACTION.CREATE] });
  const [importing, setImporting] = useState<Tab | null>(null);
  const [saved, setSaved] = useState(0);
  const toolbar = (which: Tab) => ({ export: true, ...(mayImport ? { upload: () => setImporting(which) } : {}) });
  return (
    <RegistryPage testId="eld-page" title="ELD">
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="miles" data-testid="tab-eld-miles">
            Jurisdiction miles
          </Tabs.Tab>
          <Tabs.Tab value="odometer" data-testid="tab-eld-odometer">
            Odometer readings
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="miles" pt="sm">
          <Text size="xs" c="dimmed" mb={4}>
            Miles per truck, day and jurisdiction from the ELD provider's IFTA report (Unit, Date, Jurisdiction, Miles).
            A day imported again takes the newer figure.
          </Text>
          <DataTable<EldMilesRow>
            url={`${ELD_BASE}/miles/list`}
            listKey="eld-miles"
            rowId={(r) => r.id}
            refreshKey={saved}
            toolbar={toolbar('miles')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="odometer" pt="sm">
          <Text size="xs" c="dimmed" mb={4}>
            Every truck's readings: fuel purchases, ELD exports (Unit, Date/time, Odometer), work-order check-ins and
            typed ones. A reading that goes back, or jumps more than 800 miles a day, is flagged and does not move the
            odometer.
          </Text>
          <DataTable<OdometerReading>
            url={`${ELD_BASE}/odometer/list`}
            listKey="odometer-readings"
            rowId={(r) => r.id}
            refreshKey={saved}
            toolbar={toolbar('odometer')}
          />
        </Tabs.Panel>
      </Tabs>
      <ImportDialog
        definition={ELD_MILES_IMPORT}
        base={`${ELD_BASE}/miles`}
        title="ELD jurisdiction miles"
        testId="eld-miles-import"
        opened={importing === 'miles'}
        onClose={() => setImporting(null)}
        onSaved={() => setSaved((n) => n + 1)}
      />
      <ImportDialog
        definition={ODOMETER_IMPORT}
        base={`${ELD_BASE}/odometer`}
        title="Odometer readings"
        testId="eld-odometer-import"
        opened={importing === 'odometer'}
        onClose={() => setImporting(null)}
        onSaved={() => setSaved((n) => n + 1)}
      />
    </RegistryPage>
  );
}
