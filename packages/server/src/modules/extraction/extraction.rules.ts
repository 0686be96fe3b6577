import type {
  ExtractedField,
  ExtractedLoad,
  ExtractedStop,
  ExtractedStopField,
} from '@backhaul/shared/modules/extraction/extraction.contract';
import type { PdfText, TextCell, TextLine } from './pdf-text';

/*
 * Rate-confirmation rules: labels, not positions. A stop is a label cell ("Pick Up", "Shipper",
 * "Stop 2 - Delivery", "Consignee", …) with either its table row (the row holds a city/state/zip)
 * or the column block under it; when no label cell leads a block (letters), the running text is read
 * instead: a city/state/zip preceded by a stop word. Confidence: 0.9+ exact label, 0.5-0.7 inferred
 * (position, header, sums, running text), 0 missing.
 */

const STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A stop label leading a cell, and what follows it ("Shipper: Acme Foods" → "Acme Foods"). */
const STOP_LABEL =
  /^(?:stop\s*#?\s*\d+\s*[-–:.]?\s*)?(pick\s*-?\s*up|pickup|pu|shipper|origin|load\s+at|consignee|receiver|delivery|deliver\s+to|drop(?:\s*-?\s*off)?|destination)(?:\s*#?\s*\d+)?\b\s*:?\s*(.*)$/i;
/** Words after a stop word that make it a field label ("Pickup Date"), not a stop. */
const NOT_A_STOP = /^(?:date|time|hours|appt|appointment|instructions|notes?|number|no\.?|#|window|info)\b/i;
/** Lines that end a stop's column block. */
const BLOCK_END =
  /^(?:rate|charges|equipment|weight|commodity|notes?|instructions|total|line\s*haul|payment|carrier|special|terms)\b/i;
const FLOW_STOP_WORD =
  /\b(pick\s*-?\s*up|pickup|shipper|origin|load(?:ing)?\s+at|consignee|receiver|deliver(?:y|ing)?|drop(?:\s*-?\s*off)?|destination)\b/gi;
const CSZ = /([A-Za-z][A-Za-z.' -]{0,40}?)\s*,?\s+([A-Z]{2})[ ,]+(\d{5})(?:-\d{4})?(?!\d)/g;
const DATE_PATTERNS: Array<{ re: RegExp; parse: (m: RegExpExecArray) => string | null }> = [
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, parse: (m) => ymd(m[1], m[2], m[3]) },
  {
    re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/,
    parse: (m) => ymd(m[3]?.length === 2 ? `20${m[3]}` : m[3], m[1], m[2]),
  },
  {
    re: /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i,
    parse: (m) => ymd(m[3], String(MONTHS.indexOf((m[1] ?? '').slice(0, 3).toLowerCase()) + 1), m[2]),
  },
  {
    re: /\b(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s+(\d{4})\b/i,
    parse: (m) => ymd(m[3], String(MONTHS.indexOf((m[2] ?? '').slice(0, 3).toLowerCase()) + 1), m[1]),
  },
];
const TIME = String.raw`(\d{1,2})(?::?(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?`;
const WINDOW = new RegExp(String.raw`\b${TIME}\s*(?:-|–|to|and|thru)\s*${TIME}(?![\d/])`, 'i');
const SINGLE_TIME = /\b(\d{1,2}):(\d{2})\s*(a\.?m\.?|p\.?m\.?)?|\b(\d{1,2})\s*(a\.?m\.?|p\.?m\.?)(?![a-z])/i;
const FCFS = /\bFCFS\b|first[- ]come,?\s+first[- ]serve/i;
const AMOUNT = String.raw`(\$\s*\d[\d,]*(?:\.\d{2})?|\b\d[\d,]*\.\d{2})(?![\d,]|\.\d|\s*\/\s*h|\s*per\b)`;
const ACCESSORIALS: Array<[string, RegExp]> = [
  ['Fuel Surcharge', /\bfuel(?:\s*sur-?charge|\s*sc)?\b|\bfsc\b/i],
  ['Detention', /\bdetention\b/i],
  ['Lumper', /\blumper\b/i],
  ['Layover', /\blayover\b/i],
  ['Extra Stop', /\b(?:extra|additional)\s+stops?\b|\bstop[\s-]*offs?\b/i],
  ['TONU', /\btonu\b|truck\s+order(?:ed)?\s+not\s+used/i],
  ['Driver Assist', /\bdriver\s+assist\b/i],
];
const COMPANY =
  /\b(llc|inc|corp|co|company|logistics|freight|brokerage|transport(?:ation)?|group|solutions|shipping|express|carriers?)\b\.?/i;

function ymd(y?: string, m?: string, d?: string): string | null {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (!(year >= 2000 && year <= 2100 && month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const money = (s: string) => Math.round(Number(s.replace(/[$,\s]/g, '')) * 100) / 100;
const field = (value: ExtractedField['value'], confidence: number): ExtractedField => ({
  value,
  confidence: value === null || (Array.isArray(value) && !value.length) ? 0 : confidence,
});

export function findDate(text: string): string | null {
  let best: { index: number; date: string } | null = null;
  for (const { re, parse } of DATE_PATTERNS) {
    const m = re.exec(text);
    const date = m ? parse(m) : null;
    if (m && date && (!best || m.index < best.index)) best = { index: m.index, date };
  }
  return best?.date ?? null;
}

function hhmm(h?: string, m?: string, ampm?: string): string | null {
  let hour = Number(h);
  const minute = Number(m ?? 0);
  if (!Number.isInteger(hour) || hour > 24 || minute > 59) return null;
  const p = ampm?.toLowerCase().replace(/\./g, '');
  if (p === 'pm' && hour < 12) hour += 12;
  if (p === 'am' && hour === 12) hour = 0;
  return `${String(hour % 24).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The appointment time and window of a stop's text ("08:00-14:00", "FCFS", "9:00 AM"). */
export function findTime(raw: string): { time: string | null; window: string | null } {
  let text = raw;
  for (const { re } of DATE_PATTERNS) text = text.replace(new RegExp(re.source, 'gi'), ' ');
  text = text.replace(/\b\d{5}(?:-\d{4})?\b/g, ' ');
  const fcfs = FCFS.test(text);
  const w = WINDOW.exec(text);
  // A window needs a colon, am/pm or four digits on a side: "2-3" of an address is no window.
  const real = w && (/[:apAP]/.test(w[0]) || /\b\d{4}\s*(?:-|–|to)\s*\d{4}\b/.test(w[0]));
  if (w && real) {
    const from = hhmm(w[1], w[2], w[3] ?? w[6]);
    const to = hhmm(w[4], w[5], w[6]);
    if (from && to) return { time: from, window: `${fcfs ? 'FCFS ' : ''}${from}-${to}` };
  }
  const s = SINGLE_TIME.exec(text);
  const time = s ? (s[1] ? hhmm(s[1], s[2], s[3]) : hhmm(s[4], '00', s[5])) : null;
  return { time, window: fcfs ? 'FCFS' : null };
}

type Csz = { index: number; end: number; city: string; state: string; zip: string };

/** City, state and zip occurrences ("Cedar Rapids, IA 52404"), with a real state code. */
export function findCityStateZip(text: string): Csz[] {
  const out: Csz[] = [];
  for (const m of text.matchAll(CSZ)) {
    const state = m[2] ?? '';
    const city = (m[1] ?? '').replace(/^(?:at|in|to|from)\s+/i, '').trim();
    if (!STATES.has(state) || !city || /^(?:at|in|to|from)$/i.test(city)) continue;
    out.push({ index: m.index ?? 0, end: (m.index ?? 0) + m[0].length, city, state, zip: m[3] ?? '' });
  }
  return out;
}

const stopType = (word: string): 1 | 2 => (/^(pick|pu|ship|orig|load)/i.test(word) ? 1 : 2);

/** One stop from its lines (label remainder first): facility, street, city line, date and time. */
function parseStopLines(type: 1 | 2, lines: string[], base: number): ExtractedStop | null {
  const cszLine = lines.findIndex((l) => findCityStateZip(l).length > 0);
  if (cszLine < 0) return null;
  const line = lines[cszLine] ?? '';
  const csz = findCityStateZip(line)[0] as Csz;
  const before = [...lines.slice(0, cszLine), line.slice(0, csz.index)]
    .flatMap((l) => l.split(/\s*,\s*|\s{3,}/))
    .map((l) => l.replace(/^(?:name|facility|location|address)\s*:\s*/i, '').trim())
    .filter((l) => l && !findDate(l));
  const address = before.find((l) => /^\d+\s+\S/.test(l)) ?? null;
  const facility = before.find((l) => l !== address && /[A-Za-z]{2}/.test(l)) ?? null;
  const after = [line.slice(csz.end), ...lines.slice(cszLine + 1)].join('  ');
  const date = findDate(after) ?? findDate(lines.join('  '));
  const { time, window } = findTime(after);
  const inferred = base < 0.9 ? base : 0.7;
  return {
    type,
    facility,
    address,
    city: csz.city,
    state: csz.state,
    zip: csz.zip,
    date,
    time,
    window,
    at: date ? `${date}${time ? ` ${time}` : ''}` : '',
    confidence: {
      facility: facility ? inferred : 0,
      address: address ? inferred : 0,
      city: base,
      state: base,
      zip: base,
      date: date ? Math.min(base, 0.9) : 0,
      time: time || window ? Math.min(base, 0.85) : 0,
    } satisfies Record<ExtractedStopField, number>,
  };
}

/** Stops led by a label cell: its table row, or the block of lines under it in its column. */
function stopsFromLabels(doc: PdfText): Array<{ stop: ExtractedStop; order: number }> {
  const found: Array<{ stop: ExtractedStop; order: number }> = [];
  doc.lines.forEach((line, li) => {
    line.cells.forEach((cell, ci) => {
      const m = STOP_LABEL.exec(cell.text);
      if (!m || NOT_A_STOP.test(m[2] ?? '')) return;
      const type = stopType(m[1] ?? '');
      const rest = line.cells.slice(ci + 1);
      const order = line.page * 10_000 + line.y + cell.x / 1000;
      if (rest.some((c) => findCityStateZip(c.text).length)) {
        const stop = parseStopLines(type, [m[2] ?? '', ...rest.map((c) => c.text)].filter(Boolean), 0.95);
        if (stop) found.push({ stop, order });
        return;
      }
      // The column ends at the next cell on the label's line, or about 40 % of the page on.
      const right =
        line.cells.slice(ci + 1).find((c) => c.x > cell.x2 + 8)?.x ?? Math.min(doc.width, cell.x + doc.width * 0.4);
      const block = columnBlock(doc.lines, li, cell, right);
      const stop = parseStopLines(type, [m[2] ?? '', ...block].filter(Boolean), 0.95);
      if (stop) found.push({ stop, order });
    });
  });
  return found;
}

function columnBlock(lines: TextLine[], from: number, label: TextCell, right: number): string[] {
  const out: string[] = [];
  let lastY = label.y;
  for (const line of lines.slice(from + 1)) {
    if (line.page !== label.page) break;
    const cells = line.cells.filter((c) => c.x >= label.x - 8 && c.x < right - 4);
    if (!cells.length) continue;
    if (line.y - lastY > Math.max(20, label.size * 2.4)) break;
    const text = cells.map((c) => c.text).join('   ');
    const m = STOP_LABEL.exec(cells[0]?.text ?? '');
    if ((m && !NOT_A_STOP.test(m[2] ?? '')) || BLOCK_END.test(text) || out.length >= 8) break;
    out.push(text);
    lastY = line.y;
  }
  return out;
}

/** Letters: a city/state/zip in the running text, typed by the stop word before it. */
function stopsFromRunningText(text: string): ExtractedStop[] {
  const stops: ExtractedStop[] = [];
  const all = findCityStateZip(text);
  let previousEnd = 0;
  all.forEach((csz, i) => {
    const window = text.slice(Math.max(previousEnd, csz.index - 250), csz.index);
    const words = [...window.matchAll(FLOW_STOP_WORD)];
    const word = words.at(-1);
    previousEnd = csz.end;
    if (!word) return;
    const lead = window.slice((word.index ?? 0) + word[0].length).replace(/^\s*(?:to|at|from)?\s*:?\s*/i, '');
    const next = all[i + 1]?.index ?? text.length;
    const tail = text.slice(csz.end, Math.min(next, csz.end + 160));
    const nextWord = tail.search(FLOW_STOP_WORD);
    const stop = parseStopLines(
      stopType(word[1] ?? ''),
      [`${lead}${text.slice(csz.index, csz.end)}`, nextWord > 0 ? tail.slice(0, nextWord) : tail],
      0.6,
    );
    if (stop) stops.push({ ...stop, confidence: { ...stop.confidence, facility: stop.facility ? 0.5 : 0 } });
  });
  return stops;
}

const onCarrierLine = (text: string) => /\bcarrier\s*(?:name)?\s*:/i.test(text);

function findBroker(doc: PdfText, firstStopY: number) {
  const header = doc.lines.filter((l) => l.page === 1 && l.y < Math.min(firstStopY, doc.height * 0.3));
  let name: ExtractedField = field(null, 0);
  let brokerLine = -1;
  doc.lines.forEach((line, i) => {
    if (name.value) return;
    for (const [ci, cell] of line.cells.entries()) {
      const m = /^(?:broker(?:age)?|broker\s+name|brokered\s+by)\s*:\s*(.*)$/i.exec(cell.text);
      if (!m) continue;
      const value = (m[1] || line.cells[ci + 1]?.text || '').replace(/\s*\bMC\s*#.*$/i, '').trim();
      if (value) {
        name = field(value, 0.95);
        brokerLine = i;
        return;
      }
    }
  });
  const looksLikeRc = doc.lines.some((l) =>
    /rate\s+con|load\s+con|carrier\s+con|\bbroker\b|\bshipper\b|consignee|pick\s*-?\s*up|line\s*haul/i.test(l.text),
  );
  if (!name.value) {
    const candidates = header
      .flatMap((l) => l.cells)
      .filter(
        (c) =>
          /[A-Za-z]{3}/.test(c.text) &&
          !/confirmation|^rate\b|^load\b|^date\b|^page\b|^to\b|carrier|@|\d{3}/i.test(c.text) &&
          c.text.length <= 60,
      )
      .sort((a, b) => b.size - a.size || a.y - b.y);
    const top = candidates[0];
    if (top) {
      const value = top.text === top.text.toUpperCase() ? titleCase(top.text) : top.text;
      name = field(value, looksLikeRc ? (COMPANY.test(top.text) ? 0.7 : 0.5) : 0.3);
    }
  }
  const near = (i: number) =>
    i === brokerLine || i === brokerLine + 1 || (doc.lines[i]?.y ?? doc.height) < doc.height * 0.2;
  const pick = (re: RegExp, format: (m: RegExpExecArray) => string) => {
    for (const [i, line] of doc.lines.entries()) {
      if (line.y >= firstStopY && line.page === 1) break;
      if (onCarrierLine(line.text)) continue;
      const m = re.exec(line.text);
      if (m) return field(format(m), near(i) ? 0.9 : 0.7);
    }
    return field(null, 0);
  };
  const mc = pick(/\bMC\s*(?:#|no\.?|number)?\s*:?\s*#?\s*(\d{4,8})\b/i, (m) => m[1] ?? '');
  const phone = pick(
    /(?:\(\s*(\d{3})\s*\)|\b(\d{3}))[\s.-]*(\d{3})[\s.-](\d{4})\b/,
    (m) => `${m[1] ?? m[2]}${m[3]}${m[4]}`,
  );
  const email = pick(/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/, (m) => m[0].toLowerCase());
  return { name, mc, phone, email, looksLikeRc };
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase());

function findLoadNumber(text: string) {
  const strong =
    /\b(load|order|shipment|tender)\s*(?:#|no\b\.?|num(?:ber)?\b|id\b)\s*:?\s*#?\s*([A-Z0-9][A-Z0-9-]{2,})/i.exec(text);
  if (strong?.[2]) return field(strong[2], 0.95);
  const weak =
    /\b(?:confirmation|conf\.?|trip|reference|ref)\s*(?:#|no\b\.?|num(?:ber)?\b)\s*:?\s*([A-Z0-9][A-Z0-9-]{2,})/i.exec(
      text,
    );
  return weak?.[1] ? field(weak[1], 0.6) : field(null, 0);
}

function findReferences(lines: TextLine[]) {
  const out: Array<{ label: string; value: string }> = [];
  const re =
    /\b(pro|p\.?o\.?|bol|b\/l|ref(?:erence)?|customer\s+ref|shipper\s+ref)\s*(?:#|no\.?|number)?\s*:\s*#?\s*([A-Z0-9][A-Z0-9-]*(?:\s[A-Z0-9-]*\d[A-Z0-9-]*)?)/gi;
  const names: Record<string, string> = {
    pro: 'Pro',
    po: 'PO',
    bol: 'BOL',
    bl: 'BOL',
    ref: 'Reference',
    reference: 'Reference',
  };
  for (const line of lines) {
    if (onCarrierLine(line.text)) continue;
    for (const m of line.text.matchAll(re)) {
      const key = (m[1] ?? '').toLowerCase().replace(/[./]/g, '');
      const label = names[key] ?? titleCase(m[1] ?? '');
      const value = (m[2] ?? '').trim();
      if (value && !out.some((r) => r.label === label && r.value === value)) out.push({ label, value });
    }
  }
  return out;
}

function findCharges(lines: TextLine[]) {
  const amountAfter = (text: string, label: RegExp) => {
    const m = new RegExp(`(?:${label.source})[^\\n]{0,30}?${AMOUNT}`, 'i').exec(text);
    return m?.[1] ? money(m[1]) : null;
  };
  let total: number | null = null;
  let rate: number | null = null;
  let lineHaul: number | null = null;
  const accessorials: Array<{ name: string; amount: number }> = [];
  for (const { text } of lines) {
    total ??= amountAfter(
      text,
      /\btotal(?:\s+(?:carrier\s+)?(?:rate|pay|amount|cost|charges|due))?\s*:?\s*(?=\$|\d|usd)|\ball[- ]in(?:\s+rate)?\b|\bagreed\s+rate\b/,
    );
    rate ??= amountAfter(text, /\b(?:carrier\s+|flat\s+)?rate\s*(?::|(?=\s*\$))/);
    lineHaul ??= amountAfter(text, /\bline\s*-?\s*haul\b|\blinehaul\b|\bbase\s+rate\b/);
    for (const [name, re] of ACCESSORIALS) {
      if (accessorials.some((a) => a.name === name) || /\binclud/i.test(text)) continue;
      const amount = amountAfter(text, re);
      if (amount !== null) accessorials.push({ name, amount });
    }
  }
  const extras = accessorials.reduce((s, a) => s + a.amount, 0);
  const summed = lineHaul !== null ? Math.round((lineHaul + extras) * 100) / 100 : null;
  const totalField =
    total !== null
      ? field(total, 0.95)
      : rate !== null
        ? field(rate, 0.9)
        : summed !== null
          ? field(summed, 0.65)
          : field(null, 0);
  return { total: totalField, lineHaul: field(lineHaul, 0.9), accessorials };
}

/** The rules over a PDF's text: a pre-filled load with a confidence per field. */
export function extractFromText(doc: PdfText): ExtractedLoad {
  const flow = doc.lines.map((l) => l.text).join('\n');
  let stops = stopsFromLabels(doc)
    .sort((a, b) => a.order - b.order)
    .map((s) => s.stop);
  if (!stops.length) stops = stopsFromRunningText(doc.lines.map((l) => l.text).join(' '));
  const firstStop = doc.lines.find((l) =>
    l.cells.some((c) => STOP_LABEL.test(c.text) && !NOT_A_STOP.test(STOP_LABEL.exec(c.text)?.[2] ?? '')),
  );
  const broker = findBroker(doc, firstStop?.page === 1 ? firstStop.y : doc.height);
  const loadNumber = findLoadNumber(flow);
  const references = findReferences(doc.lines);
  const charges = findCharges(doc.lines);

  const fields: Record<string, ExtractedField> = {
    'broker.name': broker.name,
    'broker.mc': broker.mc,
    'broker.phone': broker.phone,
    'broker.email': broker.email,
    broker_number: loadNumber,
    reference_numbers: field(references, 0.9),
    'rate.total': charges.total,
    'rate.line_haul': charges.lineHaul,
    accessorials: field(charges.accessorials, 0.85),
  };
  const pickups = stops.filter((s) => s.type === 1);
  const deliveries = stops.filter((s) => s.type === 2);
  const stopFields = (list: ExtractedStop[], key: string) =>
    list.forEach((s, i) => {
      for (const f of Object.keys(s.confidence) as ExtractedStopField[]) {
        // A window without a start time ("FCFS") still answers the time field.
        fields[`${key}.${i}.${f}`] = field(f === 'time' ? (s.time ?? s.window) : s[f], s.confidence[f] ?? 0);
      }
    });
  stopFields(pickups, 'pickups');
  stopFields(deliveries, 'deliveries');
  fields.pickups = field(
    pickups.length ? pickups.length : null,
    pickups.length ? Math.max(...pickups.map((s) => s.confidence.city)) : 0,
  );
  fields.deliveries = field(
    deliveries.length ? deliveries.length : null,
    deliveries.length ? Math.max(...deliveries.map((s) => s.confidence.city)) : 0,
  );

  const str = (f: ExtractedField) => (typeof f.value === 'string' ? f.value : null);
  const total = typeof charges.total.value === 'number' ? charges.total.value : null;
  return {
    broker: { name: str(broker.name), mc: str(broker.mc), phone: str(broker.phone), email: str(broker.email) },
    broker_number: str(loadNumber),
    reference_numbers: references,
    pickups,
    deliveries,
    stops,
    rate: { total, line_haul: typeof charges.lineHaul.value === 'number' ? charges.lineHaul.value : null },
    gross: total,
    accessorials: charges.accessorials,
    ai_status: 'extracted',
    fields,
  };
}
