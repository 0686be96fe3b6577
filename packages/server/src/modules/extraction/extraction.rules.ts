import { formatNumber } from '@backhaul/shared/formats/formats';
import type {
  ExtractedField,
  ExtractedLoad,
  ExtractedStop,
  ExtractedStopField,
  Reference,
} from '@backhaul/shared/modules/extraction/extraction.contract';
import { findCharges } from './charges.rules';
import { findFreight } from './freight.rules';
import { carrierCells, findBroker, findLoadNumber } from './parties.rules';
import type { PdfText } from './pdf-text';
import { findReferences } from './references.rules';
import { findStops, firstStopLine } from './stops.rules';
import { findDates } from './when.rules';

/*
 * Rate-confirmation rules over the text model (pdf-text.ts: lines of positioned cells, from the
 * text layer or from OCR): labels, not positions, each field with a confidence (0.9+ exact label,
 * 0.5-0.8 inferred, 0 missing). The parts: parties (broker, MC, load number), stops (places, dates,
 * windows, references), charges (line haul, accessorials, gross), freight (equipment, weight,
 * commodity, miles) and references.
 */

const field = (value: ExtractedField['value'], confidence: number): ExtractedField => ({
  value,
  confidence: value === null || (Array.isArray(value) && !value.length) ? 0 : confidence,
});

type ReadInfo = ExtractedLoad['read'];
const TEXT_READ: ReadInfo = { method: 'text', pages: 1, ocr_pages: 0, seconds: 0 };

/** One line for the trip's notes: what the load form has no field for. */
function notesLine(load: {
  broker_number: string | null;
  references: Reference[];
  equipment: string | null;
  weight: number | null;
  commodity: string | null;
}): string {
  const refs = load.references.map((r) => `${r.label} ${r.value}`).join(', ');
  const parts = [refs, load.equipment, load.weight ? `${formatNumber(load.weight)} lb` : null, load.commodity].filter(
    Boolean,
  );
  if (!parts.length) return '';
  return `Rate confirmation${load.broker_number ? ` ${load.broker_number}` : ''}: ${parts.join(' · ')}`;
}

/** The rules over a document's text: a pre-filled load with a confidence per field. */
export function extractFromText(doc: PdfText, read: ReadInfo = { ...TEXT_READ, pages: doc.pages }): ExtractedLoad {
  const carrier = carrierCells(doc);
  const free = doc.lines.map((l) => {
    const cells = l.cells.filter((c) => !carrier.has(c));
    return { ...l, cells, text: cells.map((c) => c.text).join('   ') };
  });
  const flow = free.map((l) => l.text).join('\n');
  // Dates written without a year ("12/16") take the document's own year.
  const docDate = findDates(flow).find((d) => /\d{4}/.test(flow.slice(d.index, d.end)))?.value ?? null;
  const stops = findStops(doc, carrier, docDate);
  const first = firstStopLine(doc);
  const broker = findBroker(doc, carrier, first?.page === 1 ? first.y : doc.height);
  const loadNumber = findLoadNumber(flow);
  const references: Reference[] = [];
  for (const line of free) {
    for (const { label, value } of findReferences(line.text)) {
      if (!references.some((r) => r.label === label && r.value === value)) references.push({ label, value });
    }
  }
  const charges = findCharges(free);
  const freight = findFreight(doc, (l) => l.cells.every((c) => carrier.has(c)));

  const fields: Record<string, ExtractedField> = {
    'broker.name': broker.name,
    'broker.mc': broker.mc,
    'broker.phone': broker.phone,
    'broker.email': broker.email,
    broker_number: loadNumber,
    reference_numbers: field(references, 0.9),
    'rate.total': charges.gross,
    'rate.line_haul': field(charges.lineHaul, 0.9),
    accessorials: field(charges.accessorials, 0.85),
    lumper: field(charges.lumper || null, 0.85),
    fuel_surcharge: field(charges.fuelSurcharge || null, 0.85),
    miles: field(freight.miles?.value ?? null, freight.miles?.confidence ?? 0),
    equipment: field(freight.equipment?.value ?? null, freight.equipment?.confidence ?? 0),
    weight: field(freight.weight?.value ?? null, freight.weight?.confidence ?? 0),
    commodity: field(freight.commodity?.value ?? null, freight.commodity?.confidence ?? 0),
  };
  const pickups = stops.filter((s) => s.type === 1);
  const deliveries = stops.filter((s) => s.type === 2);
  const stopFields = (list: ExtractedStop[], key: string) =>
    list.forEach((s, i) => {
      for (const f of Object.keys(s.confidence) as ExtractedStopField[]) {
        // A window without a start time ("FCFS") still answers the time field.
        const value = f === 'time' ? (s.time ?? s.window) : f === 'at_end' ? s.at_end || null : s[f];
        fields[`${key}.${i}.${f}`] = field(value, s.confidence[f] ?? 0);
      }
    });
  stopFields(pickups, 'pickups');
  stopFields(deliveries, 'deliveries');
  const count = (list: ExtractedStop[]) =>
    field(list.length ? list.length : null, list.length ? Math.max(...list.map((s) => s.confidence.city)) : 0);
  fields.pickups = count(pickups);
  fields.deliveries = count(deliveries);
  // OCR reads are less sure than a text layer's: a scan's field is never shown as exact.
  if (read.method === 'ocr') {
    for (const f of Object.values(fields)) f.confidence = Math.min(f.confidence, 0.8);
  }

  const str = (f: ExtractedField) => (typeof f.value === 'string' ? f.value : null);
  const gross = typeof charges.gross.value === 'number' ? charges.gross.value : null;
  const equipment = freight.equipment?.value ?? null;
  const weight = freight.weight?.value ?? null;
  const commodity = freight.commodity?.value ?? null;
  const stopRefs = new Set(stops.flatMap((s) => s.references.map((r) => `${r.label} ${r.value}`)));
  return {
    broker: { name: str(broker.name), mc: str(broker.mc), phone: str(broker.phone), email: str(broker.email) },
    broker_match: null,
    new_broker: null,
    broker_number: str(loadNumber),
    reference_numbers: references,
    pickups,
    deliveries,
    stops,
    rate: { total: gross, line_haul: charges.lineHaul, stated_total: charges.stated },
    gross,
    accessorials: charges.accessorials,
    lumper: charges.lumper,
    fuel_surcharge: charges.fuelSurcharge,
    miles: freight.miles?.value ?? null,
    equipment,
    weight,
    commodity,
    notes: notesLine({
      broker_number: str(loadNumber),
      // The stops' own references go on the stops; the load's others into the notes.
      references: references.filter((r) => !stopRefs.has(`${r.label} ${r.value}`) && r.label !== 'BOL'),
      equipment,
      weight,
      commodity,
    }),
    read,
    ai_status: 'extracted',
    fields,
  };
}
