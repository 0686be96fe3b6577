import { SECTION } from '@backhaul/shared';
import { FUEL_IMPORT, type FuelRow } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { ImportDialog } from '../../platform/import/import-dialog';
import { IftaTab } from '../ifta';
import { FuelDialog } from './fuel-dialog';

const IMPORT_WIDTHS = {
  card: 110,
  fuel_date: 120,
  invoice: 120,
  truck_number: 100,
  driver: 170,
  location: 160,
  city: 130,
};

/**
 * Accounting → Fuel: fuel-card purchases, the card export's import, edit and delete (shown to everyone,
 * 001 §6); the IFTA quarterly report in a second tab (?tab=ifta).
 */
export function FuelPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'ifta' ? 'ifta' : 'fuel';
  const select = (value: string | null) => {
    if (!value) return;
    const next = new URLSearchParams(params);
    if (value === 'ifta') next.set('tab', value);
    else next.delete('tab');
    setParams(next, { replace: true });
  };
  const [importing, setImporting] = useState(false);
  const registry = useRegistryActions<FuelRow>({
    section: SECTION.Fuel,
    rowId: (r) => r.id,
    deleteUrl: (id) => `/fuel/${id}`,
    describe: (id) => `fuel row #${id}`,
    toolbar: { export: true, upload: () => setImporting(true) },
  });
  return (
    <RegistryPage testId="fuel-page" title="Fuel">
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="fuel" data-testid="tab-fuel">
            Fuel
          </Tabs.Tab>
          <Tabs.Tab value="ifta" data-testid="tab-ifta">
            IFTA
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fuel" pt="sm">
          <DataTable<FuelRow>
            url="/fuel/list"
            listKey="fuel"
            rowId={(r) => r.id}
            refreshKey={registry.refreshKey}
            toolbar={registry.toolbar}
            actions={registry.actions}
          />
        </Tabs.Panel>
        <Tabs.Panel value="ifta" pt="sm">
          <IftaTab />
        </Tabs.Panel>
      </Tabs>
      <FuelDialog
        id={registry.dialog.id}
        opened={registry.dialog.opened}
        onClose={registry.dialog.onClose}
        onSaved={registry.dialog.onSaved}
      />
      <ImportDialog
        definition={FUEL_IMPORT}
        widths={IMPORT_WIDTHS}
        testId="fuel-import"
        base="/fuel"
        title="Fuel"
        opened={importing}
        onClose={() => setImporting(false)}
        onSaved={registry.refresh}
      />
      {registry.dialogs}
    </RegistryPage>
  );
}
