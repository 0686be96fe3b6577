import { ACTION } from '@backhaul/shared';
import { SALARY_SECTIONS } from '@backhaul/shared/modules/salaries/salaries.contract';
import { Card, Stack, Title } from '@mantine/core';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { PayHistoryPanel } from './pay-history-panel';
import { SalaryStatementsPanel } from './salary-statements-panel';

/**
 * The account's "Salaries and pay history" (001 §7): one's pay history (Pay history, 104) and the
 * salary statements (Statements, 96), each shown to who holds its section.
 */
export function SalariesCard() {
  const tree = usePermissionTree();
  const history = allowsButton(tree, { section: SALARY_SECTIONS.payHistory, ids: [ACTION.VIEW] });
  const statements = allowsButton(tree, { section: SALARY_SECTIONS.statements, ids: [ACTION.VIEW] });
  if (!history && !statements) return null;
  return (
    <Card withBorder padding="md" data-testid="salaries-card">
      <Stack gap="lg">
        {history && <PayHistoryPanel />}
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
