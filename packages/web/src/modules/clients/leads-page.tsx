import { ACTION, SECTION } from '@backhaul/shared';
import { formatPhone } from '@backhaul/shared/formats/formats';
import {
  LEAD_IMPORT,
  LEAD_PATHS,
  LEAD_TITLES,
  type LeadKind,
  type LeadRow,
} from '@backhaul/shared/modules/clients/clients.contract';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { ImportDialog } from '../../platform/import/import-dialog';
import { LeadDialog } from './lead-dialog';

const IMPORT_WIDTHS = {
  mc: 120,
  truck_quantity: 120,
  carrier: 200,
  contact: 150,
  phone: 160,
  email: 210,
  comment: 260,
};

/**
 * Potential clients and clients: one page for both kinds. Row edit and delete are shown to
 * everyone (001 §6); create and import need the Customers create grant (8), as on the server.
 */
function LeadsPage({ kind }: { kind: LeadKind }) {
  const base = `/${LEAD_PATHS[kind]}`;
  const title = LEAD_TITLES[kind];
  const [importing, setImporting] = useState(false);
  const canImport = allowsButton(usePermissionTree(), { section: SECTION.Customers, ids: [ACTION.CREATE] });
  // The section guards the create button only (guardRows false): the rows' buttons are everyone's.
  const registry = useRegistryActions<LeadRow>({
    section: SECTION.Customers,
    guardRows: false,
    rowId: (r) => r.id,
    deleteUrl: (id) => `${base}/${id}`,
    describe: (id) => `#${id}`,
    toolbar: { export: true, ...(canImport ? { upload: () => setImporting(true) } : {}) },
  });

  return (
    <RegistryPage testId={`leads-page-${kind}`} title={title}>
      <DataTable<LeadRow>
        url={`${base}/list`}
        listKey={LEAD_PATHS[kind]}
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        cells={{
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          email: (r) =>
            r.email ? (
              <Anchor size="sm" href={`mailto:${r.email}`} truncate>
                {r.email}
              </Anchor>
            ) : null,
        }}
        actions={registry.actions}
      />
      <LeadDialog
        kind={kind}
        id={registry.dialog.id}
        opened={registry.dialog.opened}
        onClose={registry.dialog.onClose}
        onSaved={registry.dialog.onSaved}
      />
      <ImportDialog
        definition={LEAD_IMPORT}
        widths={IMPORT_WIDTHS}
        testId="lead-import"
        base={base}
        title={title}
        opened={importing}
        onClose={() => setImporting(false)}
        onSaved={registry.refresh}
      />
      {registry.dialogs}
    </RegistryPage>
  );
}

export const PotentialClientsPage = () => <LeadsPage kind="potential" />;
export const ClientsPage = () => <LeadsPage kind="client" />;
