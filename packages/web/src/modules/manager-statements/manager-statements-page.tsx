import { SECTION } from '@backhaul/shared';
import type { ManagerStatement } from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { ManagerStatementDialog } from './manager-statement-dialog';
import { managerStatementsApi } from './manager-statements.api';

/** /manager-statements: each person's pay of a month (salary + bonus or charge); view 10, delete 11, export 72. */
export function ManagerStatementsPage() {
  const registry = useRegistryActions<ManagerStatement>({
    section: SECTION.ManagerStatements,
    rowId: (r) => r.id,
    deleteUrl: managerStatementsApi.deleteUrl,
    describe: (id) => `manager statement #${id}`,
    deleteMessages: 'server',
  });
  return (
    <RegistryPage testId="manager-statements-page" title="Manager statements">
      <DataTable<ManagerStatement>
        url="/salary-statements/list"
        listKey="salary-statements"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        actions={registry.actions}
      />
      <ManagerStatementDialog editing={registry.editing} onClose={registry.dialog.onClose} onSaved={registry.refresh} />
      {registry.dialogs}
    </RegistryPage>
  );
}
