import { ACTION } from '@backhaul/shared';
import { SALARY_SECTIONS } from '@backhaul/shared/modules/salaries/salaries.contract';
import { Card, Stack, Title } from '@mantine/core';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { PayHistoryPanel } from './pay-history-panel';
import { SalaryStatementsPanel } from './salary-statements-panel';

/**
 * The account's "Salaries and pay history" (001 §7): one's own pay history, for every staff member
 * (issue 32; recording entries still needs Pay history, 104), and the salary statements (Statements,
 * 96) to who holds that section.
 */
export function SalariesCard() {
  const tree = usePermissionTree();
  const statements = allowsButton(tree, { section: SALARY_SECTIONS.statements, ids: [ACTION.VIEW] });
  return (
    <Card withBorder padding="md" data-testid="salaries-card">
      <Stack gap="lg">
        <PayHistoryPanel />
        {statements && (
          <Stack gap="xs">
            <Title order={4}>Salary statements</Title>
            <SalaryStatementsPanel />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
