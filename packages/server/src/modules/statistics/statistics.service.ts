import { MSG } from '@backhaul/shared';
import { addDays } from '@backhaul/shared/formats/formats';
import {
  type GraphSeries,
  type SendCustomerReportBody,
  SPOT_RATE_DAYS,
  type StatisticsGraph,
  type StatisticsTotals,
  type StatisticsWindow,
} from '@backhaul/shared/modules/statistics/statistics.contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthContext, AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { xlsxBuffer } from '../../platform/export/export-writers';
import { exportKindOf, type ListDefinition } from '../../platform/list/define-list';
import { compileList, listFrom, selectTotals, streamList } from '../../platform/list/run-list';
import type { Mailer } from '../../platform/mail/mailer';
import { reportMail } from '../../platform/mail/templates';
import { defineCommand, runCommand } from '../../platform/record/command';
import { customers } from '../customers';
import { loads, toEngineRequest, tripsList } from '../trips';
import { dispatchStatisticsList } from './statistics.list';
import { resolveWindow, windowLabels } from './statistics.window';

const TZ = 'America/Chicago';

const rate = (cents: number, miles: number) => (miles > 0 ? Math.round(cents / miles) / 100 : 0);
const dollars = (cents: number) => Math.round(cents) / 100;

type Summary = { totals: StatisticsTotals; series: GraphSeries; dispatchers: StatisticsGraph['graphDispatch'] };

/**
 * The figures of a list's filtered loads over a window, in three aggregate queries run in
 * parallel: per label (day or week of the window's date in America/Chicago), the totals (with
 * the spot rate's last days), per dispatcher. The WHERE is the list engine's own (scope + filters),
 * so the charts always agree with the table.
 */
export async function summarize(
  db: DbOrTx,
  opts: { def: ListDefinition; user: AuthUser; request: Record<string, unknown>; window: StatisticsWindow },
): Promise<Summary> {
  const { def, user, window } = opts;
  const compiled = compileList(def, user, { ...opts.request, with_options: false });
  const from = listFrom(def, compiled);
  const where = compiled.where;
  const at = window.type === 'PickUp' ? sql`${loads.pickupAt}` : sql`${loads.deliveryAt}`;
  const day = sql`(${at} at time zone ${TZ})::date`;
  const label = window.grouping === 'day' ? day : sql`(${day} - extract(dow from ${day})::int)`;
  const miles = sql`(${loads.mileageLoaded} + ${loads.mileageEmpty})`;
  const spotStart = addDays(window.to, -(SPOT_RATE_DAYS - 1));
  // The later of two YYYY-MM-DD dates (string order is date order).
  const spotFrom = [spotStart, window.from].sort()[1] as string;

  type Bucket = { label: string; loads: number; gross: string; miles: string };
  type Totals = { loads: number; trucks: number; gross: string; miles: string; spot_gross: string; spot_miles: string };
  type Dispatcher = { id: number | null; name: string | null; loads: number; gross: string; miles: string };
  const [buckets, [totals], dispatchers] = await Promise.all([
    rowsOf<Bucket>(
      db,
      sql`select to_char(${label}, 'YYYY-MM-DD') as label, count(*)::int as loads,
        coalesce(sum(${loads.grossCents}), 0) as gross, coalesce(sum(${miles}), 0) as miles
      from ${from} where ${where} group by 1`,
    ),
    rowsOf<Totals>(
      db,
      sql`select count(*)::int as loads, count(distinct ${loads.truckId})::int as trucks,
        coalesce(sum(${loads.grossCents}), 0) as gross, coalesce(sum(${miles}), 0) as miles,
        coalesce(sum(${loads.grossCents}) filter (where ${day} >= ${spotFrom}::date), 0) as spot_gross,
        coalesce(sum(${miles}) filter (where ${day} >= ${spotFrom}::date), 0) as spot_miles
      from ${from} where ${where}`,
    ),
    rowsOf<Dispatcher>(
      db,
      sql`select ${loads.dispatcherId} as id, sd.name, count(*)::int as loads,
        coalesce(sum(${loads.grossCents}), 0) as gross, coalesce(sum(${miles}), 0) as miles
      from ${from} left join users sd on sd.id = ${loads.dispatcherId}
      where ${where} group by 1, 2 order by 4 desc, 2`,
    ),
  ]);

  const byLabel = new Map(buckets.map((b) => [b.label, b]));
  const labels = windowLabels(window);
  const point = (l: string) => {
    const b = byLabel.get(l);
    return { gross: Number(b?.gross ?? 0), miles: Number(b?.miles ?? 0), loads: b?.loads ?? 0 };
  };
  const points = labels.map(point);
  const t = totals ?? { loads: 0, trucks: 0, gross: '0', miles: '0', spot_gross: '0', spot_miles: '0' };
  return {
    totals: {
      total_load: t.loads,
      total_truck: t.trucks,
      amount: dollars(Number(t.gross)),
      mileage: Number(t.miles),
      rateAverage: rate(Number(t.gross), Number(t.miles)),
      spot_rate: rate(Number(t.spot_gross), Number(t.spot_miles)),
    },
    series: {
      labels,
      amount: points.map((p) => dollars(p.gross)),
      mileage: points.map((p) => p.miles),
      rpm: points.map((p) => rate(p.gross, p.miles)),
      loads: points.map((p) => p.loads),
    },
    dispatchers: dispatchers.map((d) => ({
      dispatcher_id: d.id,
      dispatcher: d.name,
      total_load: d.loads,
      amount: dollars(Number(d.gross)),
      mileage: Number(d.miles),
      rpm: rate(Number(d.gross), Number(d.miles)),
    })),
  };
}

/** POST /statistics/filter: the dispatch statistics charts for the table's filters and window. */
export async function statisticsGraph(db: DbOrTx, user: AuthUser, body: unknown): Promise<StatisticsGraph> {
  const { window, request } = resolveWindow(body);
  const s = await summarize(db, { def: dispatchStatisticsList, user, request, window });
  return { ...s.totals, window, graph: s.series, graphDispatch: s.dispatchers };
}

/** POST /statistics/rate-average: the window's totals and rates. */
export async function rateAverage(db: DbOrTx, user: AuthUser, body: unknown) {
  const { window, request } = resolveWindow(body);
  const s = await summarize(db, { def: dispatchStatisticsList, user, request, window });
  return { ...s.totals, window };
}

/** POST /trips/statistics: the same figures for the trips list's filters (the trips adapter's window). */
export async function tripsStatistics(db: DbOrTx, user: AuthUser, body: unknown) {
  const engine = toEngineRequest(body);
  const { window, request } = resolveWindow({ ...engine, filters: engine.filters });
  const s = await summarize(db, { def: tripsList, user, request, window });
  return { ...s.totals, window };
}

/** The dispatch statistics request, window applied (POST /statistics/list and its export). */
export const statisticsRequest = (body: unknown) => resolveWindow(body);

/** A customer report went out: the sending is kept in the customer's history. */
const reportSent = defineCommand<{ customerId: number; after: unknown }, void>({
  action: 'send_report',
  run: ({ input, audit }) =>
    audit({ entity: customers, entityId: input.customerId, action: 'send_report', after: input.after }),
});

/**
 * POST /customer-reports/send: the customer's loads over the window (the dispatch statistics rows
 * in the caller's scope) as a spreadsheet, through the mailer's report template, to the customer's
 * address or the one given. The sending is audited.
 */
export async function sendCustomerReport(
  db: Db,
  deps: { mailer: Mailer },
  auth: AuthContext,
  body: SendCustomerReportBody,
) {
  const { user } = auth;
  const [customer] = await rowsOf<{ id: number; name: string; email: string | null; company: string | null }>(
    db,
    sql`select c.id, c.name, c.email, co.name as company from ${customers} c left join companies co on co.id = c.company_id
      where c.id = ${body.customer_id} and c.company_id = ${user.companyId}`,
  );
  if (!customer) throw AppError.notFound();
  const to = body.email || customer.email;
  if (!to) throw AppError.invalidField('email', 'The customer has no e-mail address: enter one.');

  const { window, request } = resolveWindow({
    filters: { ...(body.filters ?? {}), carrier: { values: [customer.id] } },
    ...(body.datePeriod ? { datePeriod: body.datePeriod } : {}),
    ...(body.weeks ? { weeks: body.weeks } : {}),
  });
  const def = dispatchStatisticsList;
  const compiled = compileList(def, user, { filters: request.filters, with_options: false });
  const columns = def.columns.filter((c) => !c.data && c.id !== 'carrier');
  const kinds = columns.map((c) => ({
    id: c.id,
    title: c.title,
    kind: exportKindOf(c),
  }));
  let count = 0;
  async function* counted() {
    for await (const row of streamList(db, def, compiled, columns)) {
      count++;
      yield row;
    }
  }
  const content = await xlsxBuffer('Customer report', kinds, counted(), async () => {
    const totals = await selectTotals(db, def, compiled);
    return Object.fromEntries(columns.filter((c) => c.footer === 'sum').map((c) => [c.id, totals.sum[c.id] ?? 0]));
  });
  const period = `${window.from} – ${window.to}`;
  const mail = reportMail({
    company: customer.company ?? 'Backhaul',
    report: 'Customer report',
    period,
    recipient: customer.name,
  });
  const sent = await deps.mailer.send({
    ...mail,
    to,
    attachments: [
      {
        filename: `customer-report-${customer.id}-${window.from}-${window.to}.xlsx`,
        content,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    ],
    companyId: user.companyId,
    createdBy: user.id,
  });
  if (sent.status === 'failed') throw new AppError('internal', sent.error ?? 'Customer report mail failed');
  await runCommand(db, reportSent, user, {
    customerId: customer.id,
    after: { to, window, loads: count, mail_id: sent.id },
  });
  return { message: MSG.messageSent, to, loads: count, mail_id: sent.id, status: sent.status };
}
