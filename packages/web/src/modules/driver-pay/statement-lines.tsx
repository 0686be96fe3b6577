import { formatMoney } from '@backhaul/shared/formats/formats';
import type { PaidStatus } from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { ActionIcon, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A row a statement may take: a load, hours, a fuel row, an instalment or another source's line. */
export type LineRow = {
  id: number | string;
  date: string;
  description: string;
  detail: string;
  amount: number;
  /** The period a late line was earned in, or null for this period's. */
  earned: string | null;
};

export const moneyColor = (amount: number) => (amount < 0 ? 'red' : amount > 0 ? 'green' : undefined);

/** What the driver was paid, or what became of a balance the driver owes. */
export const PAID_COLOR: Record<PaidStatus, string> = {
  Paid: 'green',
  'Partly paid': 'yellow',
  'Not paid': 'gray',
  'Nothing due': 'gray',
  'Owed by driver': 'red',
  Carried: 'orange',
  'Written off': 'grape',
};

/** "2026-11-08 – 2026-11-14" as "11-08 – 11-14" within one year (the tooltip keeps the whole period). */
const shortPeriod = (period: string) =>
  period.replace(/^(\d{4})-(\d\d-\d\d) – (\d{4})-(\d\d-\d\d)$/, (all, y1, d1, y2, d2) =>
    y1 === y2 ? `${d1} – ${d2}` : all,
  );

/** A line's date, marked with the period it was earned in when it lands late (a load delivered after its week's statement). */
export function LineDate({ date, earned }: { date: string; earned: string | null }) {
  return (
    <Stack gap={2} align="flex-start">
      <span>{date}</span>
      {earned && (
        <Tooltip label={`Earned in ${earned}, paid late`}>
          <Badge size="xs" variant="light" color="orange" tt="none" data-testid="line-earned">
            earned {shortPeriod(earned)}
          </Badge>
        </Tooltip>
      )}
    </Stack>
  );
}

function LineTable(props: {
  title: string;
  rows: LineRow[];
  empty: string;
  move: { label: string; all: string; icon: ReactNode; side: 'left' | 'right' } | null;
  onMove: (ids: (number | string)[]) => void;
  testId: string;
}) {
  const total = props.rows.reduce((s, r) => s + r.amount, 0);
  return (
    <Paper withBorder p="xs" style={{ flex: 1, minWidth: 0 }} data-testid={props.testId}>
      <Group justify="space-between" mb={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {props.title} ({props.rows.length})
        </Text>
        {props.move && props.rows.length > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={() => props.onMove(props.rows.map((r) => r.id))}>
            {props.move.all}
          </Button>
        )}
      </Group>
      <ScrollArea.Autosize mah={220}>
        <Table fz="xs" verticalSpacing={4} highlightOnHover>
          <Table.Tbody>
            {props.rows.map((r) => (
              <Table.Tr key={r.id} data-testid={`${props.testId}-row`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <LineDate date={r.date} earned={r.earned} />
                </Table.Td>
                <Table.Td style={{ maxWidth: 260 }}>
                  <Text size="xs" truncate="end" title={r.description}>
                    {r.description}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {r.detail}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" c={moneyColor(r.amount)} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(r.amount)}
                </Table.Td>
                {props.move && (
                  <Table.Td w={32}>
                    <Tooltip label={props.move.label}>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`${props.move.label} ${r.description}`}
                        onClick={() => props.onMove([r.id])}
                      >
                        {props.move.icon}
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {props.rows.length === 0 && (
          <Text size="xs" c="dimmed" py="xs">
            {props.empty}
          </Text>
        )}
      </ScrollArea.Autosize>
      <Text size="xs" ta="right" mt={4} c={moneyColor(total)}>
        Σ {formatMoney(total)}
      </Text>
    </Paper>
  );
}

/**
 * The selected and available lists of one kind of line (001 §4): a row moves one at a time
 * (the arrow) or all at once (Remove all / Add all). Read-only: the selected list alone.
 */
export function TransferLines<I extends number | string>(props: {
  title: string;
  rows: LineRow[];
  selected: I[];
  onChange: (selected: I[]) => void;
  readOnly: boolean;
  testId: string;
}) {
  const chosen = new Set<number | string>(props.selected);
  const on = props.rows.filter((r) => chosen.has(r.id));
  const off = props.rows.filter((r) => !chosen.has(r.id));
  const remove = (ids: (number | string)[]) => props.onChange(props.selected.filter((s) => !ids.includes(s)));
  const add = (ids: (number | string)[]) => props.onChange([...props.selected, ...(ids as I[])]);
  return (
    <div>
      <Text size="sm" fw={700} mb={4}>
        {props.title}
      </Text>
      <Group align="stretch" gap="xs" wrap="nowrap">
        <LineTable
          title="On the statement"
          rows={on}
          empty="Nothing selected."
          move={
            props.readOnly
              ? null
              : { label: 'Remove', all: 'Remove all', icon: <IconArrowRight size={14} />, side: 'right' }
          }
          onMove={remove}
          testId={`${props.testId}-selected`}
        />
        {!props.readOnly && (
          <LineTable
            title="Available"
            rows={off}
            empty="Nothing else in the period."
            move={{ label: 'Add', all: 'Add all', icon: <IconArrowLeft size={14} />, side: 'left' }}
            onMove={add}
            testId={`${props.testId}-available`}
          />
        )}
      </Group>
    </div>
  );
}
