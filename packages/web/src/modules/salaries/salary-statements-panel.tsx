import { ACTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { SALARY_SECTIONS } from '@backhaul/shared/modules/salaries/salaries.contract';
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { DataTable, type Row } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordActions } from '../../platform/data-table/use-record-actions';
import { salariesApi } from './salaries.api';

const S = SALARY_SECTIONS.statements;

/** The twelve months before this one, newest first (a statement is made for a month that has begun). */
function recentMonths(): string[] {
  const [y, m] = nowInCompanyTimeZone().date.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 2 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/**
 * The salary statements (Statements, 96): the list (one's own, or everyone's for who may make
 * them), "Make statements" for a month, and delete. Mounted by the account page and by Accounting →
 * Employee statements (`height`: the table's).
 */
export function SalaryStatementsPanel(props: { height?: string }) {
  const tree = usePermissionTree();
  const canMake = allowsButton(tree, { section: S, ids: [ACTION.CREATE] });
  const months = recentMonths();
  const [month, setMonth] = useState<string>(months[0] ?? '');
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: salariesApi.deleteStatementUrl,
    describe: (id) => `salary statement #${id}`,
    messages: 'server',
  });
  const make = useMutation({
    mutationFn: () => salariesApi.makeStatements(month),
    onSuccess: (answer) => {
      showAlert('success', answer.message);
      refresh();
    },
  });
  return (
    <Stack gap="sm" data-testid="salary-statements-panel">
      {canMake && (
        <Group gap="xs" align="flex-end">
          <Select
            label="Month"
            data={months}
            value={month}
            onChange={(v) => v && setMonth(v)}
            w={140}
            allowDeselect={false}
          />
          <Button loading={make.isPending} onClick={() => make.mutate()} data-testid="make-salary-statements">
            Make statements
          </Button>
        </Group>
      )}
      <DataTable<Row & { id: number }>
        url="/info/statements/list"
        listKey="info-statements"
        urlPrefix="ss"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={{ export: true }}
        height={props.height ?? '50vh'}
        actions={[
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
      {deleteDialog}
    </Stack>
  );
}
