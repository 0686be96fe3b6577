import { ACTION, IdParamsSchema, ITEM_MESSAGES, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/driver-pay/company-expenses.contract';
import { toDollars } from '@backhaul/shared/money';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { caller } from '../../platform/auth/guard';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { RouteModule } from '../../platform/http/types';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { defineResource, type ResourceColumn, registerResource } from '../../platform/record/define-resource';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { trucks } from '../trucks';
import { companyExpenses as t } from './driver-pay.table';
import { queueExpenseOnOpenStatement } from './driver-statements.service';
import { checkPayeeRefs } from './fuel.record';
import { payeeOptions } from './fuel.service';
import { statementHolding } from './statement-lines';

type ExpenseRecord = typeof t.$inferSelect;

/** The statement line that holds an expense, if any (its status follows: On statement). */
const statementOf = async (tx: DbOrTx, id: number) =>
  Number(
    (await rowsOf<{ statement_id: number }>(tx, sql`select ${statementHolding('expense', id)} as statement_id`))[0]
      ?.statement_id ?? 0,
  ) || null;

export async function toExpenseRow(tx: DbOrTx, e: ExpenseRecord): Promise<C.CompanyExpense> {
  const statementId = await statementOf(tx, e.id);
  return {
    id: e.id,
    expense_date: e.expenseDate,
    category: e.category,
    driver_id: e.driverId,
    truck_id: e.truckId,
    customer_id: e.customerId,
    amount: toDollars(e.amountCents),
    description: e.description,
    pay_as: (e.payAs as C.PayAs | null) ?? null,
    status: statementId ? 'On statement' : (e.status as 'Open' | 'Queued'),
    statement_id: statementId,
  };
}

/** The driver statement that holds the expense. */
const lineOf = statementHolding('expense', t.id);
const statusSql = sql`(case when ${lineOf} is not null then 'On statement' else ${t.status} end)`;

/** 001 §3: ID, Customer, Driver, Truck, Amount, Category, Description (+ date and where the pay stands). */
const columns: ResourceColumn[] = [
  { id: 'id', title: 'ID', column: t.id, filter: 'number', footer: 'count', align: 'left' },
  {
    id: 'expense_date',
    title: 'Date',
    sql: sql`${t.expenseDate}::text`,
    filterSql: sql`${t.expenseDate}`,
    sortSql: sql`${t.expenseDate}`,
    filter: 'date',
    dateType: 'date',
  },
  {
    id: 'customer',
    title: 'Customer',
    sql: sql`ce_customer.name`,
    filterSql: sql`${t.customerId}`,
    filter: 'list',
    joins: ['customer'],
  },
  {
    id: 'driver',
    title: 'Driver',
    sql: sql`ce_driver.name`,
    filterSql: sql`${t.driverId}`,
    filter: 'list',
    footer: 'unique',
    footerSql: sql`${t.driverId}`,
    search: true,
    joins: ['driver'],
  },
  {
    id: 'truck',
    title: 'Truck',
    sql: sql`ce_truck.truck_number`,
    filterSql: sql`${t.truckId}`,
    filter: 'list',
    search: true,
    joins: ['truck'],
  },
  { id: 'amount', title: 'Amount', column: t.amountCents, filter: 'number', dollar: true, footer: 'sum' },
  { id: 'category', title: 'Category', column: t.category, filter: 'list', footer: 'unique' },
  { id: 'description', title: 'Description', column: t.description, filter: 'note', search: true, clip: 28 },
  { id: 'status', title: 'Pay', sql: statusSql, filterSql: statusSql, filter: 'list' },
  {
    id: 'statement_id',
    title: 'Statement',
    sql: lineOf,
    data: true,
  },
  { id: 'pay_as', title: 'Pay as', sql: sql`initcap(${t.payAs})`, filter: 'list', hidden: true },
];

/** GET /company-expenses, POST …/list, GET …/create, GET …/:id/edit, POST, PUT …/:id, DELETE …/:id. */
export const companyExpensesResource = defineResource({
  base: C.COMPANY_EXPENSES_BASE,
  key: 'company-expenses',
  title: 'Company expenses',
  table: t,
  section: SECTION.CompanyExpenses,
  form: C.CompanyExpenseFormSchema,
  row: C.CompanyExpenseSchema,
  columns,
  joins: {
    driver: sql`left join ${drivers} ce_driver on ce_driver.id = ${t.driverId}`,
    truck: sql`left join ${trucks} ce_truck on ce_truck.id = ${t.truckId}`,
    customer: sql`left join ${customers} ce_customer on ce_customer.id = ${t.customerId}`,
  },
  defaultSort: { sort: 'expense_date', order: 'desc' },
  messages: ITEM_MESSAGES,
  toRow: (e, { tx }) => toExpenseRow(tx, e),
  toValues: (form, { user, before }) => ({
    expenseDate: form.expense_date,
    category: form.category,
    driverId: form.driver_id,
    truckId: form.truck_id,
    customerId: form.customer_id,
    amountCents: form.amount,
    description: form.description ?? '',
    ...(before ? {} : { createdBy: user.id }),
  }),
  hooks: {
    beforeSave: async ({ tx, user, form, before }) => {
      await checkPayeeRefs(tx, user, form);
      const on = before ? await statementOf(tx, before.id) : null;
      if (on) throw AppError.precondition(C.EXPENSE_MSG.onStatement(on));
    },
    beforeDelete: async ({ tx, id }) => {
      const on = await statementOf(tx, id);
      if (on) throw AppError.precondition(C.EXPENSE_MSG.onStatement(on));
    },
  },
});

type PayInput = { id: number; payAs: C.PayAs };

/**
 * Pay: the expense waits for the driver's next statement as a deduction or a reimbursement (any
 * date), and goes on the driver's open statement at once when there is one. A truck's expense is
 * charged to the truck's driver. Answers the statement that took it, or null.
 */
export const payExpense = defineCommand({
  action: 'pay',
  target: { record: companyExpensesResource.record, id: (i: PayInput) => i.id },
  run: async ({ tx, user, row, input }: CommandContext<PayInput, typeof t>) => {
    const on = await statementOf(tx, row.id);
    if (on) throw AppError.precondition(C.EXPENSE_MSG.onStatement(on));
    const [truck] = row.truckId
      ? await rowsOf<{ driver_id: number | null }>(tx, sql`select driver_id from ${trucks} where id = ${row.truckId}`)
      : [];
    const driverId = row.driverId ?? truck?.driver_id ?? null;
    if (!driverId) throw AppError.invalidField('driver_id', C.EXPENSE_MSG.noDriver);
    await tx
      .update(t)
      .set({ payAs: input.payAs, status: 'Queued', driverId: Number(driverId), updatedAt: clock.now() })
      .where(sql`${t.id} = ${row.id}`);
    return queueExpenseOnOpenStatement(tx, user, row.id, Number(driverId));
  },
});

/** Accounting → Company expenses: the record's calls, and Pay (Company expenses, action Paid 16). */
export const companyExpensesRoutes: RouteModule = {
  name: 'company-expenses',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Company expenses'];
    registerResource(app, deps, companyExpensesResource, {
      tags,
      forms: { options: ({ user }) => payeeOptions(db, user), optionsSchema: C.ExpenseOptionsSchema },
    });
    app.post('/company-expenses/:id/pay', {
      config: { access: { section: SECTION.CompanyExpenses, action: ACTION.PAID } },
      schema: {
        tags,
        summary: "Puts the expense on the driver's next statement (an open one, or the next one made)",
        params: IdParamsSchema,
        body: C.ExpensePayBodySchema,
        response: { 200: C.ExpensePaidSchema },
      },
      handler: async (req) => {
        const user = caller(req).user;
        const statementId = await runCommand(db, payExpense, user, { id: req.params.id, payAs: req.body.pay_as });
        const record = companyExpensesResource.record;
        const [row] = await db.select().from(t).where(sql`${t.id} = ${req.params.id}`);
        return {
          message: statementId ? C.EXPENSE_MSG.onStatementNow(statementId) : C.EXPENSE_MSG.queued,
          item: await record.toRow(row as ExpenseRecord, { tx: db, user }),
        };
      },
    });
  },
};
