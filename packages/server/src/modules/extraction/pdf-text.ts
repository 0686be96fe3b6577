import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A run of text on a page: left edge, right edge and baseline from the top of the page, in points. */
export type TextCell = { page: number; x: number; x2: number; y: number; size: number; text: string };
/** Cells sharing a baseline, left to right. */
export type TextLine = { page: number; y: number; cells: TextCell[]; text: string };
export type PdfText = { pages: number; width: number; height: number; lines: TextLine[] };

/** pdf.js (~30 MB) loads with the first PDF read, not at start. */
const loadPdfJs = () => import('pdfjs-dist/legacy/build/pdf.mjs');
const standardFonts = () =>
  `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
const MAX_PAGES = 10;

type Item = { str: string; transform: number[]; width: number; height: number };
/** A run of text (a PDF text item or an OCR word): left edge, baseline, width and font size in points. */
export type TextItem = {
  text: string;
  x: number;
  y: number;
  w: number;
  size: number;
  /** The widest gap that still joins this run to the one before it (default half the font size). */
  gap?: number;
};

/**
 * Runs into lines and cells, the one text model the rules read (text layer and OCR alike): lines
 * are baselines within 2.5 pt; runs closer than about half a character are one cell.
 */
export function toLines(runs: TextItem[], page: number): TextLine[] {
  const items = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const rows: TextItem[][] = [];
  for (const item of items) {
    const row = rows.find((r) => Math.abs((r[0]?.y ?? 0) - item.y) <= 2.5);
    if (row) row.push(item);
    else rows.push([item]);
  }
  const lines: TextLine[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.x - b.x);
    const cells: TextCell[] = [];
    for (const item of row) {
      const last = cells.at(-1);
      if (last && item.x - last.x2 < (item.gap ?? Math.max(2, item.size * 0.5))) {
        last.text = `${last.text}${item.x - last.x2 > item.size * 0.15 ? ' ' : ''}${item.text}`.replace(/\s+/g, ' ');
        last.x2 = item.x + item.w;
      } else {
        cells.push({ page, x: item.x, x2: item.x + item.w, y: item.y, size: item.size, text: item.text.trim() });
      }
    }
    for (const c of cells) c.text = c.text.trim();
    lines.push({ page, y: row[0]?.y ?? 0, cells, text: cells.map((c) => c.text).join('   ') });
  }
  return lines;
}

/** A page as a PNG for OCR: its size in points (the text model's unit) and in pixels. */
export type PageImage = {
  page: number;
  image: Buffer;
  widthPt: number;
  heightPt: number;
  widthPx: number;
  dpi: number;
};

const openPdf = async (data: Uint8Array) => {
  const { getDocument } = await loadPdfJs();
  return getDocument({
    data: new Uint8Array(data),
    standardFontDataUrl: standardFonts(),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
};

/** Pages of a PDF drawn as PNG at `dpi` (pdf.js on @napi-rs/canvas), white behind: a scan's pages for OCR. */
export async function renderPdfPages(data: Uint8Array, pages: number[], dpi: number): Promise<PageImage[]> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const pdf = await openPdf(data);
  try {
    const out: PageImage[] = [];
    for (const p of pages) {
      const page = await pdf.getPage(p);
      const size = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      // @napi-rs/canvas implements the 2D context pdf.js draws on.
      type Context = Parameters<typeof page.render>[0]['canvasContext'];
      await page.render({ canvasContext: ctx as unknown as Context, viewport }).promise;
      out.push({
        page: p,
        image: canvas.toBuffer('image/png'),
        widthPt: size.width,
        heightPt: size.height,
        widthPx: canvas.width,
        dpi,
      });
      page.cleanup();
    }
    return out;
  } finally {
    await pdf.destroy();
  }
}

/**
 * The PDF's text as positioned cells and lines (pdf.js legacy build: pure JS, offline, no worker
 * thread, no eval). Items closer than about half a character are one cell; lines are baselines
 * within 2.5 pt. Reads at most the first 10 pages: a rate confirmation is one or two.
 */
export async function readPdfText(data: Uint8Array): Promise<PdfText> {
  const pdf = await openPdf(data);
  try {
    const lines: TextLine[] = [];
    let width = 612;
    let height = 792;
    for (let p = 1; p <= Math.min(pdf.numPages, MAX_PAGES); p++) {
      const page = await pdf.getPage(p);
      const view = page.getViewport({ scale: 1 });
      if (p === 1) ({ width, height } = view);
      const content = await page.getTextContent();
      const items = (content.items as Item[])
        .filter((i) => typeof i.str === 'string' && i.str.trim() !== '')
        .map((i) => ({
          text: i.str,
          x: i.transform[4] ?? 0,
          y: view.height - (i.transform[5] ?? 0),
          w: i.width,
          size: Math.abs(i.transform[3] ?? i.height) || i.height || 10,
        }));
      lines.push(...toLines(items, p));
      page.cleanup();
    }
    return { pages: pdf.numPages, width, height, lines };
  } finally {
    await pdf.destroy();
  }
}
