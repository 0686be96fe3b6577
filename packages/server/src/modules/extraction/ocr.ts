import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import { type PageImage, type TextItem, type TextLine, toLines } from './pdf-text';

/*
 * OCR of scanned rate confirmations, offline (docs/adr/0009): tesseract.js (WebAssembly, a worker
 * thread) with the English LSTM data of @tesseract.js-data/eng read from node_modules (langPath is a
 * folder: nothing is fetched), pages of image-only PDFs rendered by pdf.js on @napi-rs/canvas. Words
 * become the same lines and cells as a text layer (toLines), after turning the page straight by the
 * slope of its baselines, so the same rules read them. Everything loads on the first scan, not at start;
 * the worker ends after two idle minutes.
 */

const require = createRequire(import.meta.url);
/** The data package's best integer LSTM model (tesseract.js's own default for OEM 1), gzipped as shipped. */
const langPath = () => join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const IDLE_MS = 120_000;
/** Rendering resolution of a PDF page for OCR: 8-pt print needs about 300 dpi. */
export const OCR_DPI = 300;

let worker: Promise<Worker> | null = null;
let idle: ReturnType<typeof setTimeout> | null = null;
let queue: Promise<unknown> = Promise.resolve();

async function startWorker(): Promise<Worker> {
  const { createWorker, OEM } = await import('tesseract.js');
  return createWorker('eng', OEM.LSTM_ONLY, {
    langPath: langPath(),
    cachePath: join(tmpdir(), 'backhaul-tesseract'),
    gzip: true,
  });
}

/** Ends the OCR worker (tests, shutdown); the next scan starts a new one. */
export async function closeOcr(): Promise<void> {
  if (idle) clearTimeout(idle);
  idle = null;
  const running = worker;
  worker = null;
  if (running) await (await running).terminate();
}

/** One recognition at a time on the one worker (it is single-threaded anyway). */
function withWorker<T>(work: (w: Worker) => Promise<T>): Promise<T> {
  const run = queue.then(async () => {
    if (idle) clearTimeout(idle);
    worker ??= startWorker();
    try {
      return await work(await worker);
    } catch (error) {
      await closeOcr().catch(() => undefined);
      throw error;
    } finally {
      idle = setTimeout(() => void closeOcr(), IDLE_MS);
      idle.unref();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

type Box = { x0: number; y0: number; x1: number; y1: number };
type OcrLine = { baseline: Box; words: Array<{ text: string; bbox: Box; confidence: number }> };

/** Line art read as text (rules, underscores, box edges) is no word. */
const LINE_ART = /^[_—–=~|.:'",`]+$/;

/**
 * OCR words as text runs in points (the page `widthPt` wide), turned straight by the median slope of
 * the baselines (a photo taken slightly askew): each word sits on its line's baseline.
 */
export function wordsToItems(lines: OcrLine[], imageWidth: number, widthPt: number): TextItem[] {
  const scale = widthPt / imageWidth;
  const slopes = lines
    .filter((l) => l.baseline.x1 - l.baseline.x0 > imageWidth * 0.1)
    .map((l) => (l.baseline.y1 - l.baseline.y0) / (l.baseline.x1 - l.baseline.x0))
    .sort((a, b) => a - b);
  const slope = slopes[Math.floor(slopes.length / 2)] ?? 0;
  const items: TextItem[] = [];
  for (const line of lines) {
    const b = line.baseline;
    const lineSlope = b.x1 > b.x0 ? (b.y1 - b.y0) / (b.x1 - b.x0) : slope;
    const words = line.words.filter((w) => w.text.trim() && !LINE_ART.test(w.text.trim()) && w.confidence >= 10);
    // A text layer's run is one cell while its gaps stay under half the font size, about one
    // character (two of ink, which a glyph does not fill): the line's mean ink width per character sets it.
    const chars = words.reduce((n, w) => n + w.text.trim().length, 0);
    const charWidth = chars ? words.reduce((n, w) => n + w.bbox.x1 - w.bbox.x0, 0) / chars : 0;
    const gap = charWidth * 2 * scale;
    // Capitals and ascenders stand about 0.72 of the font size.
    const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, c) => a - c);
    const size = Math.max(4, Math.min(40, ((heights[Math.floor(heights.length / 2)] ?? 0) / 0.72) * scale));
    for (const word of words) {
      const baseY = b.y0 + lineSlope * (word.bbox.x0 - b.x0);
      // Rotate by the page's slope: y' = y − x·slope, x' = x + y·slope (small angles).
      const x = word.bbox.x0 + baseY * slope;
      const y = baseY - word.bbox.x0 * slope;
      items.push({
        text: word.text.trim(),
        x: x * scale,
        y: y * scale,
        w: (word.bbox.x1 - word.bbox.x0) * scale,
        size,
        gap,
      });
    }
  }
  return items;
}

/** OCR of page images into the text model's lines. */
export async function ocrImages(pages: PageImage[]): Promise<TextLine[]> {
  const { PSM } = await import('tesseract.js');
  const out: TextLine[] = [];
  for (const page of pages) {
    const result = await withWorker(async (w) => {
      await w.setParameters({
        user_defined_dpi: String(page.dpi),
        // Sparse text: a form's cells and columns, not paragraphs (the automatic layout drops short cells).
        tessedit_pageseg_mode: PSM.SPARSE_TEXT,
      });
      return w.recognize(page.image, {}, { blocks: true, text: false });
    });
    const lines = (result.data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines)) as OcrLine[];
    out.push(...toLines(wordsToItems(lines, page.widthPx, page.widthPt), page.page));
  }
  return out;
}

/**
 * A phone photo or scan (PNG, JPEG) as a one-page PDF a letter page wide (pdfkit reads the image,
 * honouring a JPEG's EXIF orientation): pdf.js then draws it at the OCR resolution like any scanned
 * page. Images are decoded in JavaScript only: the canvas's own decoders crash the process on some
 * broken files, and an upload may be one.
 */
export async function photoPdf(image: Buffer): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ autoFirstPage: false });
  // pdfkit's openImage (not in its typings) parses the image once: its size, then its drawing.
  type Opened = { width: number; height: number };
  const img = (doc as unknown as { openImage(src: Buffer): Opened }).openImage(image);
  const width = 612;
  const height = Math.round((width * img.height) / img.width);
  if (!(height > 0 && height < width * 20)) throw new Error('not a page');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.addPage({ size: [width, height], margin: 0 });
  doc.image(img as unknown as Buffer, 0, 0, { width, height });
  doc.end();
  return done;
}
