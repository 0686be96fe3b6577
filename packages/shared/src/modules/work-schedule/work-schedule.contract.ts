import { z } from 'zod';
import { dateSchema, timeSchema } from '../../schemas/dates';

/**
 * Employee work schedule (001 §3, §7): four weeks of seven days from `date_start` (a Sunday; any
 * date is moved back to its week's Sunday). A day's shifts are the employees selected for it with
 * their start and end; the account calendar's scheduled time comes from them.
 */
export const SCHEDULE_WEEKS = 4;
export const SCHEDULE_DAYS = SCHEDULE_WEEKS * 7;

export const ScheduleListBodySchema = z.object({ date_start: dateSchema() });

/** The day and the schedule's first day, as the register's /edit/:day/:schedule writes them. */
export const ScheduleDayParamsSchema = z.object({ day: dateSchema(), schedule: dateSchema() });

export const ShiftSchema = z
  .object({
    user_id: z.coerce.number().int().positive(),
    start: timeSchema(),
    end: timeSchema(),
  })
  .refine((s) => s.end > s.start, { message: 'The shift cannot end before it starts.', path: ['end'] });
export type Shift = z.infer<typeof ShiftSchema>;

export const ScheduleUpdateBodySchema = z.object({
  employeeSelected: z
    .array(ShiftSchema)
    .max(500)
    .refine((a) => new Set(a.map((s) => s.user_id)).size === a.length, {
      message: 'An employee is selected twice.',
    }),
});
export type ScheduleUpdateBody = z.infer<typeof ScheduleUpdateBodySchema>;

export const ScheduleEmployeeSchema = z.object({ id: z.number().int(), name: z.string(), department: z.string() });
export const ShiftRowSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
});
/** A day of the four weeks; `holiday` names the company's holiday that day (Settings → Holidays). */
export const ScheduleDaySchema = z.object({
  date: z.string(),
  holiday: z.string().nullable(),
  shifts: z.array(ShiftRowSchema),
});

export const ScheduleResponseSchema = z.object({
  date_start: z.string(),
  weeks: z.array(z.array(ScheduleDaySchema)),
  employees: z.array(ScheduleEmployeeSchema),
  /** Employees with a shift in these four weeks, with their days and minutes. */
  scheduleEmployees: z.array(
    z.object({ user_id: z.number().int(), name: z.string(), days: z.number().int(), minutes: z.number().int() }),
  ),
});
export type ScheduleResponse = z.infer<typeof ScheduleResponseSchema>;

export const ScheduleDayResponseSchema = z.object({
  day: z.string(),
  schedule: z.string(),
  employees: z.array(ScheduleEmployeeSchema),
  employeeSelected: z.array(ShiftRowSchema),
});
export type ScheduleDayResponse = z.infer<typeof ScheduleDayResponseSchema>;
