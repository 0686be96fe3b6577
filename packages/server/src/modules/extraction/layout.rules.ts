import type { PdfText, TextCell, TextLine } from './pdf-text';

/*
 * Where things sit on the page: the block of lines under a heading cell in its own column (a stop,
 * the carrier, the broker), ending at a gap, a line that stops it, or a few lines on.
 */

export type BlockLine = { line: TextLine; cells: TextCell[]; text: string };

/**
 * The column's right edge: the next cell to the right on the heading's line, or about 42 % of the
 * page on; nearer, a column beside the block: three cells or more starting at one x in the lines
 * around it, with a clear gutter before them (a photo's lines do not share baselines across the page).
 */
export function rightOf(doc: PdfText, line: TextLine, cell: TextCell): number {
  const limit = line.cells.find((c) => c.x > cell.x2 + 8)?.x ?? Math.min(doc.width, cell.x + doc.width * 0.42);
  const at = doc.lines.indexOf(line);
  const around = doc.lines
    .slice(Math.max(0, at - 8), at + 9)
    .filter((l) => l.page === line.page)
    .flatMap((l) => l.cells);
  const near = around.filter((c) => c.x > cell.x2 + 8 && c.x < limit);
  const column = near
    .map((c) => c.x)
    .sort((a, b) => a - b)
    .find(
      (x) =>
        near.filter((c) => Math.abs(c.x - x) <= 6).length >= 3 && around.every((c) => c.x >= x - 6 || c.x2 < x - 20),
    );
  return column ?? limit;
}

export function columnBlock(
  doc: PdfText,
  from: number,
  opts: {
    left: number;
    right: number;
    size: number;
    /** Ends the block before this line (its cells in the column, its text, the whole line). */
    stop?: (text: string, cells: TextCell[], line: TextLine) => boolean;
    max?: number;
  },
): BlockLine[] {
  const out: BlockLine[] = [];
  const start = doc.lines[from];
  if (!start) return out;
  let lastY = start.y;
  for (const line of doc.lines.slice(from + 1)) {
    if (line.page !== start.page) break;
    const cells = line.cells.filter((c) => c.x >= opts.left - 8 && c.x < opts.right - 4);
    if (!cells.length) {
      if (line.y - lastY > Math.max(24, opts.size * 3)) break;
      continue;
    }
    if (line.y - lastY > Math.max(20, opts.size * 2.4)) break;
    const text = cells.map((c) => c.text).join('   ');
    if (opts.stop?.(text, cells, line) || out.length >= (opts.max ?? 8)) break;
    out.push({ line, cells, text });
    lastY = line.y;
  }
  return out;
}
