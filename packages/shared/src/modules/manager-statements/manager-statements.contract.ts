import { z } from 'zod';
import { NamedOptionSchema } from '../../http/schemas';
import { monthSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';
import { optionalPercentSchema } from '../../schemas/percent';

/**
 * Manager statements (/manager-statements, 000 §3 "Manager statement row"): what a manager pays each
 * person of a department for a month — salary plus the month's bonus-or-charge entries (computed on
 * the server and locked while the statement counts them). One statement per person and month.
 */
export const MANAGER_STATEMENT_MSG = {
  already: (name: string, month: string) => `${name} already has a statement for ${month}.`,
  chooseEmployee: 'Choose an employee.',
  chooseDepartment: 'Choose a department.',
  futureMonth: 'A statement can be made only for a month that has begun.',
  rate: 'The base rate is a percentage from 0 to 100, with at most 2 decimals.',
  /** 000 §8 (verbatim), with the statement's own values. */
  removed: (o: { total: string; employee: string; department: string; month: string }) =>
    `Removed manager statement of ${o.total} for ${o.employee} from ${o.department} (${o.month})`,
} as const;

const id = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message }).int().positive(message));

/** One row of POST /salary-statements: a new row has no id. */
export const ManagerStatementRowFormSchema = z.object({
  id: z.number().int().positive().optional(),
  month: monthSchema(),
  department_id: id(MANAGER_STATEMENT_MSG.chooseDepartment),
  employee_id: id(MANAGER_STATEMENT_MSG.chooseEmployee),
  salary: moneySchema({ label: 'salary', max: 1_000_000 }),
  /** Dispatchers: their base rate in percent (the dispatcher-user variant shows it). */
  base_rate_percent: optionalPercentSchema({ label: 'base rate', decimals: 2, message: MANAGER_STATEMENT_MSG.rate }),
  description: z.string().trim().max(500, 'The description may not be greater than 500 characters.').default(''),
});
export type ManagerStatementRowForm = z.input<typeof ManagerStatementRowFormSchema>;

export const ManagerStatementsSaveBodySchema = z.object({
  rows: z.array(ManagerStatementRowFormSchema).min(1, 'Add at least one row.').max(200),
});

/** A statement as its edit form and the list answer it. */
export const ManagerStatementSchema = z.object({
  id: z.number().int(),
  month: z.string(),
  created_date: z.string(),
  created_by: z.string().nullable(),
  department_id: z.number().int().nullable(),
  department: z.string().nullable(),
  employee_id: z.number().int(),
  employee: z.string(),
  salary: z.number(),
  base_rate: z.number().nullable(),
  bonus: z.number(),
  description: z.string(),
  total: z.number(),
});
export type ManagerStatement = z.infer<typeof ManagerStatementSchema>;

export const ManagerStatementsSavedSchema = z.object({
  message: z.string(),
  rows: z.array(ManagerStatementSchema),
});

/** POST /salary-statements/create (optional { month }): what the form chooses from. */
export const ManagerCreateBodySchema = z.object({ month: monthSchema().optional() });
export const ManagerFormOptionsSchema = z.object({
  employees: z.array(
    NamedOptionSchema.extend({
      department_id: z.number().int().nullable(),
      bonus: z.number(),
      has_statement: z.boolean(),
    }),
  ),
  departments: z.array(NamedOptionSchema),
  month: z.array(z.string()),
  selected_month: z.string(),
});
export const ManagerEditSchema = ManagerFormOptionsSchema.omit({ selected_month: true }).extend({
  statement: ManagerStatementSchema,
});
