// Escrow funds, cash advances and hours: what driver statements draw from besides loads, fuel and
// instalments (README.md). Three small lists on the record engine.
import { ITEM_MESSAGES, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/driver-pay/driver-ledger.contract';
import { toDollars } from '@backhaul/shared/money';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { RouteModule } from '../../platform/http/types';
import { defineResource, type ResourceColumn, registerResource } from '../../platform/record/define-resource';
import { drivers } from '../drivers';
import { loads } from '../trips';
import { cashAdvances, driverHours, escrowAccounts } from './driver-pay.table';
import { escrowBalance } from './escrow';
import { statementHolding } from './statement-lines';

const driverOptions = async (db: DbOrTx, user: AuthUser) => ({
  drivers: (
    await rowsOf<{ value: number; label: string }>(
      db,
      sql`select id as value, name as label from ${drivers} where company_id = ${user.companyId} and active order by name`,
    )
  ).map((d) => ({ value: Number(d.value), label: d.label })),
});

async function driverOf(tx: DbOrTx, user: AuthUser, id: number) {
  const [d] = await rowsOf<{ name: string; driver_type: string }>(
    tx,
    sql`select name, driver_type from ${drivers} where id = ${id} and company_id = ${user.companyId}`,
  );
  if (!d) throw AppError.invalidField('driver_id', C.LEDGER_MSG.chooseDriver);
  return d;
}

const driverName = async (tx: DbOrTx, id: number) =>
  (await rowsOf<{ name: string }>(tx, sql`select name from ${drivers} where id = ${id}`))[0]?.name ?? null;

const held = async (tx: DbOrTx, source: 'advance' | 'hours', id: number) => {
  const [row] = await rowsOf<{ id: number | null }>(tx, sql`select ${statementHolding(source, id)} as id`);
  return row?.id ? Number(row.id) : null;
};

/** A row a statement took keeps its money: it can't change or go until it is taken off the statement. */
const keptOnStatement = (source: 'advance' | 'hours') => ({
  beforeSave: async ({ tx, before }: { tx: DbOrTx; before: { id: number } | null }) => {
    const on = before ? await held(tx, source, before.id) : null;
    if (on) throw AppError.precondition(C.LEDGER_MSG.onStatement(on));
  },
  beforeDelete: async ({ tx, id }: { tx: DbOrTx; id: number }) => {
    const on = await held(tx, source, id);
    if (on) throw AppError.precondition(C.LEDGER_MSG.onStatement(on));
  },
});

const driverColumn = (table: { driverId: unknown }, alias: string): ResourceColumn => ({
  id: 'driver',
  title: 'Driver',
  sql: sql.raw(`${alias}.name`),
  filterSql: sql`${table.driverId}`,
  filter: 'list',
  footer: 'unique',
  footerSql: sql`${table.driverId}`,
  search: true,
  joins: ['driver'],
});

export const escrowResource = defineResource({
  base: C.ESCROW_BASE,
  key: 'escrow-accounts',
  title: 'Escrow accounts',
  table: escrowAccounts,
  section: SECTION.DriverStatements,
  form: C.EscrowFormSchema,
  row: C.EscrowSchema,
  joins: { driver: sql`left join ${drivers} ea_driver on ea_driver.id = ${escrowAccounts.driverId}` },
  columns: [
    { id: 'id', title: 'ID', column: escrowAccounts.id, filter: 'number', footer: 'count', align: 'left' },
    driverColumn(escrowAccounts, 'ea_driver'),
    { id: 'target', title: 'Amount to reach', column: escrowAccounts.targetCents, dollar: true, filter: 'number' },
    { id: 'deposit', title: 'Deposit', column: escrowAccounts.depositCents, dollar: true, filter: 'number' },
    {
      id: 'balance',
      title: 'Balance',
      sql: sql`(select -coalesce(sum(pl.amount_cents), 0) from pay_statement_lines pl where pl.company_id = ${escrowAccounts.companyId}
        and pl.kind = 'driver' and pl.payee_id = ${escrowAccounts.driverId} and pl.source = 'escrow'
        and coalesce(pl.data->>'entry', '') <> 'interest')`,
      dollar: true,
      footer: 'sum',
    },
    {
      id: 'opened_on',
      title: 'Opened',
      sql: sql`${escrowAccounts.openedOn}::text`,
      filterSql: sql`${escrowAccounts.openedOn}`,
      filter: 'date',
      dateType: 'date',
    },
    { id: 'closed_on', title: 'Closed', sql: sql`${escrowAccounts.closedOn}::text` },
  ],
  defaultSort: { sort: 'id', order: 'desc' },
  messages: ITEM_MESSAGES,
  unique: [
    {
      field: 'driver_id',
      where: (form) => eq(escrowAccounts.driverId, form.driver_id),
      message: () => C.LEDGER_MSG.oneAccount,
    },
  ],
  toRow: async (a, { tx, user }) => ({
    id: a.id,
    driver_id: a.driverId,
    driver: await driverName(tx, a.driverId),
    target: toDollars(a.targetCents),
    deposit: toDollars(a.depositCents),
    interest_rate: a.interestRateMilli / 1000,
    opened_on: a.openedOn,
    closed_on: a.closedOn,
    note: a.note,
    balance: toDollars(await escrowBalance(tx, { companyId: user.companyId, driverId: a.driverId })),
  }),
  toValues: (form, { user, before }) => ({
    driverId: form.driver_id,
    targetCents: form.target,
    depositCents: form.deposit,
    interestRateMilli: Math.round(form.interest_rate * 1000),
    openedOn: form.opened_on,
    closedOn: form.closed_on || null,
    note: form.note,
    ...(before ? { updatedAt: clock.now() } : { createdBy: user.id }),
  }),
  hooks: {
    beforeSave: async ({ tx, user, form }) => {
      const d = await driverOf(tx, user, form.driver_id);
      if (d.driver_type === 'company') throw AppError.invalidField('driver_id', C.LEDGER_MSG.notOwner);
    },
    beforeDelete: async ({ tx, user, before }) => {
      const [line] = await rowsOf<{ statement_id: number }>(
        tx,
        sql`select statement_id from pay_statement_lines where company_id = ${user.companyId} and kind = 'driver'
          and payee_id = ${before.driverId} and source = 'escrow' limit 1`,
      );
      if (line) throw AppError.precondition(C.LEDGER_MSG.onStatement(Number(line.statement_id)));
    },
  },
});

export const advancesResource = defineResource({
  base: C.ADVANCES_BASE,
  key: 'cash-advances',
  title: 'Cash advances',
  table: cashAdvances,
  section: SECTION.DriverStatements,
  form: C.AdvanceFormSchema,
  row: C.AdvanceSchema,
  joins: { driver: sql`left join ${drivers} adv_driver on adv_driver.id = ${cashAdvances.driverId}` },
  columns: [
    { id: 'id', title: 'ID', column: cashAdvances.id, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'given_on',
      title: 'Given on',
      sql: sql`${cashAdvances.givenOn}::text`,
      filterSql: sql`${cashAdvances.givenOn}`,
      sortSql: sql`${cashAdvances.givenOn}`,
      filter: 'date',
      dateType: 'date',
    },
    driverColumn(cashAdvances, 'adv_driver'),
    { id: 'amount', title: 'Amount', column: cashAdvances.amountCents, dollar: true, footer: 'sum', filter: 'number' },
    { id: 'method', title: 'Given as', column: cashAdvances.method, filter: 'list' },
    { id: 'reference', title: 'Reference', column: cashAdvances.reference, filter: 'note', search: true },
    { id: 'statement_id', title: 'Recovered on statement', sql: statementHolding('advance', cashAdvances.id) },
  ],
  defaultSort: { sort: 'given_on', order: 'desc' },
  messages: ITEM_MESSAGES,
  toRow: async (a, { tx }) => ({
    id: a.id,
    driver_id: a.driverId,
    driver: await driverName(tx, a.driverId),
    given_on: a.givenOn,
    amount: toDollars(a.amountCents),
    method: a.method,
    reference: a.reference,
    note: a.note,
    statement_id: await held(tx, 'advance', a.id),
  }),
  toValues: (form, { user, before }) => ({
    driverId: form.driver_id,
    givenOn: form.given_on,
    amountCents: form.amount,
    method: form.method,
    reference: form.reference,
    note: form.note,
    ...(before ? { updatedAt: clock.now() } : { createdBy: user.id }),
  }),
  hooks: {
    ...keptOnStatement('advance'),
    beforeSave: async (ctx) => {
      await keptOnStatement('advance').beforeSave(ctx);
      await driverOf(ctx.tx, ctx.user, ctx.form.driver_id);
    },
  },
});

export const hoursResource = defineResource({
  base: C.HOURS_BASE,
  key: 'driver-hours',
  title: 'Driver hours',
  table: driverHours,
  section: SECTION.DriverStatements,
  form: C.HoursFormSchema,
  row: C.HoursSchema,
  joins: { driver: sql`left join ${drivers} hrs_driver on hrs_driver.id = ${driverHours.driverId}` },
  columns: [
    { id: 'id', title: 'ID', column: driverHours.id, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'work_date',
      title: 'Date',
      sql: sql`${driverHours.workDate}::text`,
      filterSql: sql`${driverHours.workDate}`,
      sortSql: sql`${driverHours.workDate}`,
      filter: 'date',
      dateType: 'date',
    },
    driverColumn(driverHours, 'hrs_driver'),
    { id: 'hours', title: 'Hours', sql: sql`round(${driverHours.minutes} / 60.0, 2)`, footer: 'sum', filter: 'number' },
    { id: 'load_id', title: 'Load', column: driverHours.loadId, filter: 'number' },
    { id: 'note', title: 'Note', column: driverHours.note, filter: 'note', search: true },
    { id: 'statement_id', title: 'Paid on statement', sql: statementHolding('hours', driverHours.id) },
  ],
  defaultSort: { sort: 'work_date', order: 'desc' },
  messages: ITEM_MESSAGES,
  toRow: async (h, { tx }) => ({
    id: h.id,
    driver_id: h.driverId,
    driver: await driverName(tx, h.driverId),
    work_date: h.workDate,
    hours: Math.round((h.minutes / 60) * 100) / 100,
    load_id: h.loadId,
    note: h.note,
    statement_id: await held(tx, 'hours', h.id),
  }),
  toValues: (form, { user, before }) => ({
    driverId: form.driver_id,
    workDate: form.work_date,
    minutes: form.hours,
    loadId: form.load_id,
    note: form.note,
    ...(before ? { updatedAt: clock.now() } : { createdBy: user.id }),
  }),
  hooks: {
    ...keptOnStatement('hours'),
    beforeSave: async (ctx) => {
      await keptOnStatement('hours').beforeSave(ctx);
      await driverOf(ctx.tx, ctx.user, ctx.form.driver_id);
      if (ctx.form.load_id !== null) {
        const [load] = await rowsOf(
          ctx.tx,
          sql`select 1 from ${loads} where id = ${ctx.form.load_id} and company_id = ${ctx.user.companyId}`,
        );
        if (!load) throw AppError.invalidField('load_id', 'No such load.');
      }
    },
  },
});

/** Accounting → driver pay: escrow accounts, cash advances and hours (Driver statements section). */
export const driverLedgerRoutes: RouteModule = {
  name: 'driver-ledger',
  register(app, deps) {
    const { db } = deps.database;
    const forms = {
      options: ({ user }: { user: AuthUser }) => driverOptions(db, user),
      optionsSchema: C.LedgerOptionsSchema,
    };
    registerResource(app, deps, escrowResource, { tags: ['Escrow accounts'], forms });
    registerResource(app, deps, advancesResource, { tags: ['Cash advances'], forms });
    registerResource(app, deps, hoursResource, { tags: ['Driver hours'], forms });
  },
};
