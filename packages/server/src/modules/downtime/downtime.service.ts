import { toDollars } from '@backhaul/shared';
import type { DowntimeUnitType, UnitDowntime } from '@backhaul/shared/modules/downtime/downtime.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { downtimeRowsSql } from './downtime.sql';

/** The month `back` months before `month` (YYYY-MM). */
export function monthBefore(month: string, back: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - back;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** GET /downtime/unit/:type/:id: the unit's downtime this month and over the last 12 months (a truck's card). */
export async function unitDowntime(
  db: DbOrTx,
  user: AuthUser,
  type: DowntimeUnitType,
  id: number,
  today = clock.today(),
): Promise<UnitDowntime> {
  const table = type === 'truck' ? sql`trucks` : sql`trailers`;
  const [unit] = await rowsOf(db, sql`select id from ${table} where id = ${id} and company_id = ${user.companyId}`);
  if (!unit) throw AppError.notFound();
  const thisMonth = today.slice(0, 7);
  const first = monthBefore(thisMonth, 11);
  const rows = await rowsOf<{
    month: string;
    shop_days: number;
    road_days: number;
    days: number;
    cost_cents: string | number | null;
  }>(
    db,
    sql`select d.month, d.shop_days, d.road_days, d.days, d.cost_cents
      from ${downtimeRowsSql(user.companyId, clock.now(), sql`unit_type = ${type} and unit_id = ${id} and month between ${first} and ${thisMonth}`)} d
      order by d.month desc`,
  );
  const cost = (cents: number | null) => (type === 'truck' ? toDollars(cents ?? 0) : null);
  const months = rows.map((r) => ({
    month: r.month,
    shop_days: Number(r.shop_days),
    road_days: Number(r.road_days),
    days: Number(r.days),
    cost: cost(r.cost_cents === null ? null : Number(r.cost_cents)),
  }));
  const sum = (list: typeof months) => ({
    days: list.reduce((n, r) => n + r.days, 0),
    cost: cost(list.reduce((n, r) => n + Math.round((r.cost ?? 0) * 100), 0)),
  });
  return { this_month: sum(months.filter((m) => m.month === thisMonth)), last_12_months: sum(months), months };
}

const MONTH = /^\d{4}-\d{2}$/;

/**
 * POST /downtime/list: the month filter, this month when the request sets none, and the months it
 * names (the list's FROM prices only those months' work orders and road days).
 */
export function withMonths(body: unknown): { body: Record<string, unknown>; months: string[] } {
  const request = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const filters = (request.filters && typeof request.filters === 'object' ? request.filters : {}) as Record<
    string,
    { values?: unknown[] } | undefined
  >;
  const chosen = (filters.month?.values ?? []).filter((v): v is string => typeof v === 'string' && MONTH.test(v));
  if (chosen.length) return { body: request, months: chosen };
  const month = clock.today().slice(0, 7);
  return { body: { ...request, filters: { ...filters, month: { values: [month] } } }, months: [month] };
}
