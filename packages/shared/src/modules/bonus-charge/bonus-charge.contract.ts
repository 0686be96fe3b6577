import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { NamedOptionSchema } from '../../http/schemas';
import { monthSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';

/**
 * Bonus or charge (001 §3): money added to or taken from an employee's (a user's) salary of a month.
 * The salary month is a month, or "Additional {year}" (the 13th month, 001 §5) when `additional` is set.
 */
export const BONUS_CHARGE_BASE = '/bonus-charge';
export const BONUS_CHARGE_ROUTES = recordRoutes(BONUS_CHARGE_BASE);

export const BONUS_CHARGE_TYPES = ['Deduction', 'Credit', 'Bonus', 'Charge', 'Salary'] as const;
export type BonusChargeType = (typeof BONUS_CHARGE_TYPES)[number];
/** Bonus, salary and credit add to the pay (green); charge and deduction take from it (red) (001 §9). */
export const BONUS_CHARGE_SIGN: Record<BonusChargeType, 1 | -1> = {
  Deduction: -1,
  Credit: 1,
  Bonus: 1,
  Charge: -1,
  Salary: 1,
};
export const BONUS_CHARGE_COLOR: Record<BonusChargeType, 'green' | 'red'> = {
  Deduction: 'red',
  Credit: 'green',
  Bonus: 'green',
  Charge: 'red',
  Salary: 'green',
};

export const BONUS_CHARGE_MSG = {
  /** 001 §8's delete message reads as an addition (a slip); ours says what was removed. */
  deleted: 'The bonus or charge entry was deleted.',
  /** action_delete: the entry is a line of a statement (412). */
  locked: (statementId: number) =>
    `This entry is paid on salary statement #${statementId} and cannot be changed or deleted.`,
  chooseEmployee: 'Choose an employee.',
  chooseType: 'Choose a type.',
} as const;

const id = (message: string) =>
  z.preprocess((v) => (v === '' ? null : v), z.coerce.number({ message }).int().positive(message));

export const BonusChargeFormSchema = z.object({
  type: field(z.enum(BONUS_CHARGE_TYPES, { message: BONUS_CHARGE_MSG.chooseType }), {
    label: 'Type',
    kind: 'select',
    options: BONUS_CHARGE_TYPES,
  }),
  total: field(moneySchema({ label: 'total', positive: true, max: 1_000_000 }), { label: 'Total', kind: 'money' }),
  employee: field(id(BONUS_CHARGE_MSG.chooseEmployee), { label: 'Employee', kind: 'select', options: 'employees' }),
  department: field(
    z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce.number({ message: 'Choose from the list.' }).int().positive('Choose from the list.').nullable(),
    ),
    { label: 'Department', kind: 'select', options: 'departments' },
  ),
  salary_month: field(monthSchema(), { label: 'Salary month', placeholder: 'YYYY-MM' }),
  additional: field(z.boolean().default(false), { label: 'Additional (13th month of the year)', kind: 'checkbox' }),
  description: field(z.string().trim().max(500, 'The description may not be greater than 500 characters.'), {
    label: 'Description',
    kind: 'textarea',
    span: 2,
  }),
});
export type BonusChargeForm = z.input<typeof BonusChargeFormSchema>;

export const BonusChargeSchema = z.object({
  id: z.number().int(),
  type: z.enum(BONUS_CHARGE_TYPES),
  total: z.number(),
  employee: z.number().int(),
  department: z.number().int().nullable(),
  salary_month: z.string(),
  additional: z.boolean(),
  description: z.string(),
  /** Derived: the entry is a line of a staff statement (it cannot change or go). */
  action_delete: z.boolean(),
});
export type BonusCharge = z.infer<typeof BonusChargeSchema>;

/** GET /bonus-charge/create?department_id= and …/:id/edit: what the dialog chooses from. */
export const BonusChargeOptionsSchema = z.object({
  employees: z.array(NamedOptionSchema.extend({ department_id: z.number().int().nullable() })),
  departments: z.array(NamedOptionSchema),
  department_id: z.number().int().nullable(),
});
export const BonusChargeCreateQuerySchema = z.object({
  department_id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
});

/** The label of a salary month: "2026-03" or "Additional 2026" (sorted as month 13). */
export const salaryMonthLabel = (month: string, additional: boolean): string =>
  additional ? `Additional ${month.slice(0, 4)}` : month.slice(0, 7);
