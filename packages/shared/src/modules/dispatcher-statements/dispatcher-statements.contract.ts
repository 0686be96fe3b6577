import { z } from 'zod';
import { monthSchema } from '../../schemas/dates';
import { percentSchema } from '../../schemas/percent';

/**
 * Dispatcher statements (000 §3, 001 §3, §7): a dispatcher is paid a rate (a percentage) of the gross
 * of the loads delivered in a month (delivered: the delivery time has come). A load is on one
 * statement at most; one delivered after its month's statement lands on the next one, marked with
 * the month it came from (`earned`). Amounts are computed on the server in cents, one rounding per load.
 */
export const DISPATCHER_STATEMENT_MSG = {
  futureMonth: 'A statement can be made only for a month that has begun.',
  rate: 'The rate is a percentage from 0 to 100, with at most 3 decimals.',
  chooseDispatchers: 'Choose at least one dispatcher.',
  noLoads: (name: string, month: string) => `${name} has no delivered loads left to count in ${month}.`,
  already: (name: string, month: string) => `${name} already has a statement for ${month}.`,
  notDispatcher: 'Choose dispatchers from the list.',
  created: (n: number) => `${n} statement${n === 1 ? '' : 's'} created.`,
  loadTaken: 'A load is already on another dispatcher statement.',
} as const;

/**
 * The pay-statement engine's words for states a dispatcher or safety statement never reaches (they
 * are neither closed nor paid in Backhaul): the engine asks every kind for them.
 */
export const STAFF_STATEMENT_STATE_MSG = {
  closed: 'The statement is closed.',
  closedDelete: 'A closed or paid statement cannot be deleted.',
  notClosed: 'Close the statement before paying it.',
  overpaid: 'The payment is more than the statement owes.',
  nothingDue: 'The statement owes nothing.',
  owed: 'Owed by payee',
  writeOffReason: 'Say why the balance is written off.',
  notOwed: 'Nothing is owed on this statement.',
} as const;

/** A rate in percent, 0–100 with at most three decimals (3.125 %), stored as thousandths of a percent. */
export const ratePercentSchema = percentSchema({ label: 'rate', decimals: 3, message: DISPATCHER_STATEMENT_MSG.rate });

/** Thousandths of a percentage (3.125 % → 3,125): the integer the database keeps. */
export const toMilliPercent = (percent: number): number => Math.round(percent * 1000);

/** GET /dispatcher/statement/create?date=YYYY-MM (default: last month). */
export const DispatcherCreateQuerySchema = z.object({ date: monthSchema().optional() });
/** GET /dispatcher/statement/rate?date=YYYY-MM&rate=3.5: the dispatchers' amounts at that rate. */
export const DispatcherRateQuerySchema = z.object({
  date: monthSchema().optional(),
  rate: ratePercentSchema.optional(),
});

/** One dispatcher on the create form: what is left to count in the month, at the form's rate. */
export const DispatcherCandidateSchema = z.object({
  dispatcher_id: z.number().int(),
  name: z.string(),
  count_load: z.number().int(),
  gross: z.number(),
  miles: z.number().int(),
  rpm: z.number(),
  amount: z.number(),
  /** The month already has a statement of this dispatcher. */
  has_statement: z.boolean(),
  checked: z.boolean(),
});
export type DispatcherCandidate = z.infer<typeof DispatcherCandidateSchema>;

export const DispatcherFilterSchema = z.object({ date: monthSchema() });
export const DispatcherCreateAnswerSchema = z.object({
  dispatchers: z.array(DispatcherCandidateSchema),
  filter: DispatcherFilterSchema,
  /** Months a statement can be made for, newest first (YYYY-MM). */
  month: z.array(z.string()),
  dispatcher_rate: z.number(),
});

/**
 * POST /dispatcher/statement/create/list: the dispatchers for a filter; with `dispatchers` (the
 * checked ids) and `dispatcher_rate` it creates their statements for the month first (the register
 * has no other create call).
 */
export const DispatcherCreateListBodySchema = z.object({
  filter: DispatcherFilterSchema,
  dispatcher_rate: ratePercentSchema.optional(),
  dispatchers: z.array(z.coerce.number().int().positive()).max(500).optional(),
});
export type DispatcherCreateListBody = z.input<typeof DispatcherCreateListBodySchema>;
export const DispatcherCreateListAnswerSchema = z.object({
  dispatchers: z.array(DispatcherCandidateSchema),
  created: z.array(z.number().int()).optional(),
  message: z.string().optional(),
});

/** POST /dispatcher/statement/info: a dispatcher's loads of a month, keyed by date and dispatcher_id. */
export const DispatcherInfoBodySchema = z.object({
  date: monthSchema(),
  dispatcher_id: z.coerce.number().int().positive(),
  filter: z.object({ date: monthSchema().optional() }).optional(),
});
export const DispatcherLoadSchema = z.object({
  load_id: z.number().int(),
  delivery_date: z.string(),
  route: z.string(),
  gross: z.number(),
  miles: z.number().int(),
  dispatcher_statement: z.number().int().nullable(),
  /** A load delivered after its month's statement: the month it was earned in (YYYY-MM), else null. */
  earned: z.string().nullable(),
});
export const DispatcherInfoSchema = z.object({
  date: z.string(),
  dispatcher_id: z.number().int(),
  loads: z.array(DispatcherLoadSchema),
  count_load: z.number().int(),
  gross: z.number(),
});

/** A statement as the list and GET /dispatcher/statement/:id answer it (000 §3 columns). */
export const DispatcherStatementSchema = z.object({
  id: z.number().int(),
  created_by: z.string().nullable(),
  date: z.string(),
  dispatcher_id: z.number().int(),
  dispatcher_name: z.string(),
  gross: z.number(),
  count_load: z.number().int(),
  miles: z.number().int(),
  rpm: z.number(),
  amount: z.number(),
  dispatcher_rate: z.number(),
});
export type DispatcherStatement = z.infer<typeof DispatcherStatementSchema>;

/** POST /dispatcher/statement/:id/export: the statement's loads as a spreadsheet ({ data: link }). */
export const DispatcherExportBodySchema = z.object({
  value: z.enum(['xlsx', 'csv']).optional(),
});
export const DispatcherExportAnswerSchema = z.object({ data: z.string().nullable(), job_id: z.string().optional() });
