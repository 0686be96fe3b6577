import { ACTION, MSG, recordRoutes, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/info-company/info-company.contract';
import type { z } from 'zod';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { recordApi } from '../../platform/record/record-api';
import { RecordDialog } from '../../platform/record/record-dialog';

const api = recordApi({ name: 'info-company', routes: recordRoutes(C.INFO_COMPANY_BASE) });
type Row = z.infer<typeof C.InfoCompanySchema>;

/** Company settings → companies: the list, and a dialog built from the contract; every write needs edit (9). */
export function InfoCompanyPage() {
  const registry = useRegistryActions<Row>({
    section: SECTION.Settings,
    actions: { create: ACTION.EDIT, delete: ACTION.EDIT },
    rowId: (r) => r.id,
    deleteUrl: api.deleteUrl,
    describe: (id) => `company #${id}`,
    deleteMessages: { success: MSG.itemDeleted, error: MSG.deletionError },
  });
  return (
    <RegistryPage testId="info-company-page" title="Companies">
      <DataTable<Row>
        url={`${C.INFO_COMPANY_BASE}/list`}
        listKey="info-company"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        actions={registry.actions}
      />
      <RecordDialog
        api={api}
        schema={C.InfoCompanyFormSchema}
        empty={C.EMPTY_INFO_COMPANY}
        recordOf={(d) => d.item}
        title={{ create: 'New company', edit: 'Edit company', view: 'Company' }}
        section={SECTION.Settings}
        {...registry.dialog}
      />
      {registry.dialogs}
    </RegistryPage>
  );
}
