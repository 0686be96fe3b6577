/**
 * Row colours from the "Table line fields" (000 §3): frozen 1 is red, frozen 2 (Daptor) orange in
 * the customer's colour; a row's own `color` wins; status ids 1-11 have a colour each (the spec
 * does not give them, so these are ours, readable on the dark theme).
 */
export const STATUS_COLORS: Record<number, string> = {
  1: 'rgba(34, 139, 230, 0.16)',
  2: 'rgba(64, 192, 87, 0.16)',
  3: 'rgba(250, 176, 5, 0.16)',
  4: 'rgba(121, 80, 242, 0.16)',
  5: 'rgba(21, 170, 191, 0.16)',
  6: 'rgba(230, 73, 128, 0.16)',
  7: 'rgba(130, 201, 30, 0.16)',
  8: 'rgba(253, 126, 20, 0.16)',
  9: 'rgba(134, 142, 150, 0.2)',
  10: 'rgba(76, 110, 245, 0.16)',
  11: 'rgba(250, 82, 82, 0.16)',
};
export const FROZEN_COLORS: Record<number, string> = { 1: 'rgba(250, 82, 82, 0.28)', 2: 'rgba(253, 126, 20, 0.28)' };

export function rowBackground(row: Record<string, unknown>): string | undefined {
  const frozen = Number(row.frozen);
  if (frozen === 1) return FROZEN_COLORS[1];
  if (frozen === 2) return typeof row.color === 'string' && row.color ? row.color : FROZEN_COLORS[2];
  if (typeof row.color === 'string' && row.color) return row.color;
  // A boolean status (active or not, e.g. users) is not a status id.
  if (typeof row.status === 'boolean') return undefined;
  const status = Number(row.status);
  return Number.isInteger(status) ? STATUS_COLORS[status] : undefined;
}
