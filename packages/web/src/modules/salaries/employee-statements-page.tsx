import { RegistryPage } from '../../platform/data-table/use-registry-actions';
import { SalaryStatementsPanel } from './salary-statements-panel';

/**
 * /accounting/employee-statements (beyond the spec's routes, docs/spec-deviations.md): the salary
 * statements (Statements, 96) the account page also lists, where the accountant looks for them.
 */
export function EmployeeStatementsPage() {
  return (
    <RegistryPage testId="employee-statements-page" title="Employee statements">
      <SalaryStatementsPanel height="calc(100vh - 260px)" />
    </RegistryPage>
  );
}
