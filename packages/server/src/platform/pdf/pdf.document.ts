import { CURRENCY_PREFIX, formatCellExact, formatFixed } from '@backhaul/shared/formats/formats';
import type PDFKit from 'pdfkit';
import { lazyRequire } from '../lazy';

export type PdfCompany = { name: string; lines?: string[]; logo?: Buffer | null };
export type PdfColumnKind = 'text' | 'money' | 'miles' | 'number' | 'date';
/**
 * width is relative: the columns share the page width in these proportions. `decimals` fixes a
 * number's or money's decimals (a tax return's gallons to 3, its rates to 4 in $/gal); without it a
 * figure shows exactly, every decimal it has.
 */
export type PdfColumn = { id: string; title: string; width?: number; kind?: PdfColumnKind; decimals?: number };
export type PdfTable = { columns: PdfColumn[]; rows: Record<string, unknown>[]; totals?: Record<string, number> };

/** pdfkit is loaded by the first PDF, not at start. */
const loadPdfKit = lazyRequire<typeof PDFKit>('pdfkit');

const MARGIN = 40;
const HEADER_HEIGHT = 70;
const ROW_PAD = 4;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** The characters of Windows-1252 above Latin-1's ASCII: what the standard fonts draw besides ASCII and Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** The nearest the standard fonts can draw for characters the app writes that they have no glyph for. */
const NEAREST: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u200b': '',
};

/**
 * Text the standard PDF fonts (WinAnsi) can draw: a character outside it would print as other
 * glyphs ("→" came out as "!'"), so it becomes its nearest spelling, its letter without the accent,
 * or "?".
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (
      c === 9 ||
      c === 10 ||
      c === 13 ||
      (c >= 0x20 && c <= 0x7e) ||
      (c >= 0xa0 && c <= 0xff) ||
      WIN_ANSI_EXTRA.has(ch)
    )
      out += ch;
    else if (ch in NEAREST) out += NEAREST[ch];
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(bare) ? bare : '?';
    }
  }
  return out;
}

/**
 * A cell on paper, through the shared formatter: files are exact, so a figure keeps every decimal it
 * has (money its cents at least, a rate of $0.575 its third); a column with `decimals` writes exactly
 * that many (a return's gallons to 3, rates to 4), as the screen does.
 */
export function formatCell(kind: PdfColumnKind | undefined, v: unknown, decimals?: number): string {
  if (v === null || v === undefined) return '';
  if (kind === 'number' && decimals !== undefined) return formatFixed(v as number, decimals);
  if (kind === 'money' && decimals !== undefined) return formatFixed(v as number, decimals, CURRENCY_PREFIX);
  if (kind === 'money' || kind === 'miles' || kind === 'number') return formatCellExact(kind, v);
  return v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
}

/**
 * The one PDF layer (pdfkit): every page carries the company header (logo, name, address lines)
 * and "Page n of m"; tables repeat their header on each page and end with a totals row.
 * Invoices, statements and reports build on it.
 */
export function createPdf(opts: {
  company: PdfCompany;
  title: string;
  subtitle?: string;
  compress?: boolean;
  /** A wide table (an audit file's distance records) reads better across the page. */
  landscape?: boolean;
}) {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: opts.landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN + HEADER_HEIGHT, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    compress: opts.compress ?? true,
    info: { Title: opts.title, Author: opts.company.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = () => doc.page.width - MARGIN * 2;

  function header() {
    const { x, y } = { x: doc.x, y: doc.y };
    let left = MARGIN;
    if (opts.company.logo) {
      try {
        doc.image(opts.company.logo, MARGIN, MARGIN, { fit: [60, 50] });
        left += 70;
      } catch {
        // an unreadable logo must not stop an invoice
      }
    }
    doc.font(BOLD).fontSize(14).text(pdfSafe(opts.company.name), left, MARGIN, { width: 260, lineBreak: false });
    doc.font(FONT).fontSize(8);
    (opts.company.lines ?? []).slice(0, 4).forEach((line, i) => {
      doc.text(pdfSafe(line), left, MARGIN + 18 + i * 10, { width: 260, lineBreak: false });
    });
    doc
      .font(BOLD)
      .fontSize(12)
      .text(pdfSafe(opts.title), MARGIN, MARGIN, { width: width(), align: 'right', lineBreak: false });
    if (opts.subtitle) {
      doc
        .font(FONT)
        .fontSize(9)
        .text(pdfSafe(opts.subtitle), MARGIN, MARGIN + 16, { width: width(), align: 'right', lineBreak: false });
    }
    doc
      .moveTo(MARGIN, MARGIN + HEADER_HEIGHT - 12)
      .lineTo(doc.page.width - MARGIN, MARGIN + HEADER_HEIGHT - 12)
      .strokeColor('#999999')
      .stroke();
    doc.font(FONT).fontSize(10).fillColor('black');
    doc.x = x;
    doc.y = y;
  }
  doc.on('pageAdded', header);
  header();

  function tableRow(cols: PdfColumn[], widths: number[], texts: string[], bold: boolean) {
    const cells = texts.map(pdfSafe);
    doc.font(bold ? BOLD : FONT).fontSize(9);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: (widths[i] ?? 0) - ROW_PAD * 2 }));
    const h = Math.max(...heights, 10) + ROW_PAD * 2;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) return false;
    let x = MARGIN;
    const y = doc.y;
    cells.forEach((c, i) => {
      const w = widths[i] ?? 0;
      const kind = cols[i]?.kind;
      const align = kind === 'money' || kind === 'miles' || kind === 'number' ? 'right' : 'left';
      doc.text(c, x + ROW_PAD, y + ROW_PAD, { width: w - ROW_PAD * 2, align });
      x += w;
    });
    doc.y = y + h;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width(), doc.y)
      .strokeColor(bold ? '#333333' : '#dddddd')
      .stroke();
    return true;
  }

  return {
    doc,
    heading(text: string) {
      doc.moveDown(0.5).font(BOLD).fontSize(12).text(pdfSafe(text), MARGIN).moveDown(0.3).font(FONT).fontSize(10);
      return this;
    },
    paragraph(text: string) {
      doc.font(FONT).fontSize(10).text(pdfSafe(text), MARGIN, undefined, { width: width() }).moveDown(0.5);
      return this;
    },
    keyValues(pairs: [string, string][]) {
      for (const [k, v] of pairs) {
        doc
          .font(BOLD)
          .fontSize(10)
          .text(`${pdfSafe(k)}: `, MARGIN, undefined, { continued: true })
          .font(FONT)
          .text(pdfSafe(v));
      }
      doc.moveDown(0.5);
      return this;
    },
    table(t: PdfTable) {
      const total = t.columns.reduce((s, c) => s + (c.width ?? 1), 0);
      const widths = t.columns.map((c) => (width() * (c.width ?? 1)) / total);
      const head = t.columns.map((c) => c.title);
      const put = (cells: string[], bold: boolean) => {
        if (tableRow(t.columns, widths, cells, bold)) return;
        doc.addPage();
        tableRow(t.columns, widths, head, true);
        tableRow(t.columns, widths, cells, bold);
      };
      doc.x = MARGIN;
      put(head, true);
      for (const row of t.rows)
        put(
          t.columns.map((c) => formatCell(c.kind, row[c.id], c.decimals)),
          false,
        );
      if (t.totals) {
        const totals = t.totals;
        put(
          t.columns.map((c, i) =>
            totals[c.id] !== undefined ? formatCell(c.kind, totals[c.id], c.decimals) : i === 0 ? 'Total' : '',
          ),
          true,
        );
      }
      doc.moveDown(0.5);
      return this;
    },
    /** Stamps "Page n of m" on every page and answers the bytes. */
    async toBuffer(): Promise<Buffer> {
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font(FONT)
          .fontSize(8)
          .fillColor('#555555')
          .text(`Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN, {
            width: width(),
            align: 'center',
            lineBreak: false,
          });
        doc.page.margins.bottom = bottom;
      }
      doc.end();
      return done;
    },
  };
}

type PdfBuilder = ReturnType<typeof createPdf>;
