import { formatMoney, formatNumber, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { MOTIVATION_RULES } from '@backhaul/shared/modules/safety/safety.contract';
import { Badge, Group, Paper, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { loadMotivationHome, loadMotivationMonth, loadMotivationMonths, safetyKeys } from './safety.api';

const W = MOTIVATION_RULES.scoreWeights;
const scoreColor = (score: number) => (score >= 90 ? 'teal' : score >= 60 ? 'yellow' : 'red');

/** Motivation programme: a month per driver of what the programme pays, and the last months' payouts. */
export function MotivationPanel() {
  const [month, setMonth] = useState(nowInCompanyTimeZone().date.slice(0, 7));
  const months = useQuery({ queryKey: safetyKeys.list('motivation-months'), queryFn: loadMotivationMonths });
  const home = useQuery({ queryKey: safetyKeys.list('motivation-home'), queryFn: loadMotivationHome });
  const minMiles = home.data?.rules.safe_min_miles ?? 0;
  const { data, isPending } = useQuery({
    queryKey: safetyKeys.list('motivation', month),
    queryFn: () => loadMotivationMonth(month),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="sm" data-testid="motivation-panel">
      <Group justify="space-between" align="flex-end">
        <Select
          label="Month"
          w={180}
          allowDeselect={false}
          data={[...(months.data?.months ?? [])].reverse().map((m) => ({ value: m.month, label: m.month }))}
          value={month}
          onChange={(v) => v && setMonth(v)}
        />
        <Text size="xs" c="dimmed" maw={720}>
          Safe-driving bonus {formatMoney(MOTIVATION_RULES.safeDrivingBonusCents / 100)} for a month without warnings,
          violations, accidents or exceptions and at least {formatNumber(minMiles)} miles driven; on-time bonus{' '}
          {formatMoney(MOTIVATION_RULES.onTimePerLoadCents / 100)} per load delivered by its appointment. Score 100 −{' '}
          {W.warning} per warning − {W.violation} per violation − {W.accident} per accident − {W.exception} per
          exception.
        </Text>
      </Group>
      <Group gap="sm">
        {(months.data?.months ?? []).slice(-6).map((m) => (
          <Paper
            key={m.month}
            withBorder
            p="xs"
            miw={130}
            onClick={() => setMonth(m.month)}
            style={{ cursor: 'pointer' }}
          >
            <Text size="xs" c="dimmed">
              {m.month}
            </Text>
            <Text fw={600}>{formatMoney(m.total)}</Text>
            <Text size="xs" c="dimmed">
              {m.qualified} of {m.drivers} safe
            </Text>
          </Paper>
        ))}
      </Group>
      <Paper withBorder>
        <ScrollArea h="calc(100vh - 400px)">
          <Table striped highlightOnHover stickyHeader style={{ whiteSpace: 'nowrap' }} data-testid="motivation-table">
            <Table.Thead>
              <Table.Tr>
                {[
                  'Driver',
                  'Customer',
                  'Loads',
                  'On time',
                  'Miles',
                  'Actions',
                  'Warnings',
                  'Violations',
                  'Accidents',
                  'Exceptions',
                  'Score',
                  'Safe bonus',
                  'On-time bonus',
                  'Total',
                ].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.rows ?? []).map((r) => (
                <Table.Tr key={r.driver_id}>
                  <Table.Td>{r.driver}</Table.Td>
                  <Table.Td>{r.customer ?? '—'}</Table.Td>
                  <Table.Td>{r.loads}</Table.Td>
                  <Table.Td>{r.on_time_loads}</Table.Td>
                  <Table.Td c={r.miles < minMiles ? 'dimmed' : undefined}>{formatNumber(r.miles)}</Table.Td>
                  <Table.Td>{r.actions}</Table.Td>
                  <Table.Td>{r.warnings}</Table.Td>
                  <Table.Td>{r.violations}</Table.Td>
                  <Table.Td>{r.accidents}</Table.Td>
                  <Table.Td>{r.exceptions}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={scoreColor(r.score)}>
                      {r.score}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatMoney(r.safe_bonus)}</Table.Td>
                  <Table.Td>{formatMoney(r.on_time_bonus)}</Table.Td>
                  <Table.Td fw={600}>{formatMoney(r.total)}</Table.Td>
                </Table.Tr>
              ))}
              {!isPending && data?.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={14}>
                    <Text c="dimmed" size="sm">
                      No drivers on safety.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={11}>{data?.totals.drivers ?? 0} drivers</Table.Th>
                <Table.Th>{formatMoney(data?.totals.safe_bonus ?? 0)}</Table.Th>
                <Table.Th>{formatMoney(data?.totals.on_time_bonus ?? 0)}</Table.Th>
                <Table.Th data-testid="motivation-total">{formatMoney(data?.totals.total ?? 0)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollArea>
      </Paper>
    </Stack>
  );
}
