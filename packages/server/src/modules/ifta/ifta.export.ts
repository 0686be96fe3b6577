import { formatNumber } from '@backhaul/shared/formats/formats';
import type { IftaReport } from '@backhaul/shared/modules/ifta/ifta.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { type ExportColumn, xlsxBuffer } from '../../platform/export/export-writers';
import { createPdf, type PdfColumn } from '../../platform/pdf/pdf.document';

/** The spreadsheet's columns; the rate in cents per gallon, so its 2-decimal number format keeps every digit. */
const XLSX_COLUMNS: ExportColumn[] = [
  { id: 'state', title: 'State' },
  { id: 'total_miles', title: 'Total miles', kind: 'miles', footer: 'sum' },
  { id: 'taxable_miles', title: 'Taxable miles', kind: 'miles', footer: 'sum' },
  { id: 'taxable_gallons', title: 'Taxable gallons', kind: 'number', footer: 'sum' },
  { id: 'tax_paid_gallons', title: 'Tax-paid gallons', kind: 'number', footer: 'sum' },
  { id: 'net_taxable_gallons', title: 'Net taxable gallons', kind: 'number', footer: 'sum' },
  { id: 'rate_cents', title: 'Tax rate (¢/gal)', kind: 'number' },
  { id: 'tax_due', title: 'Tax due (credit)', kind: 'money', footer: 'sum' },
];

const PDF_COLUMNS: PdfColumn[] = [
  { id: 'state', title: 'State', width: 0.7 },
  { id: 'total_miles', title: 'Total miles', kind: 'miles' },
  { id: 'taxable_miles', title: 'Taxable miles', kind: 'miles' },
  { id: 'taxable_gallons', title: 'Taxable gal', kind: 'number' },
  { id: 'tax_paid_gallons', title: 'Tax-paid gal', kind: 'number' },
  { id: 'net_taxable_gallons', title: 'Net taxable gal', kind: 'number' },
  { id: 'rate', title: 'Rate $/gal', width: 0.9 },
  { id: 'tax_due', title: 'Tax (credit)', kind: 'money' },
];

const totalsOf = (report: IftaReport): Record<string, number> => ({ ...report.totals });

const fileName = (report: IftaReport, ext: string) =>
  `ifta-${report.quarter}${report.truck_id ? `-truck-${report.truck_id}` : ''}.${ext}`;

/** The report as an XLSX sheet: numbers as numbers, a totals row of SUM formulas. */
export async function iftaXlsx(report: IftaReport) {
  const rows = report.rows.map((r) => ({ ...r, rate_cents: Math.round(r.tax_rate * 1_000_000) / 10_000 }));
  return {
    name: fileName(report, 'xlsx'),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    data: await xlsxBuffer(`IFTA ${report.quarter}`, XLSX_COLUMNS, rows, () => totalsOf(report)),
  };
}

/** The report as a PDF: the quarter's figures, then the table with its totals row. */
export async function iftaPdf(db: DbOrTx, user: AuthUser, report: IftaReport) {
  const [company] = await rowsOf<{ name: string }>(db, sql`select name from companies where id = ${user.companyId}`);
  const [truck] = report.truck_id
    ? await rowsOf<{ number: string }>(db, sql`select truck_number as number from trucks where id = ${report.truck_id}`)
    : [];
  const pdf = createPdf({
    company: { name: company?.name ?? 'Backhaul' },
    title: `IFTA quarterly report ${report.quarter}`,
    subtitle: `${report.from} — ${report.to}${truck ? ` · Truck ${truck.number}` : ' · All trucks'}`,
  });
  pdf.keyValues([
    ['Total miles', formatNumber(report.totals.total_miles)],
    ['Total gallons', formatNumber(report.total_gallons)],
    ['Fleet MPG', report.fleet_mpg.toFixed(2)],
    ['Legs without coordinates', String(report.skipped_legs)],
  ]);
  pdf.table({
    columns: PDF_COLUMNS,
    rows: report.rows.map((r) => ({ ...r, rate: r.tax_rate.toFixed(4) })),
    totals: totalsOf(report),
  });
  if (report.missing_rates.length)
    pdf.paragraph(`No rate for ${report.quarter} in: ${report.missing_rates.join(', ')} (their tax reads $0.00).`);
  return { name: fileName(report, 'pdf'), type: 'application/pdf', data: await pdf.toBuffer() };
}
