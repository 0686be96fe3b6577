import { z } from 'zod';
import { monthSchema } from '../../schemas/dates';

/** GET /info/attendance/export?month=YYYY-MM (beyond the spec): the month's attendance as XLSX for payroll. */
export const ATTENDANCE_EXPORT_URL = '/info/attendance/export';
export const AttendanceExportQuerySchema = z.object({ month: monthSchema() });
