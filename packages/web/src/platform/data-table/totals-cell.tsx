import type { ColumnMeta } from '@backhaul/shared';
import { totalText } from '@backhaul/shared/formats/formats';
import { Text, Tooltip } from '@mantine/core';

/** Σ for sums, n for counts and unique counts (000 §9); compact, with the exact figure in a tooltip from 1000 (or when compact rounds it). */
export function TotalsCell({ meta, value }: { meta: ColumnMeta; value: number }) {
  const label = meta.footer === 'sum' ? 'Σ' : 'n';
  const { text: compact, full } = totalText(value, { dollar: meta.dollar, miles: meta.miles });
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
  return full ? (
    <Tooltip label={full} openDelay={200}>
      {text}
    </Tooltip>
  ) : (
    text
  );
}
