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

/**
 * The PDF's text as positioned cells and lines (pdf.js legacy build: pure JS, offline, no worker
 * thread, no eval). Items closer than about half a character are one cell; lines are baselines
 * within 2.5 pt. Reads at most the first 10 pages: a rate confirmation is one or two.
 */
export async function readPdfText(data: Uint8Array): Promise<PdfText> {
  const { getDocument } = await loadPdfJs();
  const pdf = await getDocument({
    data: new Uint8Array(data),
    standardFontDataUrl: standardFonts(),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
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
        }))
        .sort((a, b) => a.y - b.y || a.x - b.x);
      const rows: Array<typeof items> = [];
      for (const item of items) {
        const row = rows.find((r) => Math.abs((r[0]?.y ?? 0) - item.y) <= 2.5);
        if (row) row.push(item);
        else rows.push([item]);
      }
      for (const row of rows) {
        row.sort((a, b) => a.x - b.x);
        const cells: TextCell[] = [];
        for (const item of row) {
          const last = cells.at(-1);
          if (last && item.x - last.x2 < Math.max(2, item.size * 0.5)) {
            last.text = `${last.text}${item.x - last.x2 > item.size * 0.15 ? ' ' : ''}${item.text}`.replace(
              /\s+/g,
              ' ',
            );
            last.x2 = item.x + item.w;
          } else {
            cells.push({ page: p, x: item.x, x2: item.x + item.w, y: item.y, size: item.size, text: item.text.trim() });
          }
        }
        for (const c of cells) c.text = c.text.trim();
        const y = row[0]?.y ?? 0;
        lines.push({ page: p, y, cells, text: cells.map((c) => c.text).join('   ') });
      }
      page.cleanup();
    }
    return { pages: pdf.numPages, width, height, lines };
  } finally {
    await pdf.destroy();
  }
}
