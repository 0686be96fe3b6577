import { z } from 'zod';
import { NamedOptionSchema } from '../../http/schemas';
import { monthSchema } from '../../schemas/dates';
import { optionalMoneySchema } from '../../schemas/money';
import { optionalPercentSchema } from '../../schemas/percent';

/**
 * Manager statements (/manager-statements, 000 §3 "Manager statement row"): what a manager pays each
 * person of a department for a month — the month's salary (prorated from the pay history, or typed
 * over) plus the bonus-or-charge entries the statement takes (each a line of the statement, so it
 * cannot change while the statement holds it). One statement per person and month, whichever
 * screen made it: both are the pay-statement engine's kind 'staff', variants 'manager' and
 * 'employee' (the account's salary statements).
 */
export const STAFF_STATEMENT_KIND = 'staff';
export const STAFF_VARIANTS = ['manager', 'employee'] as const;
export type StaffVariant = (typeof STAFF_VARIANTS)[number];
/** The sources of a staff statement's lines (pay_statement_lines.source). */
export const STAFF_SOURCES = { salary: 'salary', entry: 'entry', additional: 'additional' } as const;
export const MANAGER_STATEMENT_MSG = {
  already: (name: string, month: string) => `${name} already has a statement for ${month}.`,
  chooseEmployee: 'Choose an employee.',
  chooseDepartment: 'Choose a department.',
  futureMonth: 'A statement can be made only for a month that has begun.',
  rate: 'The base rate is a percentage from 0 to 100, with at most 3 decimals.',
  lineTaken: 'A chosen entry is not offered: it is on another statement, or not this person’s.',
  closed: 'This statement is closed.',
  closedDelete: 'A closed or paid statement cannot be deleted.',
  notClosed: 'Close the statement before paying it.',
  overpaid: 'The payment is more than the statement owes.',
  nothingDue: 'The statement owes nothing.',
  owed: 'Owed by employee',
  writeOffReason: 'Say why the balance is written off.',
  notOwed: 'The employee owes nothing on this statement.',
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
  /** Typed over the month's computed salary; empty: the computed (prorated) salary. */
  salary: optionalMoneySchema({ label: 'salary', max: 1_000_000 }),
  /**
   * Dispatchers: their base rate in percent to the thousandth (1.875), kept in thousandths of a percent
   * (the dispatcher-user variant shows it).
   */
  base_rate_percent: optionalPercentSchema({ label: 'base rate', decimals: 3, message: MANAGER_STATEMENT_MSG.rate }),
  description: z.string().trim().max(500, 'The description may not be greater than 500 characters.').default(''),
  /** "Additional {year}" entries (the 13th month) to pay on this statement: ids offered by the form. */
  additional: z.array(z.coerce.number().int().positive()).max(100).default([]),
});
export type ManagerStatementRowForm = z.input<typeof ManagerStatementRowFormSchema>;

export const ManagerStatementsSaveBodySchema = z.object({
  rows: z.array(ManagerStatementRowFormSchema).min(1, 'Add at least one row.').max(200),
});

/**
 * A line of a staff statement: the salary (its parts when prorated), an entry (with the month it
 * came from when it came late) or an "Additional {year}" entry. Signed dollars.
 */
export const StaffLineSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  /** The bonus-or-charge entry behind an entry line. */
  entry_id: z.number().int().nullable(),
  type: z.string(),
  description: z.string(),
  amount: z.number(),
  /** The month a late entry came from ('2026-02'), or the entry's 'Additional 2026'. */
  earned: z.string().nullable(),
});
export type StaffLine = z.infer<typeof StaffLineSchema>;

/** A bonus-or-charge entry a statement may take: signed dollars, its salary month's label. */
export const StaffEntryOptionSchema = z.object({
  id: z.number().int(),
  salary_month: z.string(),
  type: z.string(),
  description: z.string(),
  amount: z.number(),
  /** An entry of an earlier month, left off that month's statement. */
  late: z.boolean(),
});
export type StaffEntryOption = z.infer<typeof StaffEntryOptionSchema>;

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
  /** Its lines; the ids of the Additional entries it pays. */
  lines: z.array(StaffLineSchema),
  additional: z.array(z.number().int()),
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
      /** The entries a new statement takes (the month's, and earlier ones left off): their sum. */
      bonus: z.number(),
      has_statement: z.boolean(),
      /** The month's salary from the pay history, prorated by calendar days: the form's default. */
      salary: z.number(),
      entries: z.array(StaffEntryOptionSchema),
      /** "Additional {year}" entries not paid yet: offered, not chosen. */
      additional: z.array(StaffEntryOptionSchema),
    }),
  ),
  departments: z.array(NamedOptionSchema),
  month: z.array(z.string()),
  selected_month: z.string(),
});
export const ManagerEditSchema = ManagerFormOptionsSchema.omit({ selected_month: true }).extend({
  statement: ManagerStatementSchema,
});
