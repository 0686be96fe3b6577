import type { ExtractedLoad } from '@backhaul/shared/modules/extraction/extraction.contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { brokers } from '../brokers';
import { extractFromText } from './extraction.rules';
import { OCR_DPI, ocrImages, photoPdf } from './ocr';
import { type PageImage, type PdfText, readPdfText, renderPdfPages } from './pdf-text';

export const EXTRACTION_MSG = {
  pdfOnly: 'Only a PDF or a photo of the page (png, jpeg) can be read as a rate confirmation.',
  unreadable: 'The PDF could not be read.',
  imageUnreadable: 'The image could not be read.',
} as const;

/** A page with fewer characters of text than this is a scan: it goes through OCR. */
const SCAN_CHARS = 20;
/** OCR costs seconds a page: a rate confirmation is one to three. */
const MAX_OCR_PAGES = 4;

const IMAGE_MIMES = new Set(['image/png', 'image/jpeg']);
export const isReadableMime = (mime: string) => mime === 'application/pdf' || IMAGE_MIMES.has(mime);

/**
 * A rate confirmation → a pre-filled load with a confidence per field, read offline with rules (no
 * network, no model): a PDF's text layer; its pages without text (a scan) and photos (png, jpeg)
 * through OCR (ocr.ts) into the same text model. Nothing is saved: the trips dialog shows it for
 * review. A broken PDF or image is a 422 on the file.
 */
export async function extractRateConfirmation(file: Uint8Array, mime = 'application/pdf'): Promise<ExtractedLoad> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 10) / 100;
  if (IMAGE_MIMES.has(mime)) {
    let pdf: Buffer;
    let page: PageImage | undefined;
    try {
      pdf = await photoPdf(Buffer.from(file));
      [page] = await renderPdfPages(pdf, [1], OCR_DPI);
    } catch {
      throw AppError.invalidField('file', EXTRACTION_MSG.imageUnreadable);
    }
    if (!page) throw AppError.invalidField('file', EXTRACTION_MSG.imageUnreadable);
    const doc: PdfText = { pages: 1, width: page.widthPt, height: page.heightPt, lines: await ocrImages([page]) };
    return extractFromText(doc, { method: 'ocr', pages: 1, ocr_pages: 1, seconds: seconds() });
  }
  let doc: PdfText;
  try {
    doc = await readPdfText(file);
  } catch {
    throw AppError.invalidField('file', EXTRACTION_MSG.unreadable);
  }
  const read = Math.min(doc.pages, 10);
  const scanned = Array.from({ length: read }, (_, i) => i + 1)
    .filter((p) => charsOn(doc, p) < SCAN_CHARS)
    .slice(0, MAX_OCR_PAGES);
  if (!scanned.length)
    return extractFromText(doc, { method: 'text', pages: doc.pages, ocr_pages: 0, seconds: seconds() });
  const images = await renderPdfPages(file, scanned, OCR_DPI);
  const lines = [...doc.lines.filter((l) => !scanned.includes(l.page)), ...(await ocrImages(images))].sort(
    (a, b) => a.page - b.page || a.y - b.y,
  );
  return extractFromText(
    { ...doc, lines },
    { method: 'ocr', pages: doc.pages, ocr_pages: scanned.length, seconds: seconds() },
  );
}

const charsOn = (doc: PdfText, page: number) =>
  doc.lines.filter((l) => l.page === page).reduce((n, l) => n + l.text.replace(/\s/g, '').length, 0);

const normalName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9& ]/g, ' ')
    .replace(/\b(?:llc|l l c|inc|incorporated|corp|corporation|co|company|ltd|limited|lp|llp|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The registry's broker for the confirmation: by MC number (digits), else by name without its legal
 * ending ("Summit Ridge Logistics, LLC" = "Summit Ridge Logistics LLC"); none found and a name read →
 * the new-broker form's fields, offered.
 */
export async function matchBroker(db: DbOrTx, companyId: number, load: ExtractedLoad): Promise<ExtractedLoad> {
  const { name, mc, email, phone } = load.broker;
  const columns = { id: brokers.id, name: brokers.name, mc: brokers.mcNumber };
  if (mc) {
    const [byMc] = await db
      .select(columns)
      .from(brokers)
      .where(and(eq(brokers.companyId, companyId), sql`regexp_replace(${brokers.mcNumber}, '\\D', '', 'g') = ${mc}`))
      .orderBy(brokers.id)
      .limit(1);
    if (byMc) return { ...load, broker_match: { broker_id: byMc.id, name: byMc.name, mc_number: byMc.mc, by: 'mc' } };
  }
  const wanted = name ? normalName(name) : '';
  if (wanted) {
    const lead = wanted.split(' ')[0] ?? '';
    const candidates = await db
      .select(columns)
      .from(brokers)
      .where(and(eq(brokers.companyId, companyId), sql`lower(${brokers.name}) like ${`%${lead}%`}`))
      .orderBy(brokers.id)
      .limit(200);
    const byName = candidates.find((b) => normalName(b.name) === wanted);
    if (byName)
      return { ...load, broker_match: { broker_id: byName.id, name: byName.name, mc_number: byName.mc, by: 'name' } };
  }
  if (!name) return load;
  return {
    ...load,
    new_broker: {
      broker: name,
      mc_number: mc && /^\d{4,8}$/.test(mc) ? mc : '',
      email_address: email ?? '',
      local_phone: phone ?? '',
    },
  };
}
