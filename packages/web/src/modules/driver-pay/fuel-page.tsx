import { SECTION } from '@backhaul/shared';
import { FUEL_IMPORT, type FuelRow } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { ImportDialog } from '../../platform/import/import-dialog';
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

/** Accounting → Fuel: fuel-card purchases, the card export's import, edit and delete (shown to everyone, 001 §6). */
export function FuelPage() {
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
      <DataTable<FuelRow>
        url="/fuel/list"
        listKey="fuel"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        actions={registry.actions}
      />
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
