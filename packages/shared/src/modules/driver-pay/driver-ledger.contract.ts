import { z } from 'zod';
import { field } from '../../forms/fields';
import { dateSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';
import { percentSchema } from '../../schemas/percent';

/**
 * What a driver's statements draw from besides loads, fuel and instalments (issue 28): an
 * owner-operator's escrow fund (49 CFR 376.12(k)), cash advances (fuel-card cash, comchecks) and an
 * hourly driver's hours. Ours: the spec names none. Each is a small list under Accounting.
 */
export const ESCROW_BASE = '/escrow-accounts';
export const ADVANCES_BASE = '/cash-advances';
export const HOURS_BASE = '/driver-hours';

export const ADVANCE_METHODS = { fuel_card_cash: 'Fuel-card cash', comcheck: 'Comcheck', cash: 'Cash' } as const;

export const LEDGER_MSG = {
  chooseDriver: 'Choose a driver.',
  onStatement: (id: number) => `This is on driver statement #${id}: it can no longer change.`,
  oneAccount: 'The driver already has an escrow account.',
  depositAboveTarget: 'The deposit cannot exceed the amount to reach.',
  notOwner: 'Escrow is held for owner-operators and lease drivers, not for company drivers.',
} as const;

const driverId = z
  .union([z.number(), z.string(), z.null()], { error: LEDGER_MSG.chooseDriver })
  .transform((v) => (v === null || v === '' ? 0 : Number(v)))
  .pipe(z.number({ error: LEDGER_MSG.chooseDriver }).int().positive(LEDGER_MSG.chooseDriver));
const driverField = field(driverId, { label: 'Driver', kind: 'select', options: 'drivers' });
const note = (label: string) =>
  field(z.string().trim().max(500).default(''), { label, kind: 'textarea', span: 2 }) as z.ZodType<string, unknown>;

export const EscrowFormSchema = z
  .object({
    driver_id: driverField,
    target: field(moneySchema({ label: 'amount to reach', positive: true, max: 100_000 }), {
      label: 'Amount to reach',
      kind: 'money',
    }),
    deposit: field(moneySchema({ label: 'deposit', positive: true, max: 10_000 }), {
      label: 'Deposit per statement',
      kind: 'money',
    }),
    interest_rate: field(percentSchema({ label: 'interest rate', max: 25, decimals: 3 }), {
      label: 'Interest, % a year',
      kind: 'number',
    }),
    opened_on: field(dateSchema(), { label: 'Opened on', kind: 'date' }),
    closed_on: field(dateSchema({ allowEmpty: true }).default(''), { label: 'Closed on', kind: 'date' }),
    note: note('Lease terms'),
  })
  .superRefine((v, ctx) => {
    if (v.deposit > v.target)
      ctx.addIssue({ code: 'custom', path: ['deposit'], message: LEDGER_MSG.depositAboveTarget });
  });
export type EscrowForm = z.input<typeof EscrowFormSchema>;

export const EscrowSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  driver: z.string().nullable(),
  target: z.number(),
  deposit: z.number(),
  interest_rate: z.number(),
  opened_on: z.string(),
  closed_on: z.string().nullable(),
  note: z.string(),
  /** Held today: deposits on statements less what was returned. */
  balance: z.number(),
});
export type Escrow = z.infer<typeof EscrowSchema>;

export const AdvanceFormSchema = z.object({
  driver_id: driverField,
  given_on: field(dateSchema(), { label: 'Given on', kind: 'date' }),
  amount: field(moneySchema({ label: 'amount', positive: true, max: 10_000 }), { label: 'Amount', kind: 'money' }),
  method: field(z.enum(Object.keys(ADVANCE_METHODS) as [keyof typeof ADVANCE_METHODS], 'Choose how it was given.'), {
    label: 'Given as',
    kind: 'select',
    options: Object.entries(ADVANCE_METHODS).map(([value, label]) => ({ value, label })),
  }),
  reference: field(z.string().trim().max(60).default(''), { label: 'Reference (comcheck no.)' }),
  note: note('Note'),
});
export type AdvanceForm = z.input<typeof AdvanceFormSchema>;

export const AdvanceSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  driver: z.string().nullable(),
  given_on: z.string(),
  amount: z.number(),
  method: z.string(),
  reference: z.string(),
  note: z.string(),
  /** The statement that recovered it, or null while outstanding. */
  statement_id: z.number().int().nullable(),
});
export type Advance = z.infer<typeof AdvanceSchema>;

/** Hours as "8", "7.5" or "7.25": at most 2 decimals, up to 24 a day. */
const hours = z.union([z.number(), z.string()], { error: 'Enter the hours, e.g. 7.5.' }).transform((v, ctx) => {
  const text = String(v).trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text) || Number(text) <= 0 || Number(text) > 24) {
    ctx.addIssue({ code: 'custom', message: 'Enter the hours worked: more than 0, at most 24, 2 decimals.' });
    return z.NEVER;
  }
  return Math.round(Number(text) * 60);
});

export const HoursFormSchema = z.object({
  driver_id: driverField,
  work_date: field(dateSchema(), { label: 'Date', kind: 'date' }),
  /** Hours worked; stored as minutes. */
  hours: field(hours as unknown as z.ZodType<number, number | string>, { label: 'Hours', kind: 'number' }),
  load_id: field(
    z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
      .pipe(z.number().int().positive('Enter a load number.').nullable()),
    { label: 'Load (optional)', kind: 'number' },
  ),
  note: note('Note'),
});
export type HoursForm = z.input<typeof HoursFormSchema>;

export const HoursSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  driver: z.string().nullable(),
  work_date: z.string(),
  hours: z.number(),
  load_id: z.number().int().nullable(),
  note: z.string(),
  statement_id: z.number().int().nullable(),
});
export type Hours = z.infer<typeof HoursSchema>;

const Option = z.object({ value: z.number().int(), label: z.string() });
export const LedgerOptionsSchema = z.object({ drivers: z.array(Option) });
