import { formatNumber } from '@backhaul/shared/formats/formats';
import { FUEL_PRODUCTS, type FuelProduct } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { IFTA_GALLONS_DECIMALS, type IftaReportBody } from '@backhaul/shared/modules/ifta/ifta.contract';
import { toDollars } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { createPdf, type PdfColumn } from '../../platform/pdf/pdf.document';
import { fuelRows } from '../driver-pay';
import { computeOdometers, eldJurisdictionMiles } from '../eld';
import type { RoutingProvider } from '../mileage';
import { trucks } from '../trucks';
import { auditFileName, gallonsText, pdfHeading } from './ifta.export';
import {
  legsOfPath,
  measureRecord,
  placesOf,
  quarterLoadsSql,
  type RecordLeg,
  routeRecords,
  wholeMiles,
} from './ifta.miles';
import { type IftaPeriod, iftaPeriod, MOTOR_FUEL } from './ifta.service';
import { GALLONS_FMT, MILES_FMT, MONEY_FMT, type SheetColumn, workbookBuffer } from './ifta.xlsx';

/**
 * One individual vehicle distance record (IFTA Articles of Agreement R1000/P540: the distance records
 * an audit asks for): a loaded trip (a load's stops in order), an empty trip (the truck's previous
 * delivery to the load's first pickup) or, for a truck with ELD miles, the ELD's quarter.
 */
export type DistanceRecord = {
  truck_id: number | null;
  truck_number: string;
  trip_id: number | null;
  load_id: number | null;
  kind: 'loaded' | 'empty' | 'eld';
  /** YYYY-MM-DD HH:mm in the company's time zone. */
  start: string;
  end: string;
  origin: string;
  destination: string;
  stops: number;
  /** The highways the router took, in order. */
  route: string;
  /** Whole miles per jurisdiction (they add up to `total`). */
  miles: Record<string, number>;
  total: number;
  /** From the truck's odometer readings, where the eld module has them; else blank. */
  odometer_start: number | null;
  odometer_end: number | null;
};

export type FuelReceipt = {
  fuel_date: string;
  truck_number: string;
  invoice: string;
  location: string;
  city: string;
  state: string;
  product: FuelProduct;
  /** Thousandths of a gallon; cents. */
  gallons_milli: number;
  amount_cents: number;
};

export type IftaAudit = {
  period: IftaPeriod;
  records: DistanceRecord[];
  receipts: FuelReceipt[];
  /** Whole miles per jurisdiction: the records' sums (the return's miles). */
  miles: Record<string, number>;
  /** Motor fuel (diesel, gasoline) per jurisdiction, thousandths: the receipts' sums (the return's tax-paid). */
  motorMilli: Record<string, number>;
  skippedLegs: number;
};

type LoadRow = {
  id: number;
  trip_id: number;
  truck_id: number | null;
  truck_number: string | null;
  delivered: string;
  path: Array<string | null> | null;
  names: string[] | null;
  stop_at: Array<string | null> | null;
  prev: Array<string | null> | null;
  prev_names: string[] | null;
  prev_at: string | null;
};

const last = <T>(list: ReadonlyArray<T> | null | undefined): T | null => list?.[list.length - 1] ?? null;

/** The quarter's distance records and fuel receipts, with their totals (the return's figures). */
/**
 * Odometer start and end of each record, for trucks whose odometer rests on a reading (the eld
 * module: fuel rows, ELD imports, check-ins, typed readings): the truck's odometer as the quarter
 * begins (its last accepted reading then, plus the routed miles it delivered since), carried forward
 * by each record's miles in the truck's order; an ELD truck's record runs from that odometer to the
 * one at the period's end. A truck with no reading keeps them blank (its typed odometer moves with nothing).
 */
async function fillOdometers(db: DbOrTx, p: IftaPeriod, records: DistanceRecord[], routing: RoutingProvider) {
  const truckIds = [...new Set(records.flatMap((r) => (r.truck_id === null ? [] : [r.truck_id])))];
  if (!truckIds.length) return;
  const [edge] = await rowsOf<{ start: Date; end: Date }>(
    db,
    sql`select (${p.from}::date::timestamp at time zone ${p.timeZone}) as start,
      least((${p.to}::date + 1)::timestamp at time zone ${p.timeZone}, ${p.now}::timestamptz) as end`,
  );
  if (!edge) return;
  const eldTrucks = new Set(records.filter((r) => r.kind === 'eld').map((r) => Number(r.truck_id)));
  const at = (now: Date, ids: number[]) =>
    ids.length
      ? computeOdometers(db, { companyId: p.companyId, truckIds: ids, now: new Date(now), provider: routing })
      : Promise.resolve(new Map<number, { odometer: number | null; readingId: number | null }>());
  const [starts, ends] = await Promise.all([at(edge.start, truckIds), at(edge.end, [...eldTrucks])]);
  const running = new Map<number, number>();
  for (const [id, o] of starts) if (o.readingId !== null && o.odometer !== null) running.set(id, o.odometer);
  for (const r of records) {
    const from = r.truck_id === null ? undefined : running.get(r.truck_id);
    if (from === undefined || r.truck_id === null) continue;
    const end = r.kind === 'eld' ? (ends.get(r.truck_id)?.odometer ?? null) : from + r.total;
    r.odometer_start = from;
    r.odometer_end = end;
    if (end !== null) running.set(r.truck_id, end);
  }
}

export async function iftaAudit(
  db: DbOrTx,
  user: AuthUser,
  body: IftaReportBody,
  routing: RoutingProvider,
): Promise<IftaAudit> {
  const p = await iftaPeriod(db, user, body);
  const [loads, receipts, eld] = await Promise.all([
    rowsOf<LoadRow>(
      db,
      sql`with ${quarterLoadsSql(p)}
        select legs.id, legs.trip_id, legs.truck_id, t.truck_number, legs.path, legs.names, legs.stop_at,
          legs.prev, legs.prev_names,
          to_char(legs.delivery_at at time zone ${p.timeZone}, 'YYYY-MM-DD HH24:MI') as delivered,
          to_char(legs.prev_at at time zone ${p.timeZone}, 'YYYY-MM-DD HH24:MI') as prev_at
        from legs left join ${trucks} t on t.id = legs.truck_id
        where legs.inq
        order by t.truck_number nulls last, legs.truck_id, legs.delivery_at, legs.id`,
    ),
    rowsOf<FuelReceipt & { gallons_milli: string | number; amount_cents: string | number }>(
      db,
      sql`select ${fuelRows.fuelDate}::text as fuel_date, coalesce(t.truck_number, ${fuelRows.truckNumber}, '') as truck_number,
          coalesce(${fuelRows.invoice}, '') as invoice, coalesce(${fuelRows.location}, '') as location,
          coalesce(${fuelRows.city}, '') as city, coalesce(upper(trim(${fuelRows.state})), '') as state,
          ${fuelRows.product} as product, ${fuelRows.gallonsMilli} as gallons_milli, ${fuelRows.amountCents} as amount_cents
        from ${fuelRows} left join ${trucks} t on t.id = ${fuelRows.truckId}
        where ${fuelRows.companyId} = ${p.companyId} and ${fuelRows.status} <> 'Canceled'
          and ${fuelRows.fuelDate} between ${p.from} and ${p.deliveredBy}
          ${p.truckId ? sql`and ${fuelRows.truckId} = ${p.truckId}` : sql``}
        order by 2, 1, ${fuelRows.id}`,
    ),
    eldJurisdictionMiles(db, { companyId: p.companyId, from: p.from, to: p.deliveredBy }),
  ]);
  const eldTrucks = new Map<number, Record<string, number>>();
  for (const r of eld) {
    if (p.truckId && r.truck_id !== p.truckId) continue;
    const t = eldTrucks.get(r.truck_id) ?? {};
    t[r.jurisdiction] = (t[r.jurisdiction] ?? 0) + r.miles;
    eldTrucks.set(r.truck_id, t);
  }
  const routedLoads = loads.filter((l) => l.truck_id === null || !eldTrucks.has(Number(l.truck_id)));
  const emptyLeg = (l: LoadRow): RecordLeg[] => [{ from: last(l.prev), to: l.path?.[0] ?? null }];
  const places = await placesOf(
    db,
    routedLoads.flatMap((l) => [...(l.path ?? []), last(l.prev)]),
  );
  const routed = await routeRecords(db, routing, places, [
    ...routedLoads.map((l) => legsOfPath(l.path ?? [])),
    ...routedLoads.map(emptyLeg),
  ]);
  const records: DistanceRecord[] = [];
  let skippedLegs = 0;
  for (const l of routedLoads) {
    const truck = {
      truck_id: l.truck_id === null ? null : Number(l.truck_id),
      truck_number: l.truck_number ?? '',
      trip_id: Number(l.trip_id),
      load_id: Number(l.id),
      odometer_start: null,
      odometer_end: null,
    };
    // An empty leg that starts where the load picks up (same city) is no record: it has no miles.
    if (l.truck_id !== null && l.prev && last(l.prev) !== (l.path?.[0] ?? null)) {
      const empty = measureRecord(emptyLeg(l), routed.leg);
      skippedLegs += empty.skipped;
      records.push({
        ...truck,
        kind: 'empty',
        start: l.prev_at ?? '',
        end: l.stop_at?.[0] ?? '',
        origin: last(l.prev_names) ?? '',
        destination: l.names?.[0] ?? '',
        stops: 2,
        route: empty.routes.join(', '),
        miles: empty.miles,
        total: Object.values(empty.miles).reduce((s, m) => s + m, 0),
      });
    }
    const loaded = measureRecord(legsOfPath(l.path ?? []), routed.leg);
    skippedLegs += loaded.skipped;
    records.push({
      ...truck,
      kind: 'loaded',
      start: l.stop_at?.[0] ?? '',
      end: l.delivered,
      origin: l.names?.[0] ?? '',
      destination: last(l.names) ?? '',
      stops: l.path?.length ?? 0,
      route: loaded.routes.join(', '),
      miles: loaded.miles,
      total: Object.values(loaded.miles).reduce((s, m) => s + m, 0),
    });
  }
  const numbers = new Map(
    eldTrucks.size
      ? (
          await rowsOf<{ id: number; number: string }>(
            db,
            sql`select ${trucks.id} as id, ${trucks.truckNumber} as number from ${trucks}
              where ${trucks.companyId} = ${p.companyId}`,
          )
        ).map((t) => [Number(t.id), t.number])
      : [],
  );
  for (const [truckId, states] of eldTrucks) {
    const miles = wholeMiles(states);
    records.push({
      truck_id: truckId,
      truck_number: numbers.get(truckId) ?? String(truckId),
      trip_id: null,
      load_id: null,
      kind: 'eld',
      start: p.from,
      end: p.deliveredBy,
      origin: '',
      destination: '',
      stops: 0,
      route: 'ELD jurisdiction miles',
      miles,
      total: Object.values(miles).reduce((s, m) => s + m, 0),
      odometer_start: null,
      odometer_end: null,
    });
  }
  await fillOdometers(db, p, records, routing);
  const miles: Record<string, number> = {};
  for (const r of records) for (const [s, m] of Object.entries(r.miles)) miles[s] = (miles[s] ?? 0) + m;
  const motorMilli: Record<string, number> = {};
  const fuel = receipts.map((r) => ({
    ...r,
    product: (FUEL_PRODUCTS as readonly string[]).includes(r.product) ? r.product : ('other' as const),
    gallons_milli: Number(r.gallons_milli),
    amount_cents: Number(r.amount_cents),
  }));
  for (const r of fuel)
    if (MOTOR_FUEL.has(r.product)) motorMilli[r.state] = (motorMilli[r.state] ?? 0) + r.gallons_milli;
  return { period: p, records, receipts: fuel, miles, motorMilli, skippedLegs };
}

const KIND = { loaded: 'Loaded', empty: 'Empty', eld: 'ELD' } as const;
const milesText = (m: Record<string, number>) =>
  Object.entries(m)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, v]) => `${s} ${formatNumber(v)}`)
    .join(', ');
const jurisdictionsOf = (audit: IftaAudit) => Object.keys(audit.miles).sort();

/** Per jurisdiction: the records' miles and the receipts' motor fuel and reefer fuel. */
function jurisdictionTotals(audit: IftaAudit) {
  const reefer: Record<string, number> = {};
  for (const r of audit.receipts)
    if (r.product === 'reefer') reefer[r.state] = (reefer[r.state] ?? 0) + r.gallons_milli;
  const codes = [...new Set([...Object.keys(audit.miles), ...Object.keys(audit.motorMilli), ...Object.keys(reefer)])]
    .filter((s) => s !== '')
    .sort();
  return codes.map((state) => ({
    state,
    miles: audit.miles[state] ?? 0,
    motor_gallons: (audit.motorMilli[state] ?? 0) / 1000,
    reefer_gallons: (reefer[state] ?? 0) / 1000,
  }));
}

const receiptRow = (r: FuelReceipt) => ({
  ...r,
  gallons: r.gallons_milli / 1000,
  amount: toDollars(r.amount_cents),
});

const sumBy = <T>(list: readonly T[], pick: (t: T) => number) => list.reduce((s, t) => s + pick(t), 0);

/** The audit file as a workbook: distance records (a column per jurisdiction), fuel receipts, totals. */
export async function auditXlsx(audit: IftaAudit) {
  const codes = jurisdictionsOf(audit);
  const distance: SheetColumn[] = [
    { id: 'truck_number', title: 'Truck' },
    { id: 'trip_id', title: 'Trip' },
    { id: 'load_id', title: 'Load' },
    { id: 'kind', title: 'Kind' },
    { id: 'start', title: 'Start' },
    { id: 'end', title: 'End' },
    { id: 'origin', title: 'Origin' },
    { id: 'destination', title: 'Destination' },
    { id: 'route', title: 'Route' },
    { id: 'odometer_start', title: 'Odometer start', numFmt: MILES_FMT },
    { id: 'odometer_end', title: 'Odometer end', numFmt: MILES_FMT },
    { id: 'total', title: 'Miles', numFmt: MILES_FMT, sum: true },
    ...codes.map((c) => ({ id: `j_${c}`, title: c, numFmt: MILES_FMT, sum: true })),
  ];
  const totals = jurisdictionTotals(audit);
  const data = await workbookBuffer([
    {
      name: 'Distance records',
      columns: distance,
      rows: audit.records.map((r) => ({
        ...r,
        kind: KIND[r.kind],
        ...Object.fromEntries(Object.entries(r.miles).map(([s, m]) => [`j_${s}`, m])),
      })),
      totals: {
        total: sumBy(audit.records, (r) => r.total),
        ...Object.fromEntries(codes.map((c) => [`j_${c}`, audit.miles[c] ?? 0])),
      },
    },
    {
      name: 'Fuel receipts',
      columns: [
        { id: 'fuel_date', title: 'Date' },
        { id: 'truck_number', title: 'Truck' },
        { id: 'invoice', title: 'Invoice' },
        { id: 'location', title: 'Location' },
        { id: 'city', title: 'City' },
        { id: 'state', title: 'Jurisdiction' },
        { id: 'product', title: 'Product' },
        { id: 'gallons', title: 'Gallons', numFmt: GALLONS_FMT, sum: true },
        { id: 'amount', title: 'Amount', numFmt: MONEY_FMT, sum: true },
      ],
      rows: audit.receipts.map(receiptRow),
      totals: {
        gallons: sumBy(audit.receipts, (r) => r.gallons_milli) / 1000,
        amount: toDollars(sumBy(audit.receipts, (r) => r.amount_cents)),
      },
    },
    {
      name: 'Totals',
      columns: [
        { id: 'state', title: 'Jurisdiction' },
        { id: 'miles', title: 'Miles (records)', numFmt: MILES_FMT, sum: true },
        { id: 'motor_gallons', title: 'Motor fuel gallons (receipts)', numFmt: GALLONS_FMT, sum: true },
        { id: 'reefer_gallons', title: 'Reefer gallons (apart)', numFmt: GALLONS_FMT, sum: true },
      ],
      rows: totals,
      totals: {
        miles: sumBy(totals, (t) => t.miles),
        motor_gallons: sumBy(totals, (t) => t.motor_gallons * 1000) / 1000,
        reefer_gallons: sumBy(totals, (t) => t.reefer_gallons * 1000) / 1000,
      },
    },
  ]);
  return {
    name: auditFileName({ quarter: audit.period.quarter, truck_id: audit.period.truckId }, 'xlsx'),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    data,
  };
}

const PDF_RECORDS: PdfColumn[] = [
  { id: 'dates', title: 'Start / end', width: 1.35 },
  { id: 'truck_number', title: 'Truck', width: 0.6 },
  { id: 'ids', title: 'Trip / load', width: 0.7 },
  { id: 'kind', title: 'Kind', width: 0.55 },
  { id: 'from_to', title: 'Origin / destination', width: 1.7 },
  { id: 'route', title: 'Route', width: 1.3 },
  { id: 'by_state', title: 'Miles by jurisdiction', width: 1.8 },
  { id: 'total', title: 'Miles', kind: 'miles', width: 0.6 },
  { id: 'odometer', title: 'Odometer start / end', width: 0.9 },
];

const PDF_RECEIPTS: PdfColumn[] = [
  { id: 'fuel_date', title: 'Date', width: 0.9 },
  { id: 'truck_number', title: 'Truck', width: 0.9 },
  { id: 'invoice', title: 'Invoice', width: 1.1 },
  { id: 'location', title: 'Location', width: 2 },
  { id: 'state', title: 'Jur.', width: 0.5 },
  { id: 'product', title: 'Product', width: 0.8 },
  { id: 'gallons', title: 'Gallons', kind: 'number', decimals: IFTA_GALLONS_DECIMALS },
  { id: 'amount', title: 'Amount', kind: 'money' },
];

const PDF_TOTALS: PdfColumn[] = [
  { id: 'state', title: 'Jurisdiction' },
  { id: 'miles', title: 'Miles (records)', kind: 'miles' },
  { id: 'motor_gallons', title: 'Motor fuel gal (receipts)', kind: 'number', decimals: IFTA_GALLONS_DECIMALS },
  { id: 'reefer_gallons', title: 'Reefer gal (apart)', kind: 'number', decimals: IFTA_GALLONS_DECIMALS },
];

/** The audit file as a PDF: the distance records, the fuel receipts and the totals per jurisdiction. */
export async function auditPdf(db: DbOrTx, user: AuthUser, audit: IftaAudit) {
  const p = audit.period;
  const numbers = [...new Set(audit.records.map((r) => r.truck_number))];
  const heading = await pdfHeading(db, user, {
    from: p.from,
    to: p.to,
    truckId: p.truckId,
    truckNumber: audit.records.find((r) => r.truck_id === p.truckId)?.truck_number,
    inProgress: p.inProgress,
  });
  const pdf = createPdf({ ...heading, title: `IFTA audit file ${p.quarter}`, landscape: true });
  const totals = jurisdictionTotals(audit);
  pdf.keyValues([
    ['Period', `${p.from} to ${p.deliveredBy}${p.inProgress ? ' (quarter in progress)' : ''}`],
    ['Trucks', String(numbers.length)],
    ['Distance records', String(audit.records.length)],
    ['Miles', formatNumber(sumBy(totals, (t) => t.miles))],
    ['Motor fuel (receipts)', `${gallonsText(sumBy(totals, (t) => t.motor_gallons * 1000) / 1000)} gal`],
  ]);
  pdf.heading('Distance records');
  pdf.table({
    columns: PDF_RECORDS,
    rows: audit.records.map((r) => ({
      ...r,
      dates: `${r.start} / ${r.end}`,
      ids: r.trip_id === null ? '' : `${r.trip_id} / ${r.load_id}`,
      kind: KIND[r.kind],
      from_to: r.origin || r.destination ? `${r.origin} / ${r.destination}` : '',
      by_state: milesText(r.miles),
      odometer:
        r.odometer_start === null && r.odometer_end === null
          ? ''
          : `${formatNumber(r.odometer_start)} / ${formatNumber(r.odometer_end)}`,
    })),
    totals: { total: sumBy(audit.records, (r) => r.total) },
  });
  pdf.heading('Fuel receipts');
  pdf.table({
    columns: PDF_RECEIPTS,
    rows: audit.receipts.map((r) => ({ ...receiptRow(r), location: [r.location, r.city].filter(Boolean).join(', ') })),
    totals: {
      gallons: sumBy(audit.receipts, (r) => r.gallons_milli) / 1000,
      amount: toDollars(sumBy(audit.receipts, (r) => r.amount_cents)),
    },
  });
  pdf.heading('Totals by jurisdiction (the return)');
  pdf.table({
    columns: PDF_TOTALS,
    rows: totals,
    totals: {
      miles: sumBy(totals, (t) => t.miles),
      motor_gallons: sumBy(totals, (t) => t.motor_gallons * 1000) / 1000,
      reefer_gallons: sumBy(totals, (t) => t.reefer_gallons * 1000) / 1000,
    },
  });
  return {
    name: auditFileName({ quarter: p.quarter, truck_id: p.truckId }, 'pdf'),
    type: 'application/pdf',
    data: await pdf.toBuffer(),
  };
}
