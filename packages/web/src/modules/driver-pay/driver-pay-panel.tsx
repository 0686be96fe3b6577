import { ACTION, SECTION } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import { Alert, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { LabelledValue } from '../../platform/labelled-value';
import { driverPayKeys, loadDriverPayBalances, makeFinalStatement, statementKeys } from './driver-statements.api';

const figure = (label: string, value: string, testId: string) => (
  <LabelledValue label={label} value={value} testId={testId} />
);

/**
 * The driver card's pay: cash advances given and not yet recovered, the escrow fund, and once the
 * lease has ended with escrow held, the final statement that returns it within 45 days (49 CFR
 * 376.12(k)(6)). Shown to whoever may open driver statements.
 */
export function DriverPayPanel({ driverId }: { driverId: number }) {
  const tree = usePermissionTree();
  const mayView = allowsButton(tree, { section: SECTION.DriverStatements, ids: [ACTION.EDIT, ACTION.VIEW] });
  const mayCreate = allowsButton(tree, { section: SECTION.DriverStatements, ids: [ACTION.CREATE] });
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: driverPayKeys.record(driverId),
    queryFn: () => loadDriverPayBalances(driverId),
    enabled: mayView,
    staleTime: 0,
  });
  if (!mayView) return null;
  const b = query.data;
  const makeFinal = async () => {
    setBusy(true);
    try {
      const saved = await makeFinalStatement(driverId);
      showAlert('success', `Final statement #${saved.statement.id} made: review it, close it and pay it.`);
      await Promise.all([
        client.invalidateQueries({ queryKey: driverPayKeys.all }),
        client.invalidateQueries({ queryKey: statementKeys.all }),
      ]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Divider label="Pay" labelPosition="left" />
      {!b ? (
        <Loader size="xs" />
      ) : (
        <Stack gap="xs" data-testid="driver-pay-panel">
          <Group gap="xl">
            {figure('Cash advances outstanding', formatMoney(b.advances.outstanding), 'driver-advances-outstanding')}
            {figure(
              'Advances given / recovered',
              `${formatMoney(b.advances.given)} / ${formatMoney(b.advances.recovered)}`,
              'driver-advances-given',
            )}
            {b.escrow
              ? figure(
                  'Escrow held',
                  `${formatMoney(b.escrow.balance)} of ${formatMoney(b.escrow.target)}`,
                  'driver-escrow-balance',
                )
              : null}
          </Group>
          {b.final_statement ? (
            <Alert color="orange" variant="light" data-testid="driver-final-statement">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">
                  The lease ended on {b.final_statement.terminated_on}: the escrow of{' '}
                  {formatMoney(b.final_statement.escrow_return)} is due back by {b.final_statement.due_by} on a final
                  statement ({b.final_statement.date_from} – {b.final_statement.date_to}).
                </Text>
                {mayCreate ? (
                  <Button size="xs" loading={busy} onClick={() => void makeFinal()} data-testid="driver-make-final">
                    Make final statement
                  </Button>
                ) : null}
              </Group>
            </Alert>
          ) : null}
        </Stack>
      )}
    </>
  );
}
