import { FROZEN, FROZEN_LABELS } from '@backhaul/shared/modules/customers/customers.contract';
import { Badge } from '@mantine/core';

/** Frozen 1 red, Daptor 2 orange (000 §3), matching the row colours; nothing when not frozen. */
export function FrozenBadge({ frozen }: { frozen: number }) {
  if (frozen !== FROZEN.Frozen && frozen !== FROZEN.Daptor) return null;
  return (
    <Badge size="sm" variant="filled" color={frozen === FROZEN.Frozen ? 'red' : 'orange'} data-testid="frozen-badge">
      {FROZEN_LABELS[frozen]}
    </Badge>
  );
}
