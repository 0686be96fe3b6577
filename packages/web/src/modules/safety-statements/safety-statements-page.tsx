import { ACTION, SECTION } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import type { SafetyStatement } from '@backhaul/shared/modules/safety-statements/safety-statements.contract';
import { Modal, Table } from '@mantine/core';
import { IconList, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { RegistryPage } from '../../platform/data-table/use-registry-actions';
import { SafetyStatementCreate } from './safety-statement-create';
import { safetyStatementKeys, safetyStatementsApi } from './safety-statements.api';

const S = SECTION.SafetyStatements;

/** Accounting → Safety statements: each safety user's month, paid on the drivers they looked after. */
export function SafetyStatementsPage() {
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const tree = usePermissionTree();
  const canCreate = allowsButton(tree, { section: S, ids: [ACTION.CREATE] });
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: safetyStatementsApi.deleteUrl,
    describe: (id) => `safety statement #${id}`,
    messages: 'server',
  });
  const detail = useQuery({
    queryKey: safetyStatementKeys.record(viewing),
    queryFn: () => safetyStatementsApi.edit(viewing as number),
    enabled: viewing !== null,
  });
  return (
    <RegistryPage testId="safety-statements-page" title="Safety statements">
      <DataTable<SafetyStatement>
        url="/safety-statement/list"
        listKey="safety-statement"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        onOpen={(r) => setViewing(r.id)}
        toolbar={{ export: true, ...(canCreate ? { create: () => setCreating(true) } : {}) }}
        actions={[
          {
            id: 'view',
            label: 'Drivers',
            primary: true,
            icon: <IconList size={16} />,
            onClick: (r) => setViewing(r.id),
          },
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
      <SafetyStatementCreate opened={creating} onClose={() => setCreating(false)} onCreated={refresh} />
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={detail.data ? `${detail.data.statement.user}, ${detail.data.statement.month}` : 'Safety statement'}
        size="lg"
        centered
      >
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Driver</Table.Th>
              <Table.Th ta="right">Loads</Table.Th>
              <Table.Th ta="right">Gross</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(detail.data?.rows ?? []).map((r) => (
              <Table.Tr key={r.driver_id}>
                <Table.Td>{r.driver}</Table.Td>
                <Table.Td ta="right">{r.count_load}</Table.Td>
                <Table.Td ta="right">{formatMoney(r.gross)}</Table.Td>
                <Table.Td ta="right">{formatMoney(r.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          {detail.data && (
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Rate {detail.data.statement.dispatcher_rate} %</Table.Th>
                <Table.Th ta="right">{detail.data.statement.count_load}</Table.Th>
                <Table.Th ta="right">{formatMoney(detail.data.statement.gross)}</Table.Th>
                <Table.Th ta="right">{formatMoney(detail.data.statement.amount)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Modal>
      {deleteDialog}
    </RegistryPage>
  );
}
