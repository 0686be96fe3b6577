import { MSG } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import {
  SCHEDULE_MSG,
  type ScheduleDetail,
  type ScheduleFormOptions,
  type ScheduleLoad,
  type ScheduleLoadStatus,
  type ScheduleRow,
} from '@backhaul/shared/modules/schedules/schedules.contract';
import { toDollars } from '@backhaul/shared/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthContext, AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { compileList, selectPage } from '../../platform/list/run-list';
import { defineCommand, runCommand } from '../../platform/record/command';
import { brokers } from '../brokers';
import { customers } from '../customers';
import { factoringCompanies } from '../factoring';
import { expectedFactoringCents, type LoadSchedule, recordFactoringAmount } from '../short-payments';
import { loads, tripFiles } from '../trips';
import { schedulesList } from './schedules.list';
import { scheduleRecord } from './schedules.record';
import { factoringSchedules, scheduleActions, scheduleLoads } from './schedules.table';

type ScheduleForm = { name: string; factoring_company_id: number; load_ids: number[] };
const TZ = COMPANY_TIME_ZONE_DEFAULT;
const ELIGIBLE_LIMIT = 500;

const ids = (list: readonly number[]) =>
  sql.join(
    list.map((i) => sql`${i}`),
    sql`, `,
  );

/** Delivered, factored, with PPW, and on no schedule other than `except`. */
const eligible = (user: AuthUser, except: number | null) =>
  sql`${loads.companyId} = ${user.companyId} and ${loads.deliveryAt} <= ${clock.now().toISOString()}::timestamptz and ${loads.factoring} and ${loads.ppw} = 1
    and not exists (select 1 from schedule_loads sl where sl.load_id = ${loads.id}${
      except ? sql` and sl.schedule_id <> ${except}` : sql``
    })`;

type EligibleRaw = {
  load_id: number;
  customer: string | null;
  broker: string | null;
  broker_number: string | null;
  delivery_date: string | null;
  gross_cents: string | number;
  factoring_company_id: number | null;
};

async function eligibleLoads(db: DbOrTx, user: AuthUser, scheduleId: number | null) {
  const rows = await rowsOf<EligibleRaw>(
    db,
    sql`select ${loads.id} as load_id, ${customers.name} as customer, ${brokers.name} as broker, ${loads.brokerNumber},
        to_char(${loads.deliveryAt} at time zone ${TZ}, 'YYYY-MM-DD') as delivery_date, ${loads.grossCents},
        ${customers.factoringCompanyId}
      from ${loads} left join ${customers} on ${customers.id} = ${loads.customerId} left join ${brokers} on ${brokers.id} = ${loads.brokerId}
      where ${eligible(user, scheduleId)}
      order by ${scheduleId ? sql`(exists (select 1 from schedule_loads s where s.load_id = ${loads.id})) desc, ` : sql``}${loads.deliveryAt} desc, ${loads.id} desc
      limit ${ELIGIBLE_LIMIT}`,
  );
  return rows.map(({ gross_cents, ...r }) => ({ ...r, load_id: Number(r.load_id), gross: toDollars(gross_cents) }));
}

async function factoringOptions(db: DbOrTx, user: AuthUser) {
  const rows = await db
    .select({
      id: factoringCompanies.id,
      name: factoringCompanies.name,
      percentMilli: factoringCompanies.percentMilli,
      email: factoringCompanies.email,
    })
    .from(factoringCompanies)
    .where(eq(factoringCompanies.companyId, user.companyId))
    .orderBy(factoringCompanies.name);
  return rows.map((f) => ({ id: f.id, name: f.name, percent: f.percentMilli / 1000, email: f.email }));
}

async function findSchedule(db: DbOrTx, user: AuthUser, id: number) {
  const [s] = await db
    .select()
    .from(factoringSchedules)
    .where(and(eq(factoringSchedules.id, id), eq(factoringSchedules.companyId, user.companyId)));
  if (!s) throw AppError.notFound();
  return s;
}

/** GET /schedules/create and /schedules/:id/edit: factoring companies and the loads a schedule may take. */
export async function formOptions(db: DbOrTx, user: AuthUser, id: number | null): Promise<ScheduleFormOptions> {
  let schedule: ScheduleFormOptions['schedule'] = null;
  if (id) {
    const s = await findSchedule(db, user, id);
    const onIt = await db
      .select({ loadId: scheduleLoads.loadId })
      .from(scheduleLoads)
      .where(eq(scheduleLoads.scheduleId, id))
      .orderBy(scheduleLoads.loadId);
    schedule = { id, name: s.name, factoring_company_id: s.factoringCompanyId, load_ids: onIt.map((r) => r.loadId) };
  }
  const [factoring, loadRows] = await Promise.all([factoringOptions(db, user), eligibleLoads(db, user, id)]);
  return { factoring, loads: loadRows, schedule };
}

type LoadRaw = {
  load_id: number;
  customer: string | null;
  broker: string | null;
  broker_number: string | null;
  delivery_date: string | null;
  gross_cents: string | number;
  amount_factoring_cents: string | number | null;
  status: ScheduleLoadStatus;
  processed_at: string | null;
};

/** GET /schedules/:id: the list row, the factoring company's terms, the loads and the actions. */
export async function getSchedule(db: DbOrTx, user: AuthUser, id: number): Promise<ScheduleDetail> {
  const s = await findSchedule(db, user, id);
  const compiled = compileList(schedulesList, user, { filters: { id: { op: 'eq', value: id } } });
  const [row] = (await selectPage(db, schedulesList, compiled, { limit: 1, offset: 0 })) as ScheduleRow[];
  if (!row) throw AppError.notFound();
  const [f] = await db
    .select({ percentMilli: factoringCompanies.percentMilli, email: factoringCompanies.email })
    .from(factoringCompanies)
    .where(eq(factoringCompanies.id, s.factoringCompanyId));
  const percentMilli = f?.percentMilli ?? 0;
  const raw = await rowsOf<LoadRaw>(
    db,
    sql`select ${loads.id} as load_id, ${customers.name} as customer, ${brokers.name} as broker, ${loads.brokerNumber},
        to_char(${loads.deliveryAt} at time zone ${TZ}, 'YYYY-MM-DD') as delivery_date, ${loads.grossCents},
        sl.amount_factoring_cents, sl.status,
        to_char(sl.processed_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as processed_at
      from schedule_loads sl join ${loads} on ${loads.id} = sl.load_id
        left join ${customers} on ${customers.id} = ${loads.customerId} left join ${brokers} on ${brokers.id} = ${loads.brokerId}
      where sl.schedule_id = ${id} order by ${loads.deliveryAt}, ${loads.id}`,
  );
  const scheduleLoadsOut: ScheduleLoad[] = raw.map((r) => ({
    load_id: Number(r.load_id),
    customer: r.customer,
    broker: r.broker,
    broker_number: r.broker_number,
    delivery_date: r.delivery_date,
    gross: toDollars(r.gross_cents),
    expected_factoring: toDollars(expectedFactoringCents(Number(r.gross_cents), percentMilli)),
    amount_factoring: r.amount_factoring_cents === null ? null : toDollars(r.amount_factoring_cents),
    status: r.status,
    processed_at: r.processed_at,
  }));
  const actions = await rowsOf<{ id: number; action_text: string; created_by: string | null; created_at: string }>(
    db,
    sql`select a.id, a.action_text, u.name as created_by,
        to_char(a.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as created_at
      from schedule_actions a left join users u on u.id = a.created_by
      where a.schedule_id = ${id} order by a.id desc`,
  );
  const expected = raw.reduce((sum, r) => sum + expectedFactoringCents(Number(r.gross_cents), percentMilli), 0);
  return {
    ...row,
    factoring_company_id: s.factoringCompanyId,
    factoring_percent: percentMilli / 1000,
    factoring_email: f?.email ?? null,
    sent_at: s.sentAt ? s.sentAt.toISOString() : null,
    expected: toDollars(expected),
    loads: scheduleLoadsOut,
    actions: actions.map((a) => ({ ...a, id: Number(a.id) })),
  };
}

/** The schedule's loads' files (PPW and others), as the billing screen shows them. */
export async function scheduleFiles(db: DbOrTx, auth: AuthContext, id: number) {
  await findSchedule(db, auth.user, id);
  const onIt = await db
    .select({ loadId: scheduleLoads.loadId })
    .from(scheduleLoads)
    .where(eq(scheduleLoads.scheduleId, id));
  const files = await tripFiles(
    db,
    auth,
    onIt.map((r) => r.loadId),
  );
  return files.map((f) => ({
    id: f.id,
    load_id: f.load_id,
    category: f.category,
    name: f.name,
    mime: f.mime,
    url: f.url,
    created_at: f.created_at,
  }));
}

/**
 * Refuses loads that may not go on this schedule: not eligible (422 load_ids), or factored with
 * another factoring company than the schedule's (a schedule holds loads of one factoring account).
 * A load taken by another schedule meanwhile is refused by the unique index (the command's conflict).
 */
async function checkLoads(tx: DbOrTx, user: AuthUser, form: ScheduleForm, scheduleId: number | null) {
  const unique = [...new Set(form.load_ids)];
  const found = await rowsOf<{ id: number; factoring_company_id: number | null }>(
    tx,
    sql`select ${loads.id}, ${customers.factoringCompanyId} from ${loads} left join ${customers} on ${customers.id} = ${loads.customerId}
      where ${loads.id} in (${ids(unique)}) and ${eligible(user, scheduleId)}`,
  );
  if (found.length !== unique.length) throw AppError.invalidField('load_ids', SCHEDULE_MSG.loadNotEligible);
  const other = found.filter(
    (l) => l.factoring_company_id !== null && Number(l.factoring_company_id) !== form.factoring_company_id,
  );
  if (other.length)
    throw AppError.invalidField(
      'load_ids',
      SCHEDULE_MSG.otherFactoring(other.map((l) => Number(l.id)).sort((a, b) => a - b)),
    );
  return unique;
}

async function checkFactoring(db: DbOrTx, user: AuthUser, id: number) {
  const [f] = await db
    .select({ id: factoringCompanies.id })
    .from(factoringCompanies)
    .where(and(eq(factoringCompanies.id, id), eq(factoringCompanies.companyId, user.companyId)));
  if (!f) throw AppError.invalidField('factoring_company_id', 'Choose a factoring company.');
}

/** A load already on another schedule (the unique index on schedule_loads.load_id). */
const onAnotherSchedule = [
  { constraint: 'schedule_loads_load_uq', field: 'load_ids', message: SCHEDULE_MSG.loadNotEligible },
];

const makeSchedule = defineCommand<ScheduleForm, number>({
  action: 'create',
  conflicts: onAnotherSchedule,
  run: async ({ tx, user, input: form, audit }) => {
    await checkFactoring(tx, user, form.factoring_company_id);
    const loadIds = await checkLoads(tx, user, form, null);
    const [s] = await tx
      .insert(factoringSchedules)
      .values({
        companyId: user.companyId,
        factoringCompanyId: form.factoring_company_id,
        name: form.name,
        createdBy: user.id,
      })
      .returning();
    if (!s) throw new AppError('internal', 'Schedule not created');
    await tx.insert(scheduleLoads).values(loadIds.map((loadId) => ({ scheduleId: s.id, loadId })));
    await audit({
      entity: scheduleRecord.entity,
      entityId: s.id,
      action: 'create',
      after: { ...s, load_ids: loadIds },
    });
    return s.id;
  },
});

export async function createSchedule(db: Db, user: AuthUser, form: ScheduleForm) {
  const id = await runCommand(db, makeSchedule, user, form);
  return { message: MSG.savingSuccess, schedule: await getSchedule(db, user, id) };
}

const reviseSchedule = defineCommand({
  action: 'update',
  conflicts: onAnotherSchedule,
  target: { record: scheduleRecord, id: (input: { id: number; form: ScheduleForm }) => input.id },
  run: async ({ tx, user, row, input: { id, form } }) => {
    await checkFactoring(tx, user, form.factoring_company_id);
    const loadIds = await checkLoads(tx, user, form, id);
    const current = await tx
      .select({ loadId: scheduleLoads.loadId })
      .from(scheduleLoads)
      .where(eq(scheduleLoads.scheduleId, row.id));
    const had = new Set(current.map((r) => r.loadId));
    const removed = [...had].filter((l) => !loadIds.includes(l));
    const added = loadIds.filter((l) => !had.has(l));
    if (removed.length)
      await tx
        .delete(scheduleLoads)
        .where(and(eq(scheduleLoads.scheduleId, id), inArray(scheduleLoads.loadId, removed)));
    if (added.length) await tx.insert(scheduleLoads).values(added.map((loadId) => ({ scheduleId: id, loadId })));
    await tx
      .update(factoringSchedules)
      .set({ name: form.name, factoringCompanyId: form.factoring_company_id })
      .where(eq(factoringSchedules.id, id));
  },
});

/** PUT /schedules/:id: name, factoring company and the set of loads (kept loads keep their amounts). */
export async function updateSchedule(db: Db, user: AuthUser, id: number, form: ScheduleForm) {
  await runCommand(db, reviseSchedule, user, { id, form });
  return { message: MSG.savingSuccess, schedule: await getSchedule(db, user, id) };
}

/** An action taken on the schedule (called, disputed, sent…), with its text; audited as its own row. */
const addAction = defineCommand({
  action: 'action',
  auditUnchanged: true,
  target: { record: scheduleRecord, id: (input: { id: number; text: string; sentAt?: Date }) => input.id },
  run: async ({ tx, user, row, input, audit }) => {
    if (input.sentAt)
      await tx.update(factoringSchedules).set({ sentAt: input.sentAt }).where(eq(factoringSchedules.id, row.id));
    const [a] = await tx
      .insert(scheduleActions)
      .values({ scheduleId: row.id, actionText: input.text, createdBy: user.id })
      .returning();
    await audit({ entity: scheduleActions, entityId: a?.id ?? row.id, action: 'create', after: a });
  },
});

/** The schedule went to the factoring company: sent now, and the sending recorded as an action. */
export const markSent = defineCommand({
  action: 'send',
  target: { record: scheduleRecord, id: (input: { id: number; text: string }) => input.id },
  run: async ({ tx, user, row, input, audit }) => {
    await tx.update(factoringSchedules).set({ sentAt: clock.now() }).where(eq(factoringSchedules.id, row.id));
    const [a] = await tx
      .insert(scheduleActions)
      .values({ scheduleId: row.id, actionText: input.text, createdBy: user.id })
      .returning();
    await audit({ entity: scheduleActions, entityId: a?.id ?? row.id, action: 'create', after: a });
  },
});

/** POST /schedules/action/:id: an action taken on the schedule (called, disputed…), with its text. */
export async function recordAction(db: Db, user: AuthUser, id: number, text: string) {
  await runCommand(db, addAction, user, { id, text });
  return { message: MSG.savingSuccess, schedule: await getSchedule(db, user, id) };
}

type LoadAmountInput = { scheduleId: number; loadId: number; amountCents: number; status: ScheduleLoadStatus };

/** What the factoring company paid for one load of the schedule (locked), and its short payment. */
const setLoadAmountCommand = defineCommand({
  action: 'load_amount',
  auditUnchanged: true,
  target: { record: scheduleRecord, id: (input: LoadAmountInput) => input.scheduleId },
  run: async ({ tx, user, row, input, audit }) => {
    const { scheduleId, loadId, amountCents } = input;
    const [on] = await rowsOf<{ gross_cents: string; percent_milli: number }>(
      tx,
      sql`select ${loads.grossCents}, coalesce(fc.percent_milli, 0) as percent_milli
        from schedule_loads sl join ${loads} on ${loads.id} = sl.load_id
          left join ${factoringCompanies} fc on fc.id = ${row.factoringCompanyId}
        where sl.schedule_id = ${scheduleId} and sl.load_id = ${loadId}`,
    );
    if (!on) throw AppError.notFound(SCHEDULE_MSG.loadNotOnSchedule);
    const where = and(eq(scheduleLoads.scheduleId, scheduleId), eq(scheduleLoads.loadId, loadId));
    const [before] = await tx.select().from(scheduleLoads).where(where);
    const [after] = await tx
      .update(scheduleLoads)
      .set({ amountFactoringCents: amountCents, status: input.status, processedAt: clock.now() })
      .where(where)
      .returning();
    await audit({ entity: scheduleLoads, entityId: `${scheduleId}:${loadId}`, action: 'update', before, after });
    const shortPaymentId = await recordFactoringAmount(tx, {
      user,
      loadId,
      scheduleId,
      factoringCompanyId: row.factoringCompanyId,
      grossCents: Number(on.gross_cents),
      percentMilli: Number(on.percent_milli),
      amountCents,
      processedDate: clock.today(),
    });
    return { scheduleId, shortPaymentId };
  },
});

/**
 * POST /schedules/load/:id (the load id): what the factoring company paid for the load and its
 * status; paid below gross × (1 − percent) creates or updates the load's short payment.
 */
export async function setLoadAmount(
  db: Db,
  user: AuthUser,
  loadId: number,
  /** amount_factoring in cents (the contract parses the dollars). */
  body: { amount_factoring: number; status: ScheduleLoadStatus },
) {
  const [on] = await rowsOf<{ schedule_id: number }>(
    db,
    sql`select sl.schedule_id from schedule_loads sl join factoring_schedules fs on fs.id = sl.schedule_id
      where sl.load_id = ${loadId} and fs.company_id = ${user.companyId}`,
  );
  if (!on) throw AppError.notFound(SCHEDULE_MSG.loadNotOnSchedule);
  const result = await runCommand(db, setLoadAmountCommand, user, {
    scheduleId: Number(on.schedule_id),
    loadId,
    amountCents: body.amount_factoring,
    status: body.status,
  });
  const schedule = await getSchedule(db, user, result.scheduleId);
  const load = schedule.loads.find((l) => l.load_id === loadId);
  if (!load) throw AppError.notFound();
  return { message: MSG.savingSuccess, load, short_payment_id: result.shortPaymentId };
}

/** The schedule a load is on (short payments ask through `provideLoadSchedule`). */
export async function scheduleOfLoad(db: DbOrTx, companyId: number, loadId: number): Promise<LoadSchedule | null> {
  const [on] = await db
    .select({ scheduleId: scheduleLoads.scheduleId, factoringCompanyId: factoringSchedules.factoringCompanyId })
    .from(scheduleLoads)
    .innerJoin(factoringSchedules, eq(factoringSchedules.id, scheduleLoads.scheduleId))
    .where(and(eq(scheduleLoads.loadId, loadId), eq(factoringSchedules.companyId, companyId)));
  return on ?? null;
}
