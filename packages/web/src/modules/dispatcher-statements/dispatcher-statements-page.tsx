import { ACTION, SECTION } from '@backhaul/shared';
import type { DispatcherStatement } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { IconList, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { RegistryPage } from '../../platform/data-table/use-registry-actions';
import { DispatcherStatementCreate } from './dispatcher-statement-create';
import { DispatcherStatementLoads } from './dispatcher-statement-loads';
import { dispatcherStatementsApi } from './dispatcher-statements.api';

const S = SECTION.DispatchersStatements;

/** Accounting → Dispatcher statements: a month's pay of each dispatcher; a row opens its loads. */
export function DispatcherStatementsPage() {
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const tree = usePermissionTree();
  const canCreate = allowsButton(tree, { section: S, ids: [ACTION.CREATE] });
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: dispatcherStatementsApi.deleteUrl,
    describe: (id) => `dispatcher statement #${id}`,
    messages: 'server',
  });
  return (
    <RegistryPage testId="dispatcher-statements-page" title="Dispatcher statements">
      <DataTable<DispatcherStatement>
        url="/dispatcher/statement/list"
        listKey="dispatcher-statement"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        onOpen={(r) => setViewing(r.id)}
        toolbar={{ export: true, ...(canCreate ? { create: () => setCreating(true) } : {}) }}
        actions={[
          { id: 'view', label: 'Loads', primary: true, icon: <IconList size={16} />, onClick: (r) => setViewing(r.id) },
          {
            id: 'delete',
            label: 'Delete',
            color: 'red',
            icon: <IconTrash size={16} />,
            permission: { section: S, ids: [ACTION.DELETE] },
            onClick: (r) => askDelete(r.id),
          },
        ]}
      />
      <DispatcherStatementCreate opened={creating} onClose={() => setCreating(false)} onCreated={refresh} />
      <DispatcherStatementLoads id={viewing} onClose={() => setViewing(null)} />
      {deleteDialog}
    </RegistryPage>
  );
}
