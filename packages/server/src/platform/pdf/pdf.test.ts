import { describe, expect, it } from 'vitest';
import { createPdf, formatCell } from './pdf.document';

// A 1×1 PNG logo.
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Text of an uncompressed pdfkit file: each TJ array's hex strings, decoded and joined. */
function extractText(pdf: Buffer): string[] {
  const s = pdf.toString('latin1');
  return [...s.matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)].map((m) =>
    [...(m[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1')).join(''),
  );
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('pdf layer', () => {
  it('draws the company header and page numbers on every page, and a table with its totals', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      load: `L-${1000 + i}`,
      route: 'Dallas, TX → Chicago, IL',
      miles: 900 + i,
      amount: 1500 + i / 4,
    }));
    const pdf = createPdf({
      company: { name: 'Backhaul Freight LLC', lines: ['1200 Commerce St', 'Dallas, TX 75202'], logo: LOGO },
      title: 'Driver statement',
      subtitle: '2026-11-01 – 2026-11-15',
      compress: false,
    });
    pdf.keyValues([['Driver', 'John Smith']]).heading('Loads');
    pdf.table({
      columns: [
        { id: 'load', title: 'Load', width: 1 },
        { id: 'route', title: 'Route', width: 3 },
        { id: 'miles', title: 'Miles', kind: 'miles' },
        { id: 'amount', title: 'Amount', kind: 'money' },
      ],
      rows,
      totals: { miles: rows.reduce((s, r) => s + r.miles, 0), amount: rows.reduce((s, r) => s + r.amount, 0) },
    });
    const bytes = await pdf.toBuffer();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pageCount(bytes);
    expect(pages).toBeGreaterThanOrEqual(3);

    const text = extractText(bytes);
    expect(text.filter((t) => t === 'Backhaul Freight LLC')).toHaveLength(pages);
    expect(text.filter((t) => t === 'Driver statement')).toHaveLength(pages);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
    // The table header repeats on each page; the totals row closes the table.
    expect(text.filter((t) => t === 'Route')).toHaveLength(pages);
    expect(text).toContain('L-1119');
    const totalAt = text.lastIndexOf('Total');
    expect(totalAt).toBeGreaterThan(text.indexOf('L-1119'));
    expect(text.slice(totalAt)).toContain('$181,785.00');
    expect(bytes.toString('latin1')).toContain('/Subtype /Image');
  });

  it('writes what the standard fonts cannot draw as its nearest spelling', async () => {
    const pdf = createPdf({ company: { name: 'Café Freight' }, title: 'Route → summary', compress: false });
    pdf.keyValues([['Balance', '−$742.35 ≤ limit']]);
    pdf.table({
      columns: [{ id: 'route', title: 'Route' }],
      rows: [{ route: 'Dallas, TX → Kraków via Gdańsk' }],
    });
    const text = extractText(await pdf.toBuffer());
    // "→" used to print as "!'" (no glyph in WinAnsi); Latin-1 stays, another letter loses its accent.
    expect(text).toEqual(
      expect.arrayContaining([
        'Café Freight',
        'Route -> summary',
        '-$742.35 <= limit',
        'Dallas, TX -> Kraków via Gdansk',
      ]),
    );
  });

  it('writes figures exactly, through the shared formatter: nothing the screen shows is trimmed (issue 32)', () => {
    // A fuel price of $3.899/gal and a rate of $0.575/mi keep their third decimal on paper.
    expect(formatCell('number', 3.899)).toBe('3.899');
    expect(formatCell('money', 0.575)).toBe('$0.575');
    expect(formatCell('money', -12.5)).toBe('-$12.50');
    expect(formatCell('miles', 1582)).toBe('1,582 mi');
    // A tax return's own precision: gallons to 3 decimals, rates to 4, as its screen shows them.
    expect(formatCell('number', 49.087, 3)).toBe('49.087');
    expect(formatCell('number', 80.5, 3)).toBe('80.500');
    expect(formatCell('number', 0.35, 4)).toBe('0.3500');
    expect(formatCell('text', null)).toBe('');
  });

  it('compresses by default', async () => {
    const pdf = createPdf({ company: { name: 'Backhaul Freight LLC' }, title: 'Invoice' });
    pdf.paragraph('Thank you for your business.');
    const bytes = await pdf.toBuffer();
    expect(bytes.toString('latin1')).toContain('/FlateDecode');
    expect(pageCount(bytes)).toBe(1);
  });
});
