import { SECTION } from '@backhaul/shared';
import { formatPhone } from '@backhaul/shared/formats/formats';
import type { EmployeeRow } from '@backhaul/shared/modules/employees/employees.contract';
import { Anchor, Badge, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { EmployeeDialog } from './employee-dialog';
import { EmployeeHistory } from './employee-history';
import { employeesApi } from './employees.api';

/** Maintenance → Employees: list, create, edit (9) or view (10, read-only), delete (11), inventory. */
export function EmployeesPage() {
  const [history, setHistory] = useState<number | null>(null);
  const registry = useRegistryActions<EmployeeRow>({
    section: SECTION.Employees,
    rowId: (r) => r.employee_id,
    deleteUrl: employeesApi.deleteUrl,
    describe: (id) => `employee #${id}`,
    onHistory: (r) => setHistory(r.employee_id),
  });

  return (
    <RegistryPage testId="employees-page" title="Employees">
      <DataTable<EmployeeRow>
        url="/employees/list"
        listKey="employees"
        rowId={(r) => r.employee_id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        cells={{
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          phone2: (r) => <Text size="sm">{formatPhone(r.phone2)}</Text>,
          email: (r) =>
            r.email ? (
              <Anchor size="sm" href={`mailto:${r.email}`} truncate>
                {r.email}
              </Anchor>
            ) : null,
          active: (r) => (
            <Badge size="sm" variant="light" color={r.active ? 'teal' : 'gray'}>
              {r.active ? 'Active' : 'Inactive'}
            </Badge>
          ),
        }}
        actions={registry.actions}
      />
      <EmployeeDialog {...registry.dialog} />
      <EmployeeHistory id={history} onClose={() => setHistory(null)} />
      {registry.dialogs}
    </RegistryPage>
  );
}
