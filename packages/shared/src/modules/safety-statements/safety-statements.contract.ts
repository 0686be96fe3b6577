import { z } from 'zod';
import { monthSchema } from '../../schemas/dates';
import { ratePercentSchema } from '../dispatcher-statements/dispatcher-statements.contract';

/**
 * Safety statements (001 §3: month, dispatcher_rate, rows, period): a safety user is paid the month's
 * rate × the gross of the loads delivered that month (their delivery time come) by the drivers the
 * statement lists (the drivers the user looked after). A driver's month is on one safety statement at most.
 */
export const SAFETY_STATEMENT_MSG = {
  futureMonth: 'A statement can be made only for a month that has begun.',
  chooseDrivers: 'Choose at least one driver.',
  chooseUser: 'Choose a safety user.',
  taken: 'A chosen driver is already on a safety statement of this month.',
  already: (name: string, month: string) => `${name} already has a safety statement for ${month}.`,
  noLoads: 'A chosen driver has no delivered loads in this month.',
} as const;

export const SafetyRateBodySchema = z.object({ date: monthSchema(), rate: ratePercentSchema });
export const SafetyCreateListBodySchema = z.object({ date: monthSchema().optional() });
export const SafetyCreateParamsSchema = z.object({ user_id: z.coerce.number().int().positive(), date: monthSchema() });
export const SafetyStatementBodySchema = z.object({
  user_id: z.coerce
    .number({ message: SAFETY_STATEMENT_MSG.chooseUser })
    .int()
    .positive(SAFETY_STATEMENT_MSG.chooseUser),
  date: monthSchema(),
  drivers: z.array(z.coerce.number().int().positive()).min(1, SAFETY_STATEMENT_MSG.chooseDrivers).max(500),
});
export type SafetyStatementBody = z.input<typeof SafetyStatementBodySchema>;

/** A driver on the create form: its loads delivered in the month and what they pay at the rate. */
export const SafetyDriverSchema = z.object({
  driver_id: z.number().int(),
  driver: z.string(),
  count_load: z.number().int(),
  gross: z.number(),
  amount: z.number(),
  /** Already on a safety statement of the month. */
  taken: z.boolean(),
});
export const SafetyUserSchema = z.object({ id: z.number().int(), name: z.string(), has_statement: z.boolean() });

export const SafetyStatementSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user: z.string(),
  month: z.string(),
  dispatcher_rate: z.number(),
  count_driver: z.number().int(),
  count_load: z.number().int(),
  gross: z.number(),
  amount: z.number(),
  created_by: z.string().nullable(),
});
export type SafetyStatement = z.infer<typeof SafetyStatementSchema>;
