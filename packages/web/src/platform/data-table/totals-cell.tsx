import type { ColumnMeta } from '@backhaul/shared';
import { formatCompact, formatMiles, formatMoney, formatNumber } from '@backhaul/shared/formats/formats';
import { Text, Tooltip } from '@mantine/core';
import { needsTotalsTooltip } from './filter-rules';

/** Σ for sums, n for counts and unique counts (000 §9); compact, with the full figure in a tooltip from 1000. */
export function TotalsCell({ meta, value }: { meta: ColumnMeta; value: number }) {
  const label = meta.footer === 'sum' ? 'Σ' : 'n';
  const compact = meta.dollar
    ? `$${formatCompact(value)}`
    : meta.miles
      ? `${formatCompact(value)} mi`
      : formatCompact(value);
  const full = meta.dollar ? formatMoney(value) : meta.miles ? formatMiles(value) : formatNumber(value);
  const text = (
    <Text
      span
      size="sm"
      fw={600}
      data-testid={`total-${meta.id}`}
      title={meta.footer === 'unique' ? 'Unique values' : undefined}
    >
      {label} {compact}
      {meta.footer === 'unique' ? ' unique' : ''}
    </Text>
  );
  return needsTotalsTooltip(value) ? (
    <Tooltip label={full} openDelay={200}>
      {text}
    </Tooltip>
  ) : (
    text
  );
}
