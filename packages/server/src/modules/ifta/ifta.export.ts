import { formatNumber } from '@backhaul/shared/formats/formats';
import {
  IFTA_GALLONS_DECIMALS,
  IFTA_RATE_DECIMALS,
  type IftaReport,
  iftaGallons,
  iftaMpg,
} from '@backhaul/shared/modules/ifta/ifta.contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { companies } from '../../platform/companies/companies.table';
import { createPdf, type PdfColumn } from '../../platform/pdf/pdf.document';
import { GALLONS_FMT, MILES_FMT, MONEY_FMT, RATE_FMT, type SheetColumn, workbookBuffer } from './ifta.xlsx';

type Row = IftaReport['rows'][number];

/** A line's name on paper: the jurisdiction, its surcharge line, or a place outside IFTA. */
const lineName = (r: Pick<Row, 'state' | 'line' | 'ifta'>) =>
  r.line === 'surcharge' ? `${r.state} surcharge` : r.ifta ? r.state : `${r.state} (non-IFTA)`;

/** Gallons to 3 decimals (rates to 4): the return's own precision, the shared formatter the screen uses. */
export const gallonsText = iftaGallons;

/** A surcharge line has no miles of its own: blank, not 0, so a column's sum is the return's. */
const paperRow = (r: Row) => ({
  ...r,
  jurisdiction: lineName(r),
  total_miles: r.line === 'surcharge' ? null : r.total_miles,
  taxable_miles: r.line === 'surcharge' ? null : r.taxable_miles,
  tax_paid_gallons: r.line === 'surcharge' ? null : r.tax_paid_gallons,
});

const fileName = (report: Pick<IftaReport, 'quarter' | 'truck_id'>, kind: string, ext: string) =>
  `${kind}-${report.quarter}${report.truck_id ? `-truck-${report.truck_id}` : ''}.${ext}`;
const returnFileName = (report: Pick<IftaReport, 'quarter' | 'truck_id'>, ext: string) => fileName(report, 'ifta', ext);
export const auditFileName = (report: Pick<IftaReport, 'quarter' | 'truck_id'>, ext: string) =>
  fileName(report, 'ifta-audit', ext);

/** The figures above the table, in the same words on paper and in the spreadsheet. */
function summaryPairs(report: IftaReport): Array<[string, string]> {
  return [
    ...(report.notice ? ([['Notice', report.notice]] as Array<[string, string]>) : []),
    ['Period', `${report.from} to ${report.delivered_by}`],
    ['Total miles', formatNumber(report.totals.total_miles)],
    ['Loaded / empty miles', `${formatNumber(report.loaded_miles)} / ${formatNumber(report.empty_miles)}`],
    ['Motor fuel (diesel, gasoline)', `${gallonsText(report.total_gallons)} gal`],
    ['Fleet MPG', iftaMpg(report.fleet_mpg)],
    ['Reefer fuel (apart, not in MPG)', `${gallonsText(report.reefer.gallons)} gal`],
    [
      'DEF and other items (not counted)',
      `${gallonsText(report.excluded_gallons.def + report.excluded_gallons.other)} gal`,
    ],
    ['Legs that could not be measured', String(report.skipped_legs)],
    ['First loads with no empty leg (no delivery before, no home terminal)', String(report.empty_legs_without_start)],
    ['Miles measured by', report.provider],
  ];
}

const RETURN_COLUMNS: SheetColumn[] = [
  { id: 'jurisdiction', title: 'Jurisdiction' },
  { id: 'total_miles', title: 'Total miles', numFmt: MILES_FMT, sum: true },
  { id: 'taxable_miles', title: 'Taxable miles', numFmt: MILES_FMT, sum: true },
  { id: 'taxable_gallons', title: 'Taxable gallons', numFmt: GALLONS_FMT },
  { id: 'tax_paid_gallons', title: 'Tax-paid gallons', numFmt: GALLONS_FMT, sum: true },
  { id: 'net_taxable_gallons', title: 'Net taxable gallons', numFmt: GALLONS_FMT },
  { id: 'tax_rate', title: 'Tax rate ($/gal)', numFmt: RATE_FMT },
  { id: 'tax_due', title: 'Tax due (credit)', numFmt: MONEY_FMT, sum: true },
];

const TRUCK_COLUMNS: SheetColumn[] = [
  { id: 'truck_number', title: 'Truck' },
  { id: 'loaded_miles', title: 'Loaded miles', numFmt: MILES_FMT, sum: true },
  { id: 'empty_miles', title: 'Empty miles', numFmt: MILES_FMT, sum: true },
  { id: 'routed_miles', title: 'Routed miles', numFmt: MILES_FMT, sum: true },
  { id: 'eld_miles', title: 'ELD miles', numFmt: MILES_FMT },
  { id: 'source', title: 'Miles from' },
  { id: 'difference', title: 'ELD − routed', numFmt: MILES_FMT },
];

const truckRows = (report: IftaReport) =>
  report.trucks.map((t) => ({ ...t, source: t.source === 'eld' ? 'ELD' : 'Routed' }));
const truckTotals = (report: IftaReport) => ({
  loaded_miles: report.trucks.reduce((s, t) => s + t.loaded_miles, 0),
  empty_miles: report.trucks.reduce((s, t) => s + t.empty_miles, 0),
  routed_miles: report.trucks.reduce((s, t) => s + t.routed_miles, 0),
});

/**
 * The return as a workbook: the jurisdictions' lines (a surcharge line's gallons repeat its
 * jurisdiction's, so the gallon totals are the return's figures, not column sums), the figures of
 * the quarter, and the miles per truck with their source.
 */
export async function iftaXlsx(report: IftaReport) {
  const data = await workbookBuffer([
    {
      name: `IFTA ${report.quarter}`,
      columns: RETURN_COLUMNS,
      rows: report.rows.map(paperRow),
      totals: { ...report.totals },
    },
    {
      name: 'Summary',
      columns: [
        { id: 'k', title: 'Figure' },
        { id: 'v', title: 'Value' },
      ],
      rows: summaryPairs(report).map(([k, v]) => ({ k, v })),
    },
    { name: 'Trucks', columns: TRUCK_COLUMNS, rows: truckRows(report), totals: truckTotals(report) },
  ]);
  return {
    name: returnFileName(report, 'xlsx'),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    data,
  };
}

const PDF_COLUMNS: PdfColumn[] = [
  { id: 'jurisdiction', title: 'Jurisdiction', width: 1.2 },
  { id: 'total_miles', title: 'Total miles', kind: 'miles' },
  { id: 'taxable_miles', title: 'Taxable miles', kind: 'miles' },
  { id: 'taxable_gallons', title: 'Taxable gal', kind: 'number', decimals: IFTA_GALLONS_DECIMALS },
  { id: 'tax_paid_gallons', title: 'Tax-paid gal', kind: 'number', decimals: IFTA_GALLONS_DECIMALS },
  { id: 'net_taxable_gallons', title: 'Net taxable gal', kind: 'number', decimals: IFTA_GALLONS_DECIMALS },
  { id: 'tax_rate', title: 'Rate $/gal', kind: 'money', decimals: IFTA_RATE_DECIMALS, width: 0.8 },
  { id: 'tax_due', title: 'Tax (credit)', kind: 'money' },
];

const PDF_TRUCKS: PdfColumn[] = [
  { id: 'truck_number', title: 'Truck' },
  { id: 'loaded_miles', title: 'Loaded', kind: 'miles' },
  { id: 'empty_miles', title: 'Empty', kind: 'miles' },
  { id: 'routed_miles', title: 'Routed', kind: 'miles' },
  { id: 'eld_miles', title: 'ELD', kind: 'miles' },
  { id: 'source', title: 'Miles from' },
  { id: 'difference', title: 'ELD − routed', kind: 'miles' },
];

type Heading = { from: string; to: string; truckId: number | null; truckNumber?: string; inProgress: boolean };

/** The company's name and the period (for one truck, its number): the PDFs' header. */
export async function pdfHeading(db: DbOrTx, user: AuthUser, h: Heading) {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, user.companyId));
  const truck = h.truckId ? ` · Truck ${h.truckNumber ?? h.truckId}` : ' · All trucks';
  return {
    company: { name: company?.name ?? 'Backhaul' },
    subtitle: `${h.from} to ${h.to}${truck}${h.inProgress ? ' · in progress' : ''}`,
  };
}

/** The return as a PDF: the quarter's figures, the jurisdictions' lines with totals, the trucks. */
export async function iftaPdf(db: DbOrTx, user: AuthUser, report: IftaReport) {
  const heading = await pdfHeading(db, user, {
    from: report.from,
    to: report.to,
    truckId: report.truck_id,
    truckNumber: report.trucks.find((t) => t.truck_id === report.truck_id)?.truck_number,
    inProgress: report.in_progress,
  });
  const pdf = createPdf({ ...heading, title: `IFTA quarterly return ${report.quarter}` });
  pdf.keyValues(summaryPairs(report));
  pdf.table({ columns: PDF_COLUMNS, rows: report.rows.map(paperRow), totals: { ...report.totals } });
  if (report.missing_rates.length)
    pdf.paragraph(`No rate for ${report.quarter} in: ${report.missing_rates.join(', ')} (their tax reads $0.00).`);
  if (report.reefer.rows.length)
    pdf.paragraph(
      `Reefer fuel by jurisdiction (apart): ${report.reefer.rows.map((r) => `${r.state} ${gallonsText(r.gallons)} gal`).join(', ')}.`,
    );
  if (report.trucks.length) {
    pdf.heading('Miles per truck');
    pdf.table({ columns: PDF_TRUCKS, rows: truckRows(report), totals: truckTotals(report) });
  }
  return { name: returnFileName(report, 'pdf'), type: 'application/pdf', data: await pdf.toBuffer() };
}
