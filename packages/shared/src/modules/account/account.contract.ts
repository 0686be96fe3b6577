import { z } from 'zod';
import { field } from '../../forms/fields';
import { dateSchema, monthSchema, timeSchema } from '../../schemas/dates';
import { APP_MSG } from '../../spec/messages';
import { phoneField, requiredText, textField } from '../customers/contact-fields';

/** Account and personal (001 §3, §7): the calls of the register's area and the header badges. */

/** Account sub-sections (catalogue ids; names in permissions/catalogue.ts). */
export const ACCOUNT_SECTION = {
  users: 91,
  comments: 92,
  vacation: 93,
  myInformation: 97,
  events: 98,
  geo: 99,
  checkIn: 101,
  notes: 103,
  calendar: 106,
  passwordChange: 118,
} as const;

export const CHECK_STATUS = { in: 1, out: 2 } as const;
export const CheckParamsSchema = z.object({ status: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])) });

export const CheckStateSchema = z.object({
  /** 0 not checked in today, 1 checked in, 2 checked out. */
  status: z.number().int(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
});
export type CheckState = z.infer<typeof CheckStateSchema>;
export const CheckResponseSchema = z.object({ message: z.string(), check: CheckStateSchema });

/** ?month=YYYY-MM on the account; the user page posts { date } (any day of the month). */
export const MonthQuerySchema = z.object({ month: monthSchema().optional() });
export const UserMonthBodySchema = z.object({ date: dateSchema({ allowEmpty: true }).optional() });

export const CalendarDaySchema = z.object({
  date: z.string(),
  weekday: z.number().int(),
  scheduled_start: z.string().nullable(),
  scheduled_end: z.string().nullable(),
  scheduled_minutes: z.number().int(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
  worked_minutes: z.number().int(),
  overtime_minutes: z.number().int(),
  sick: z.boolean(),
  vacation: z.boolean(),
  holiday: z.string().nullable(),
  today: z.boolean(),
});
export type CalendarDay = z.infer<typeof CalendarDaySchema>;

export const PersonSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export const EventSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  title: z.string(),
  description: z.string().nullable(),
});
export type StaffEvent = z.infer<typeof EventSchema>;

export const AccountUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.number().int(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  office_id: z.number().int().nullable(),
  position_id: z.number().int().nullable(),
  office: z.string().nullable(),
  position: z.string().nullable(),
  birthday: z.string().nullable(),
});

/** The account answer (001 §3): the register names its keys. */
export const AccountResponseSchema = z.object({
  duties: z.string(),
  user: AccountUserSchema,
  managers: z.array(PersonSchema),
  month: z.string(),
  calendar: z.array(CalendarDaySchema),
  overtime: z.number().int(),
  total_schedule_time: z.number().int(),
  total_work_time: z.number().int(),
  /** The month's dates in weeks of seven (Sunday first), '' before the 1st and after the last day. */
  month_calendar: z.array(z.array(z.string())),
  month_info: z.object({
    scheduled_days: z.number().int(),
    worked_days: z.number().int(),
    sick_days: z.number().int(),
    vacation_days: z.number().int(),
    holidays: z.number().int(),
  }),
  /** Approved vacation days this calendar year. */
  total_vocation: z.number().int(),
  events: z.array(EventSchema),
  notes: z.number().int(),
  vacation: z.number().int(),
  department: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  check: CheckStateSchema,
  /** What the caller may do on this account (the user page): mark sick, correct times. */
  can_edit_days: z.boolean(),
});
export type AccountResponse = z.infer<typeof AccountResponseSchema>;

export const MyInformationFormSchema = z.object({
  phone: field(phoneField(), { label: 'Phone', kind: 'phone' }),
  location: field(textField(120, 'location'), { label: 'Location', placeholder: 'City, ST' }),
  duties: field(textField(2000, 'duties'), { label: 'Duties', kind: 'textarea', span: 12 }),
});
export type MyInformationForm = z.infer<typeof MyInformationFormSchema>;
export const MyInformationSchema = z.object({ phone: z.string(), location: z.string(), duties: z.string() });

export const PasswordChangeBodySchema = z
  .object({
    current_password: z.string().min(1, APP_MSG.currentPasswordRequired).max(200),
    password: z
      .string()
      .min(8, 'The password must be at least 8 characters.')
      .max(200, 'The password may not be greater than 200 characters.'),
    password_confirmation: z.string().max(200),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'The password confirmation does not match.',
    path: ['password_confirmation'],
  });

export const DayTimesBodySchema = z
  .object({ check_in: timeSchema({ allowEmpty: true }), check_out: timeSchema({ allowEmpty: true }) })
  .refine((b) => !b.check_out || (b.check_in !== '' && b.check_out > b.check_in), {
    message: 'The check-out must come after the check-in.',
    path: ['check_out'],
  });
export const DateIdParamsSchema = z.object({ date: dateSchema(), id: z.coerce.number().int().positive() });
export const SickBodySchema = z.object({ sick: z.boolean().default(true) });

// ---------- notes ----------

export const NoteFormSchema = z
  .object({
    user_id: z.coerce.number().int().positive().nullable().default(null),
    department_id: z.coerce.number().int().positive().nullable().default(null),
    text: requiredText(2000, 'text'),
  })
  .refine((n) => (n.user_id === null) !== (n.department_id === null), {
    message: 'Choose a person or a department.',
    path: ['user_id'],
  });
export type NoteForm = z.infer<typeof NoteFormSchema>;
export const NoteStatusBodySchema = z.object({ status: z.union([z.literal(0), z.literal(1)]) });
export const NotesListBodySchema = z.object({
  /** inbox: notes to me; sent: notes I wrote. */
  box: z.enum(['inbox', 'sent']).default('inbox'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export const NoteRowSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  status: z.number().int(),
  created_at: z.string(),
  author: z.string().nullable(),
  recipient: z.string(),
  department: z.string().nullable(),
});
export type NoteRow = z.infer<typeof NoteRowSchema>;
export const NotesListResponseSchema = z.object({
  rows: z.array(NoteRowSchema),
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  users: z.array(z.object({ value: z.number().int(), label: z.string() })),
  departments: z.array(z.object({ value: z.number().int(), label: z.string() })),
});
export const CountResponseSchema = z.object({ count: z.number().int() });

// ---------- vacation ----------

export const VACATION_STATUS = { new: 0, approved: 1, refused: 2 } as const;
export const VACATION_STATUS_NAMES: Record<number, string> = { 0: 'New', 1: 'Approved', 2: 'Refused' };
export const VacationFormSchema = z
  .object({
    date_from: dateSchema(),
    date_to: dateSchema(),
    comment: textField(500, 'comment'),
    /** Only asks for the overlap: nothing is stored. */
    check_only: z.boolean().default(false),
  })
  .refine((v) => v.date_to >= v.date_from, {
    message: 'The vacation cannot end before it starts.',
    path: ['date_to'],
  });
export type VacationForm = z.input<typeof VacationFormSchema>;
export const VacationStatusBodySchema = z.object({ status: z.union([z.literal(1), z.literal(2)]) });
export const VacationListBodySchema = z.object({
  /** mine: my requests; all: everyone's (role 3, Vacation view, or a manager's people). */
  scope: z.enum(['mine', 'all']).default('mine'),
  status: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .nullable()
    .default(null),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export const OverlapSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  date_from: z.string(),
  date_to: z.string(),
  status: z.number().int(),
});
export const VacationRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  department: z.string().nullable(),
  date_from: z.string(),
  date_to: z.string(),
  days: z.number().int(),
  comment: z.string().nullable(),
  status: z.number().int(),
  decided_by: z.string().nullable(),
  created_at: z.string(),
  overlaps: z.array(OverlapSchema),
  can_decide: z.boolean(),
  can_delete: z.boolean(),
});
export type VacationRow = z.infer<typeof VacationRowSchema>;
export const VacationListResponseSchema = z.object({
  rows: z.array(VacationRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  can_see_all: z.boolean(),
});
export const VacationSaveResponseSchema = z.object({
  message: z.string(),
  item: VacationRowSchema.nullable(),
  overlaps: z.array(OverlapSchema),
});
export const VacationCalendarBodySchema = z.object({ month: monthSchema().optional() });
export const VacationCalendarResponseSchema = z.object({
  month: z.string(),
  department: z.string().nullable(),
  rows: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      date_from: z.string(),
      date_to: z.string(),
      status: z.number().int(),
    }),
  ),
});

// ---------- comments on users (All users comments, role 3) ----------

export const CommentFormSchema = z.object({
  user_id: z.coerce.number().int().positive(),
  text: requiredText(2000, 'text'),
});
export const CommentSeenBodySchema = z.object({ seen: z.boolean() });
export const CommentsListBodySchema = z.object({
  seen: z.boolean().nullable().default(null),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const CommentRowSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user: z.string(),
  author: z.string().nullable(),
  text: z.string(),
  seen: z.boolean(),
  created_at: z.string(),
});
export type CommentRow = z.infer<typeof CommentRowSchema>;
export const CommentsListResponseSchema = z.object({
  rows: z.array(CommentRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  users: z.array(z.object({ value: z.number().int(), label: z.string() })),
  can_switch: z.boolean(),
});
