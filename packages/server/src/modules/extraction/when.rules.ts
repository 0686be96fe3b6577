/*
 * Dates, times and appointment windows as rate confirmations write them: 11/21/2026, 2026-11-21,
 * Nov 21, 2026, 21 Nov 2026, 12/16 (the year from the document's own date); 08:00, 8:00 AM, 7am,
 * 0800 (military, where a date or a time word stands before it or another one after a dash); windows
 * "08:00-14:00", "0800 - 1400", "7am-3pm", "11/24/2026 07:00 to 11/25/2026 06:00", "Open 06:00 Close 14:00".
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
const monthOf = (name?: string) => MONTHS.indexOf((name ?? '').slice(0, 3).toLowerCase()) + 1;

export function ymd(y?: string | number, m?: string | number, d?: string | number): string | null {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (!(year >= 2000 && year <= 2100 && month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type DatePattern = { re: RegExp; parse: (m: RegExpExecArray, year: number | null) => string | null };
const DATE_PATTERNS: DatePattern[] = [
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g, parse: (m) => ymd(m[1], m[2], m[3]) },
  {
    re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/g,
    parse: (m) => ymd(m[3]?.length === 2 ? `20${m[3]}` : m[3], m[1], m[2]),
  },
  {
    re: new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'gi'),
    parse: (m) => ymd(m[3], monthOf(m[1]), m[2]),
  },
  {
    re: new RegExp(String.raw`\b(\d{1,2})\s+${MONTH},?\s+(\d{4})\b`, 'gi'),
    parse: (m) => ymd(m[3], monthOf(m[2]), m[1]),
  },
  // No year: the document's year (a December document's January dates are the next year's).
  { re: /(?<![\d/])(\d{1,2})\/(\d{1,2})(?![\d/])/g, parse: (m, year) => (year ? ymd(year, m[1], m[2]) : null) },
  {
    re: new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!,?\s+\d{4})(?!:)`, 'gi'),
    parse: (m, year) => (year ? ymd(year, monthOf(m[1]), m[2]) : null),
  },
];

export type Found = { index: number; end: number; value: string };

/** Dates in the text in order; `docDate` dates the ones written without a year. */
export function findDates(text: string, docDate: string | null = null): Found[] {
  const year = docDate ? Number(docDate.slice(0, 4)) : null;
  const out: Found[] = [];
  for (const { re, parse } of DATE_PATTERNS) {
    for (const m of text.matchAll(re)) {
      const index = m.index ?? 0;
      const end = index + m[0].length;
      if (out.some((f) => index < f.end && end > f.index)) continue;
      let value = parse(m as RegExpExecArray, year);
      if (value && docDate && year && !/\d{4}/.test(m[0]) && value < shiftDays(docDate, -60)) {
        value = `${year + 1}${value.slice(4)}`;
      }
      if (value) out.push({ index, end, value });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

export const findDate = (text: string, docDate: string | null = null): string | null =>
  findDates(text, docDate)[0]?.value ?? null;

function shiftDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function hhmm(h?: string, m?: string, ampm?: string): string | null {
  let hour = Number(h);
  const minute = Number(m ?? 0);
  if (!Number.isInteger(hour) || hour > 24 || minute > 59) return null;
  const p = ampm?.toLowerCase().replace(/[.\s]/g, '');
  if (p && hour > 12) return null;
  if (p === 'pm' && hour < 12) hour += 12;
  if (p === 'am' && hour === 12) hour = 0;
  return `${String(hour % 24).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const AMPM = String.raw`(a\.?\s?m\.?|p\.?\s?m\.?)`;
/** A clock time: 8:00, 08:00 AM, 7am, 0800 (military: four digits). */
const CLOCK = String.raw`(?:(\d{1,2}):(\d{2})\s*${AMPM}?|(\d{1,2})\s*${AMPM}(?![a-z])|([01]\d|2[0-3])([0-5]\d)(?:\s*(?:hrs|h)\b)?)`;
const CLOCK_RE = new RegExp(String.raw`(?<![\d:/.,$])${CLOCK}(?![\d:/]|,\d)`, 'gi');
const TIME_WORD =
  /\b(?:appt|appointment|time|window|hours|at|from|open|opens|close|closes|between|earliest|latest|eta|by|scheduled|arrive|pickup|delivery)\b\s*:?\s*$/i;

type Clock = { index: number; end: number; time: string; military: boolean; ampm: string | null };

function clocks(text: string): Clock[] {
  const out: Clock[] = [];
  for (const m of text.matchAll(CLOCK_RE)) {
    const index = m.index ?? 0;
    const military = m[6] !== undefined;
    const ampm = (m[3] ?? m[5] ?? null)?.toLowerCase().replace(/[.\s]/g, '') ?? null;
    const time = military ? hhmm(m[6], m[7]) : m[1] !== undefined ? hhmm(m[1], m[2], m[3]) : hhmm(m[4], '00', m[5]);
    if (time) out.push({ index, end: index + m[0].length, time, military, ampm });
  }
  return out;
}

export type When = {
  date: string | null;
  time: string | null;
  endDate: string | null;
  endTime: string | null;
  fcfs: boolean;
};

const FCFS = /\bFCFS\b|first[- ]come,?\s+first[- ]serve/i;

/**
 * The date, time and window of a stop's text. A window is two times joined by a dash or "to" (dates
 * may stand before either), or an open/earliest time and a close/latest one; else the first time is
 * the appointment. A window whose end is before its start ends the next day. Without a date in the
 * text, `fallbackDate` (the stop's other lines) dates it.
 */
export function findWhen(raw: string, docDate: string | null = null, fallbackDate: string | null = null): When {
  const text = raw
    .replace(/\b\d{5}(?:-\d{4})?\b/g, (z) => ' '.repeat(z.length))
    // "7-3pm": a bare hour before a range's end reads as that hour.
    .replace(/(?<![:\d])\b(\d{1,2})(\s*(?:-|–|to)\s*\d{1,2}(?::\d{2})?\s*[ap]\.?m\b)/gi, '$1:00$2');
  const dates = findDates(text, docDate);
  // Dates blanked (same length): times are read around them, and a date between two times is a gap.
  let plain = text;
  for (const d of dates) plain = `${plain.slice(0, d.index)}${' '.repeat(d.end - d.index)}${plain.slice(d.end)}`;
  const all = clocks(plain);
  const before = (c: Clock) => plain.slice(Math.max(0, c.index - 14), c.index);
  const dateBefore = (c: Clock) => dates.filter((d) => d.end <= c.index && c.index - d.end <= 4).at(-1);
  const isRange = (a: Clock, b: Clock) => RANGE_GAP.test(plain.slice(a.end, b.index));
  // A military time needs a date or a time word just before it, or a range partner.
  const usable = all.filter((c, i) => {
    if (!c.military) return true;
    const next = all[i + 1];
    const prev = all[i - 1];
    return (
      Boolean(dateBefore(c)) ||
      TIME_WORD.test(before(c)) ||
      Boolean(next && isRange(c, next)) ||
      Boolean(prev && isRange(prev, c))
    );
  });
  const date = dates[0]?.value ?? fallbackDate;
  const fcfs = FCFS.test(text);
  for (let i = 0; i + 1 < usable.length; i++) {
    const a = usable[i] as Clock;
    const b = usable[i + 1] as Clock;
    if (!isRange(a, b)) continue;
    let start = a.time;
    const end = b.time;
    // "8:00 - 11:00 AM": the start takes the end's am/pm unless that puts it after the end.
    if (!a.ampm && b.ampm && !a.military) {
      const [h, m] = start.split(':');
      const shared = hhmm(h, m, b.ampm);
      if (shared && shared < end) start = shared;
    }
    const startDate = dateBefore(a)?.value ?? date;
    const written = dates.find((d) => d.index >= a.end && d.end <= b.index)?.value;
    const endDate = written ?? (startDate && end < start ? shiftDays(startDate, 1) : startDate);
    return { date: startDate, time: start, endDate, endTime: end, fcfs };
  }
  const open = usable.find((c) => /\b(?:open|opens|earliest|from)\b\s*:?\s*$/i.test(before(c)));
  const close = usable.find((c) => c !== open && /\b(?:close|closes|latest|until|to)\b\s*:?\s*$/i.test(before(c)));
  if (open && close && close.index > open.index) {
    const startDate = dateBefore(open)?.value ?? date;
    return {
      date: startDate,
      time: open.time,
      endDate: dateBefore(close)?.value ?? startDate,
      endTime: close.time,
      fcfs,
    };
  }
  const first = usable[0];
  return {
    date: (first && dateBefore(first)?.value) || date,
    time: first?.time ?? null,
    endDate: null,
    endTime: null,
    fcfs,
  };
}

const RANGE_GAP = /^\s*(?:-|–|—|to|thru|through|until|till)\s*$/i;
