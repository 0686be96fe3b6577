import { z } from 'zod';
import { formatMoney } from '../../formats/formats';
import { field } from '../../forms/fields';
import { dateSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';

/**
 * Accounting → Driver statements (001 §3, §4, §7; issue 15). A statement pays one driver for a
 * period: a line per load (pay from the driver's contract), fuel and scheduled payments as
 * deductions or credits, and additional payments. Money in dollars in JSON, cents in the database;
 * line amounts are signed (deductions negative) and the statement's amount is their sum.
 */
export const STATEMENT_STATUSES = ['Open', 'Closed'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];
/**
 * What the driver was paid, or (a negative statement) that the driver owes and what became of it:
 * carried to a later statement or written off. "Paid" means money moved.
 */
export const PAID_STATUSES = [
  'Not paid',
  'Partly paid',
  'Paid',
  'Nothing due',
  'Owed by driver',
  'Carried',
  'Written off',
] as const;
export type PaidStatus = (typeof PAID_STATUSES)[number];

/** Additional payments (001 §6: credit green, deduction red). */
export const ADDITION_CATEGORIES = { credit: 'Credit', deduction: 'Deduction' } as const;
export type AdditionCategory = keyof typeof ADDITION_CATEGORIES;
const CATEGORY_KEYS = Object.keys(ADDITION_CATEGORIES) as [AdditionCategory, ...AdditionCategory[]];

export const STATEMENT_CONTRACT_TYPES = {
  per_mile: 'Per mile',
  percent: 'Percent',
  flat: 'Flat',
  hourly: 'Hourly',
} as const;

export const STATEMENT_MSG = {
  closed: 'The statement is closed: its lines cannot change.',
  closedDelete: 'A closed statement cannot be deleted.',
  notClosed: 'Close the statement before paying it.',
  overpaid: 'The payment is more than the statement still owes.',
  lineTaken: 'A chosen trip, fuel row or scheduled payment is already on another statement or not in the period.',
  periodOrder: 'The period ends before it starts.',
  periodLength: 'A statement covers at most 31 days.',
  noEmail: 'The driver has no e-mail address: type one.',
  badEmail: 'Enter a valid e-mail address.',
  noRows: 'Choose at least one statement.',
  noDriver: 'Choose a driver.',
  expenseLine: 'This line is a company expense: unselect it to take it off the statement, then change the expense.',
  nothingDue: 'The statement owes the driver nothing: the driver owes its balance.',
  futurePeriod: 'The period has not begun: a statement pays work already done.',
  overlap: (p: { payee: string; from: string; to: string; id: number }) =>
    `${p.payee} already has statement #${p.id} for ${p.from} – ${p.to}: periods may not overlap.`,
  writeOffReason: 'Say why the balance is written off.',
  notOwed: 'Only a closed statement whose driver owes its balance can be written off.',
  writtenOff: 'The balance was written off.',
  noFinal: 'No final statement is due: the driver has no termination date, or no escrow balance left to return.',
  belowMinimumWage: (total: number, floor: number) =>
    `A company driver: the deductions leave ${formatMoney(total)}, below the ${formatMoney(floor)} minimum-wage floor for the period (FLSA). Take a deduction off or carry it to a later week.`,
} as const;

const ids = z.array(z.number().int().positive()).max(2000);
/** A scheduled payment's instalment: "<payment id>:<YYYY-MM-DD>". */
export const INSTALMENT_KEY = /^\d{1,9}:\d{4}-\d{2}-\d{2}$/;
const instalmentKeys = z.array(z.string().regex(INSTALMENT_KEY, 'Unknown scheduled payment.')).max(500);

/** A select's value: the driver's id as a number or as the input's text. */
const driverId = z
  .union([z.number(), z.string()], { error: STATEMENT_MSG.noDriver })
  .transform((v) => (v === '' ? 0 : Number(v)))
  .pipe(z.number({ error: STATEMENT_MSG.noDriver }).int().positive(STATEMENT_MSG.noDriver));

const period = {
  date_from: field(dateSchema(), { label: 'From', kind: 'date' }),
  date_to: field(dateSchema(), { label: 'To', kind: 'date' }),
};
const periodChecks = <T extends { date_from: string; date_to: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.date_to < v.date_from) ctx.addIssue({ code: 'custom', path: ['date_to'], message: STATEMENT_MSG.periodOrder });
  else if ((Date.parse(v.date_to) - Date.parse(v.date_from)) / 86_400_000 > 30)
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: STATEMENT_MSG.periodLength });
};

/** POST /drivers-statements/create: the driver and period whose lines a new statement may take. */
export const StatementPeriodSchema = z
  .object({
    driver_id: field(driverId, { label: 'Driver', kind: 'select', options: 'drivers', span: 2 }),
    ...period,
  })
  .superRefine(periodChecks);
export type StatementPeriod = z.infer<typeof StatementPeriodSchema>;

/** An hours entry's id, as its key. */
const hourKeys = z.array(z.string().regex(/^\d{1,9}$/, 'Unknown hours entry.')).max(500);
/**
 * A line of another source in the additional payments, as "<source>:<key>": a company expense, a
 * cash advance recovered, an escrow deposit, interest or return, a balance carried from an earlier
 * statement.
 */
export const ADDITIONAL_KEY = /^(expense|advance|escrow|carried):[\w: -]{1,60}$/;
const additionalKeys = z.array(z.string().regex(ADDITIONAL_KEY, 'Unknown additional payment.')).max(500);

/** The chosen lines: load ids, fuel ids, instalment keys, and (on PUT) the additional payments kept. */
const selection = {
  trips: ids,
  fuel: ids,
  scheduled_payments: instalmentKeys,
};

/** POST /drivers-statements: a new statement with the chosen lines. */
export const StatementCreateSchema = z
  .object({
    driver_id: z.number().int().positive(STATEMENT_MSG.noDriver),
    date_from: dateSchema(),
    date_to: dateSchema(),
    ...selection,
    /** Left out: what their sources preselect (hours worked, queued expenses, advances, escrow, a carried balance). */
    hours: hourKeys.optional(),
    additional: additionalKeys.optional(),
  })
  .superRefine(periodChecks);
export type StatementCreate = z.infer<typeof StatementCreateSchema>;

/** PUT /drivers-statements/:id: the chosen lines, the additional payments kept, and Close. */
export const StatementUpdateSchema = z.object({
  ...selection,
  /** Left out: the statement's hours and other additional lines stay as they are. */
  hours: hourKeys.optional(),
  additional: additionalKeys.optional(),
  addition: ids,
  status: z.enum(STATEMENT_STATUSES).optional(),
});

/** POST /drivers-statements/writeOff/:id: what the driver owes is written off, with the reason. */
export const StatementWriteOffSchema = z.object({
  reason: field(z.string().trim().min(1, STATEMENT_MSG.writeOffReason).max(500), { label: 'Reason', span: 2 }),
});
export type StatementUpdate = z.infer<typeof StatementUpdateSchema>;

/** POST /drivers-statements/setAddition and /updateAddition/:id: a credit or a deduction. */
export const AdditionFormSchema = z.object({
  category: field(z.enum(CATEGORY_KEYS, 'Choose credit or deduction.'), {
    label: 'Category',
    kind: 'select',
    options: CATEGORY_KEYS.map((k) => ({ value: k, label: ADDITION_CATEGORIES[k] })),
  }),
  date: field(dateSchema(), { label: 'Date', kind: 'date' }),
  amount: field(moneySchema({ positive: true, max: 1_000_000 }), { label: 'Amount', kind: 'money' }),
  description: field(z.string().trim().min(1, 'Enter a description.').max(200), { label: 'Description' }),
});
export type AdditionForm = z.infer<typeof AdditionFormSchema>;
export const SetAdditionSchema = AdditionFormSchema.extend({ statement_id: z.number().int().positive() });
export type SetAddition = z.infer<typeof SetAdditionSchema>;

/** POST /drivers-statements/setPay/:id: a payment, partial payments allowed. */
export const StatementPayFormSchema = z.object({
  amount: field(moneySchema({ positive: true, max: 1_000_000 }), { label: 'Amount', kind: 'money' }),
  date: field(dateSchema(), { label: 'Paid on', kind: 'date' }),
  note: field(z.string().trim().max(200).default(''), { label: 'Note', span: 2 }),
});
export type StatementPayForm = z.infer<typeof StatementPayFormSchema>;

/** POST /drivers-statements/getEmail and /send: the statements (rows) and, for send, a typed address. */
export const StatementRowsSchema = z.object({
  rows: z.array(z.number().int().positive()).min(1, STATEMENT_MSG.noRows).max(100),
});
export const StatementSendSchema = StatementRowsSchema.extend({
  email: z.email(STATEMENT_MSG.badEmail).max(200).optional(),
});
export type StatementSend = z.infer<typeof StatementSendSchema>;
export const StatementEmailsSchema = z.object({
  rows: z.array(z.object({ id: z.number().int(), driver: z.string(), email: z.string().nullable() })),
});

/** One row of POST /drivers-statements/list (001 §3 "Statement list columns"). */
export const StatementRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  paid_date: z.string().nullable(),
  created_by: z.string().nullable(),
  customer: z.string().nullable(),
  driver: z.string(),
  contract_type: z.string(),
  period: z.string(),
  status: z.enum(STATEMENT_STATUSES),
  paid_status: z.enum(PAID_STATUSES),
  amount: z.number(),
  paid_amount: z.number(),
});
export type StatementRow = z.infer<typeof StatementRowSchema>;

/** A line of a statement (001 §3 "Line columns": date, type, description, count_action, schedule, amount). */
export const StatementLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['trip', 'fuel', 'scheduled', 'addition']),
  /** Where the line comes from: load, hours, fuel, instalment, expense, advance, escrow, carried, addition (typed). */
  source: z.string(),
  date: z.string(),
  /** The period a late line was earned in ("2026-03-01 – 2026-03-07"), or null for this period's. */
  earned: z.string().nullable(),
  type: z.string(),
  description: z.string(),
  count_action: z.string(),
  schedule: z.string(),
  amount: z.number(),
  category: z.enum(CATEGORY_KEYS).nullable(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

export const StatementPaymentSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  date: z.string(),
  note: z.string(),
  created_by: z.string().nullable(),
});
export type StatementPayment = z.infer<typeof StatementPaymentSchema>;

export const StatementDetailSchema = StatementRowSchema.extend({
  driver_id: z.number().int(),
  email: z.string().nullable(),
  date_from: z.string(),
  date_to: z.string(),
  rate: z.string(),
  due: z.number(),
  settlement_note: z.string().nullable(),
  /** The owner-operator's escrow fund after this statement (49 CFR 376.12(k)), or null without one. */
  escrow: z.object({ balance: z.number(), target: z.number(), deposit: z.number() }).nullable(),
  /** Cash advances given and not yet recovered on a statement. */
  advances_outstanding: z.number(),
  /**
   * The final statement of a lease (it returns the escrow): the day the lease ended and the day the
   * fund is due back by (45 days later, 49 CFR 376.12(k)(6)); null on any other statement.
   */
  final: z.object({ ended_on: z.string(), due_by: z.string() }).nullable(),
  lines: z.array(StatementLineSchema),
  payments: z.array(StatementPaymentSchema),
});
export type StatementDetail = z.infer<typeof StatementDetailSchema>;

/** A load the statement may pay (trip_id and load_id; id is the load). */
export const TripCandidateSchema = z.object({
  id: z.number().int(),
  trip_id: z.number().int(),
  load_id: z.number().int(),
  date: z.string(),
  description: z.string(),
  count_action: z.string(),
  gross: z.number(),
  amount: z.number(),
  earned: z.string().nullable(),
});
export type TripCandidate = z.infer<typeof TripCandidateSchema>;
export const FuelCandidateSchema = z.object({
  id: z.number().int(),
  fuel_id: z.number().int(),
  date: z.string(),
  description: z.string(),
  count_action: z.string(),
  amount: z.number(),
  earned: z.string().nullable(),
});
export type FuelCandidate = z.infer<typeof FuelCandidateSchema>;
export const InstalmentCandidateSchema = z.object({
  id: z.string(),
  scheduled_payment_id: z.number().int(),
  date: z.string(),
  description: z.string(),
  schedule: z.string(),
  amount: z.number(),
  earned: z.string().nullable(),
});
export type InstalmentCandidate = z.infer<typeof InstalmentCandidateSchema>;
export const AdditionRowSchema = z.object({
  id: z.number().int(),
  category: z.enum(CATEGORY_KEYS),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
});
export type AdditionRow = z.infer<typeof AdditionRowSchema>;

/** Hours an hourly driver worked (id: the entry's). */
export const HoursCandidateSchema = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  count_action: z.string(),
  amount: z.number(),
  earned: z.string().nullable(),
});
/** A line another source offers the additional payments (id: "<source>:<key>"). */
export const AdditionalCandidateSchema = z.object({
  id: z.string(),
  source: z.string(),
  date: z.string(),
  type: z.string(),
  description: z.string(),
  amount: z.number(),
  earned: z.string().nullable(),
});
export type AdditionalCandidate = z.infer<typeof AdditionalCandidateSchema>;

const CategoryOptionSchema = z.object({ value: z.string(), label: z.string() });

/**
 * GET /drivers-statements/:id/edit (the register's keys) and POST /drivers-statements/create (the
 * same lists for a driver and period, statement null): every row a list holds, the ids selected.
 */
export const StatementEditSchema = z.object({
  statement: StatementDetailSchema.nullable(),
  trips: z.array(TripCandidateSchema),
  trips_selected: z.array(z.number().int()),
  fuel: z.array(FuelCandidateSchema),
  fuel_selected: z.array(z.number().int()),
  addition: z.array(AdditionRowSchema),
  addition_selected: z.array(z.number().int()),
  category: z.array(CategoryOptionSchema),
  scheduled_payments: z.array(InstalmentCandidateSchema),
  scheduled_payments_selected: z.array(z.string()),
  hours: z.array(HoursCandidateSchema),
  hours_selected: z.array(z.string()),
  additional: z.array(AdditionalCandidateSchema),
  additional_selected: z.array(z.string()),
  /** What the accountant should know before saving (a company driver's week under the minimum wage). */
  warnings: z.array(z.string()),
});
export type StatementEdit = z.infer<typeof StatementEditSchema>;

export const StatementDriverOptionSchema = z.object({
  value: z.number().int(),
  label: z.string(),
  contract_type: z.string(),
  email: z.string().nullable(),
});

/** GET /drivers-statements/create: drivers, categories and the default period (last week, Sunday–Saturday). */
export const StatementCreateOptionsSchema = z.object({
  drivers: z.array(StatementDriverOptionSchema),
  category: z.array(CategoryOptionSchema),
  date_from: z.string(),
  date_to: z.string(),
});
export type StatementCreateOptions = z.infer<typeof StatementCreateOptionsSchema>;

/** GET /drivers-statements (001 §3 "Driver statements: drivers, filter"). */
export const StatementIndexSchema = z.object({
  drivers: z.array(StatementDriverOptionSchema),
  filter: z.object({ status: z.array(z.string()), paid_status: z.array(z.string()) }),
});

export const StatementSavedSchema = z.object({ message: z.string(), statement: StatementDetailSchema });
export type StatementSaved = z.infer<typeof StatementSavedSchema>;
export const StatementMessageSchema = z.object({ message: z.string() });
export const StatementSentSchema = z.object({ message: z.string(), sent: z.number().int() });

/**
 * GET /drivers-statements/balances/:id (beyond the register): what the driver's card shows of pay —
 * cash advances given, recovered on statements and outstanding; the escrow fund; and, once the lease
 * has ended with escrow held, the final statement due (its period and the day the fund is due back).
 */
export const DriverPayBalancesSchema = z.object({
  advances: z.object({ given: z.number(), recovered: z.number(), outstanding: z.number() }),
  escrow: z.object({ balance: z.number(), target: z.number(), deposit: z.number() }).nullable(),
  final_statement: z
    .object({
      terminated_on: z.string(),
      due_by: z.string(),
      date_from: z.string(),
      date_to: z.string(),
      escrow_return: z.number(),
    })
    .nullable(),
});
export type DriverPayBalances = z.infer<typeof DriverPayBalancesSchema>;
