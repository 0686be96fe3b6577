// Display and input formats from the spec (000 §5, §9; constants.json "formats" and "phone").
// Pure functions only: no Node or DOM APIs, Intl is the one platform service used.
import constants from '../spec/constants.json' with { type: 'json' };

const F = constants.formats;

export const COMPANY_TIME_ZONE_DEFAULT: string = constants.time_zone;
export const PHONE_DIGITS: number = constants.phone.digits;
export const PHONE_COUNTRY_CODE: string = constants.phone.country_code;
export const PERCENT_CAP: number = F.percentage_display_cap;
export const CURRENCY_PREFIX: string = F.currency_prefix;
export const MILES_SUFFIX: string = F.miles_suffix;
export const REEFER_HOURS_SUFFIX: string = F.reefer_hours_suffix;
/** 0 = Sunday, as in Date#getDay. */
export const WEEK_STARTS_ON = 0;
export const QUARTER_HOUR_LABELS: readonly string[] = F.quarter_hour_minute_labels;

const onlyDigits = (value: string): string => value.replace(/\D/g, '');

// ---------- phone ----------

/** +1 (xxx) xxx-xxxx for 10 digits, or 11 with a leading 1; anything else is returned raw. */
export function formatPhone(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const digits = onlyDigits(value);
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== PHONE_DIGITS) return value;
  return `${PHONE_COUNTRY_CODE} (${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

/** Phone input: digits only, a leading 0 or 1 is dropped (the first digit cannot be either), at most 10. */
export function normalizePhoneInput(value: string): string {
  return onlyDigits(value)
    .replace(/^[01]+/, '')
    .slice(0, PHONE_DIGITS);
}

// ---------- time field ----------

const MAX_HOURS = F.time_field.max_hours;
const MAX_MINUTES = F.time_field.max_minutes;
const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Time field while typing: digits only, at most 4, hours capped at 23, minutes at 59,
 * 24:00 becomes 00:00; a colon is inserted after the hours (partial input stays partial).
 */
export function maskTimeInput(value: string): string {
  const digits = onlyDigits(value).slice(0, F.time_field.max_digits);
  if (digits.length < 2) return digits;
  let hours = Number(digits.slice(0, 2));
  const minutesText = digits.slice(2);
  if (digits.length === 4) {
    let minutes = Number(minutesText);
    if (hours === 24 && minutes === 0) hours = 0;
    hours = Math.min(hours, MAX_HOURS);
    minutes = Math.min(minutes, MAX_MINUTES);
    return `${pad2(hours)}:${pad2(minutes)}`;
  }
  hours = hours === 24 ? 24 : Math.min(hours, MAX_HOURS);
  return minutesText ? `${pad2(hours)}:${minutesText}` : pad2(hours);
}

/**
 * Time field on blur: a complete HH:MM (or '' for no digits). One or two digits are hours,
 * three are H:MM, four HH:MM; the caps and the 24:00 rule apply.
 */
export function normalizeTime(value: string): string {
  const digits = onlyDigits(value).slice(0, F.time_field.max_digits);
  if (!digits) return '';
  const padded = digits.length <= 2 ? `${digits.padStart(2, '0')}00` : digits.padStart(4, '0');
  return maskTimeInput(padded);
}

// ---------- numbers ----------

const toNumber = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

const groupedFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** Plain number with thousands separators and up to 2 decimals: 1234.5 → "1,234.5". */
export function formatNumber(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? '' : groupedFormat.format(n);
}

/** Compact number with up to 2 decimals: 1234 → "1.23K", 2500000 → "2.5M", 12.345 → "12.35". */
export function formatCompact(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? '' : compactFormat.format(n);
}

/** Money compact with up to 2 decimals, the sign before the $: 1234.5 → "$1.23K", -2500000 → "-$2.5M". */
export function formatCompactMoney(value: number | string | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return '';
  const text = `${CURRENCY_PREFIX}${compactFormat.format(Math.abs(n))}`;
  return n < 0 && text !== `${CURRENCY_PREFIX}0` ? `-${text}` : text;
}

/** Money with $ and 2 decimals: 1234.5 → "$1,234.50", -3 → "-$3.00". */
export function formatMoney(value: number | string | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return '';
  const text = `${CURRENCY_PREFIX}${moneyFormat.format(Math.abs(n))}`;
  return n < 0 && text !== `${CURRENCY_PREFIX}0.00` ? `-${text}` : text;
}

/** Miles with "mi"; a reefer trailer counts engine hours, shown with "hh". */
export function formatMiles(value: number | string | null | undefined, options: { reefer?: boolean } = {}): string {
  const n = toNumber(value);
  if (n === null) return '';
  return `${groupedFormat.format(n)} ${options.reefer ? REEFER_HOURS_SUFFIX : MILES_SUFFIX}`;
}

/** Percentage with up to 2 decimals, display capped at 100: 130 → "100%". */
export function formatPercent(value: number | string | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return '';
  return `${groupedFormat.format(Math.min(n, PERCENT_CAP))}%`;
}

/** A rate in thousandths of a dollar, as written: 575 → "$0.575", 250000 → "$250.00". */
export function formatMilliDollars(milli: number): string {
  return formatMoneyExact(milli / 1000);
}

/** A percentage in thousandths of a percent, exact: 8875 → "8.875%", 80000 → "80%". */
export function formatMilliPercent(milli: number): string {
  return `${formatExact(milli / 1000)}%`;
}

// ---------- exact figures (one formatter for the screen, the PDF and the spreadsheet) ----------

/**
 * A figure's decimals are read to this many places: beyond them is a binary float's noise
 * (0.1 + 0.2), not a figure. Stored figures have at most 3 (thousandths of a gallon, a rate, a price).
 */
export const EXACT_MAX_DECIMALS = 6;
/** The totals row's full figure shows in a tooltip from this absolute total (000 §9; list.contract's TOTALS_TOOLTIP_MIN). */
const TOTALS_FULL_FROM: number = F.totals_tooltip_min_abs_total;

/** How many decimals a figure really has: 3.899 → 3, 1234.5 → 1, 12 → 0, 0.1 + 0.2 → 1. */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const text = value.toFixed(EXACT_MAX_DECIMALS).replace(/0+$/, '');
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

const fixedFormats = new Map<number, Intl.NumberFormat>();
function fixedFormat(decimals: number): Intl.NumberFormat {
  let f = fixedFormats.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    fixedFormats.set(decimals, f);
  }
  return f;
}

/** A sign before the prefix ("-$0.50"), and never "-0". */
function signed(n: number, decimals: number, prefix: string): string {
  const body = fixedFormat(decimals).format(Math.abs(n));
  return n < 0 && /[1-9]/.test(body) ? `-${prefix}${body}` : `${prefix}${body}`;
}

/**
 * Grouped with exactly `decimals` decimals, as a tax return writes its figures: gallons
 * formatFixed(1234.5, 3) → "1,234.500", a rate formatFixed(0.285, 4, '$') → "$0.2850".
 */
export function formatFixed(value: number | string | null | undefined, decimals: number, prefix = ''): string {
  const n = toNumber(value);
  return n === null ? '' : signed(n, decimals, prefix);
}

/**
 * The exact figure: grouped, with every decimal it has (at least `min`): 3.899 → "3.899",
 * 1234.5 → "1,234.5", 12 → "12". What a tooltip or an input shows when the display rounds.
 */
export function formatExact(value: number | string | null | undefined, min = 0, prefix = ''): string {
  const n = toNumber(value);
  return n === null ? '' : signed(n, Math.max(min, decimalsOf(n)), prefix);
}

/** Money exactly: its cents, and more decimals when it has them: 0.575 → "$0.575", 3 → "$3.00". */
export function formatMoneyExact(value: number | string | null | undefined): string {
  return formatExact(value, 2, CURRENCY_PREFIX);
}

/** The exact figure as plain text for a CSV (no grouping): 0.575 → "0.575", money 12.5 → "12.50". */
export function plainExact(value: number, min = 0): string {
  return value.toFixed(Math.max(min, decimalsOf(value)));
}

/** A figure without its float noise, to store in a spreadsheet cell: 0.1 + 0.2 → 0.3. */
export function exactNumber(value: number): number {
  return Number(value.toFixed(decimalsOf(value)));
}

// ---------- dates ----------

export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const partFormats = new Map<string, Intl.DateTimeFormat>();

function partFormat(timeZone: string): Intl.DateTimeFormat {
  let f = partFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    partFormats.set(timeZone, f);
  }
  return f;
}

/** Calendar parts of an instant as seen in a time zone (America/Chicago by default). */
export function zonedParts(date: Date, timeZone: string = COMPANY_TIME_ZONE_DEFAULT): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of partFormat(timeZone).formatToParts(date)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date-time written without a zone ("2026-03-01 14:05", what to_char answers): already company time. */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The one date format of every column and date input (constants: date_picker_default). */
export const DATE_FORMAT: string = F.date_picker_default;
/** The one date-time format (constants: date_default), 24-hour, in the company time zone. */
export const DATE_TIME_FORMAT: string = F.date_default;

type DateInput = Date | string | number | null | undefined;

function toParts(value: DateInput, timeZone: string): ZonedParts | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const w = WALL_CLOCK.exec(value);
    if (w) {
      const [y, mo, d] = [Number(w[1]), Number(w[2]), Number(w[3])];
      return {
        year: y,
        month: mo,
        day: d,
        hour: Number(w[4]),
        minute: Number(w[5]),
        second: Number(w[6] ?? 0),
        weekday: new Date(Date.UTC(y, mo - 1, d)).getUTCDay(),
      };
    }
    // A business date ("2026-03-01") has no time zone: keep it as written.
    const m = DATE_ONLY.exec(value);
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return {
        year: y,
        month: mo,
        day: d,
        hour: 0,
        minute: 0,
        second: 0,
        weekday: new Date(Date.UTC(y, mo - 1, d)).getUTCDay(),
      };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : zonedParts(date, timeZone);
}

const ymd = (p: ZonedParts): string => `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;

/** YYYY-MM-DD (date picker default format). Instants are read in the company time zone. */
export function formatDate(value: DateInput, timeZone: string = COMPANY_TIME_ZONE_DEFAULT): string {
  const p = toParts(value, timeZone);
  return p ? ymd(p) : '';
}

/** YYYY-MM-DD HH:mm (24-hour, the spec's default date format). */
export function formatDateTime(value: DateInput, timeZone: string = COMPANY_TIME_ZONE_DEFAULT): string {
  const p = toParts(value, timeZone);
  return p ? `${ymd(p)} ${pad2(p.hour)}:${pad2(p.minute)}` : '';
}

/** YYYY-MM-DD hh:mm (12-hour clock, the spec's display format). */
export function formatDateTimeDisplay(value: DateInput, timeZone: string = COMPANY_TIME_ZONE_DEFAULT): string {
  const p = toParts(value, timeZone);
  if (!p) return '';
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${ymd(p)} ${pad2(h12)}:${pad2(p.minute)}`;
}

/** "Now" in the company time zone (America/Chicago): its parts plus date and date-time strings. */
export function nowInCompanyTimeZone(
  now: Date = new Date(),
  timeZone: string = COMPANY_TIME_ZONE_DEFAULT,
): ZonedParts & { date: string; dateTime: string } {
  const p = zonedParts(now, timeZone);
  return { ...p, date: ymd(p), dateTime: `${ymd(p)} ${pad2(p.hour)}:${pad2(p.minute)}` };
}

/** Adds days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const m = DATE_ONLY.exec(date);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** The Sunday that starts the week of a YYYY-MM-DD date. */
export function startOfWeek(date: string): string {
  const p = toParts(date, 'UTC');
  if (!p) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return addDays(date, -((p.weekday - WEEK_STARTS_ON + 7) % 7));
}

/** The seven dates, Sunday to Saturday, of the week holding a YYYY-MM-DD date. */
export function weekDates(date: string): string[] {
  const start = startOfWeek(date);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** Quarter-hour label for a minute: 0-14 → ":00", 15-29 → ":15", 30-44 → ":30", 45-59 → ":45". */
export function quarterHourLabel(minute: number): string {
  const index = Math.min(3, Math.max(0, Math.floor(minute / 15)));
  return QUARTER_HOUR_LABELS[index] ?? ':00';
}

// ---------- cells ----------

/** A column's format (the list contract's ColumnFormat; repeated here so formats has no zod import). */
export type CellFormat = 'text' | 'id' | 'number' | 'money' | 'miles' | 'percent' | 'date' | 'datetime' | 'phone';

/** One value as a table cell shows it, by the column's format; every list cell goes through this. */
export function formatCellValue(format: CellFormat, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  switch (format) {
    case 'money':
      return formatMoney(value as number);
    case 'miles':
      return formatMiles(value as number);
    case 'number':
      return typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(String(value))
        ? formatNumber(value as number)
        : String(value);
    case 'percent':
      return formatPercent(value as number);
    case 'date':
    case 'datetime': {
      const text = format === 'date' ? formatDate(value as string) : formatDateTime(value as string);
      return text || String(value);
    }
    case 'phone':
      return formatPhone(String(value));
    default:
      return String(value);
  }
}

/**
 * One value exactly, by the column's format: what the cell's tooltip shows when the cell rounds
 * it (a fuel price 3.899 shown "3.9", a rate $0.575 shown "$0.58"), and what files write.
 */
export function formatCellExact(format: CellFormat, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' || typeof value === 'string' ? toNumber(value) : null;
  if (n === null) return formatCellValue(format, value);
  switch (format) {
    case 'money':
      return formatMoneyExact(n);
    case 'miles':
      return `${formatExact(n)} ${MILES_SUFFIX}`;
    case 'number':
      return formatExact(n);
    case 'percent':
      return `${formatExact(Math.min(n, PERCENT_CAP))}%`;
    default:
      return formatCellValue(format, value);
  }
}

/**
 * A cell as the screen shows it (000 §9: up to 2 decimals) and, when that display rounds the
 * value, its exact figure for the tooltip: number 3.899 → { text: "3.9", exact: "3.899" }.
 */
export function cellText(format: CellFormat, value: unknown): { text: string; exact: string | null } {
  const text = formatCellValue(format, value);
  const exact = formatCellExact(format, value);
  return { text, exact: exact !== text ? exact : null };
}

/**
 * A totals figure (000 §9): compact with up to 2 decimals ("$12.35K", "1.58K mi"), and the exact
 * figure for its tooltip from an absolute 1,000, or whenever the compact form rounds it.
 */
export function totalText(
  value: number,
  unit: { dollar?: boolean; miles?: boolean } = {},
): {
  text: string;
  full: string | null;
} {
  const text = unit.dollar
    ? formatCompactMoney(value)
    : unit.miles
      ? `${formatCompact(value)} ${MILES_SUFFIX}`
      : formatCompact(value);
  const full = formatCellExact(unit.dollar ? 'money' : unit.miles ? 'miles' : 'number', value);
  return { text, full: Math.abs(value) >= TOTALS_FULL_FROM || decimalsOf(value) > 2 ? full : null };
}

// ---------- spreadsheet number formats (the same reading in a workbook) ----------

const MONEY_NUM_FMT = (decimals: number) => {
  const body = fixedNumFmt(decimals, CURRENCY_PREFIX);
  return `${body};[Red]-${body}`;
};

/**
 * A spreadsheet number format, grouped, with exactly `decimals` decimals (and a quoted prefix):
 * 3 → '#,##0.000', (4, '$') → '"$"#,##0.0000'. A tax return's gallons and rates use it.
 */
export function fixedNumFmt(decimals: number, prefix = ''): string {
  const quoted = prefix ? `"${prefix}"` : '';
  return `${quoted}#,##0${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`;
}

/**
 * The spreadsheet format a cell reads in, so a workbook shows what the screen's tooltip does,
 * exactly: number 3.899 → '#,##0.000', 12 → '#,##0', money $0.575 → three decimals, $12.50 → two.
 * Without a value, the column's default (the figure's least decimals).
 */
export function spreadsheetNumFmt(format: CellFormat, value?: number): string | undefined {
  const d = value === undefined ? 0 : decimalsOf(value);
  switch (format) {
    case 'id':
      return '0';
    case 'money':
      return MONEY_NUM_FMT(Math.max(2, d));
    case 'miles':
      return `${fixedNumFmt(d)} "${MILES_SUFFIX}"`;
    case 'number':
      return fixedNumFmt(d);
    case 'percent':
      return `${fixedNumFmt(d).replace('#,##', '')}"%"`;
    case 'date':
      return 'yyyy-mm-dd';
    case 'datetime':
      return 'yyyy-mm-dd hh:mm';
    default:
      return undefined;
  }
}

/** "1 row", "2 rows", "1,234 invoices": a count with its noun, singular for exactly one. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
