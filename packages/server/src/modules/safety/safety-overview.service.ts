import type {
  ExpiringResponse,
  SafetyGeneral,
  ScoreTrend,
} from '@backhaul/shared/modules/safety/qualification.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { collectDueItems } from '../expiry-digest';
import { driverOf } from './qualification.service';
import { openExceptionCount } from './safety-exceptions.service';
import { safetyScoreSql } from './safety-score';

/** GET /safety/expiring: everything due within 30 days or overdue (what the daily digest mails). */
export async function expiringItems(db: DbOrTx, user: AuthUser, today = clock.today()): Promise<ExpiringResponse> {
  const items = await collectDueItems(db, user.companyId, today);
  return {
    today,
    count: items.length,
    overdue: items.filter((i) => i.days < 0).length,
    items: items.map((i) => ({
      kind: i.kind,
      unit: i.unit,
      detail: i.detail,
      due_on: i.dueOn,
      days: i.days,
      entity: i.entity,
      entity_id: i.entityId,
    })),
  };
}

/** GET /safety/score/:driver_id: the driver's safety score of each of the last 12 months (this one last). */
export async function scoreTrend(
  db: DbOrTx,
  user: AuthUser,
  driverId: number,
  today = clock.today(),
): Promise<ScoreTrend> {
  const driver = await driverOf(db, user, driverId);
  const months = await rowsOf<{ month: string; score: number }>(
    db,
    sql`select to_char(g.m, 'YYYY-MM') as month,
        ${safetyScoreSql(sql`${driverId}::int`, sql`g.m::date`, sql`(g.m + interval '1 month')::date`)} as score
      from generate_series(date_trunc('month', ${today}::date) - interval '11 months',
        date_trunc('month', ${today}::date), interval '1 month') as g(m)
      order by g.m`,
  );
  return {
    driver: { id: Number(driver.id), name: driver.name },
    months: months.map((m) => ({ month: m.month, score: Number(m.score) })),
  };
}

/**
 * POST /general (Safety; the register gives no body or answer): the safety overview's counts —
 * open exceptions, driver actions this month and items expiring within 30 days.
 */
export async function safetyGeneral(db: DbOrTx, user: AuthUser, today = clock.today()): Promise<SafetyGeneral> {
  const month = `${today.slice(0, 7)}-01`;
  const [open, [actions], expiring] = await Promise.all([
    openExceptionCount(db, user),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from safety_actions where company_id = ${user.companyId} and status <> 0
        and date >= ${month}::date and date < (${month}::date + interval '1 month')::date`,
    ),
    expiringItems(db, user, today),
  ]);
  return {
    today,
    open_exceptions: open,
    actions_this_month: Number(actions?.n ?? 0),
    expiring: expiring.count,
    overdue: expiring.overdue,
  };
}
