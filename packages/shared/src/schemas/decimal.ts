/** "12", "12.5", "-1.25"; also "12." and ".5", which a number input holds while typing. */
const DECIMAL = /^-?(\d*)(?:\.(\d*))?$/;

/**
 * A JSON number or a plain decimal text with at most `decimals` decimals, as a number; 'decimals'
 * when it has more, null when it is not one (hex, exponents, signs other than '-', booleans, arrays,
 * null, ''). Exact to its decimals: 0.1 + 0.2 is 0.3. The one parser of percentages and quantities.
 */
export function parseDecimal(value: unknown, decimals: number): number | 'decimals' | null {
  const scale = 10 ** decimals;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const scaled = Math.round(value * scale);
    if (Math.abs(value * scale - scaled) > 1e-6) return 'decimals';
    return scaled === 0 ? 0 : scaled / scale;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m = DECIMAL.exec(text);
  if (!m || (!m[1] && !m[2])) return null;
  if ((m[2] ?? '').length > decimals) return 'decimals';
  const n = Number(text.endsWith('.') ? text.slice(0, -1) : text);
  if (!Number.isFinite(n)) return null;
  const scaled = Math.round(n * scale);
  return scaled === 0 ? 0 : scaled / scale;
}
