import {
  ACCOUNT_SECTION,
  CommentFormSchema,
  NoteFormSchema,
  VacationFormSchema,
} from '@backhaul/shared/modules/account/account.contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineRecord } from '../../platform/record/define-record';
import { attendanceDays, staffNotes, userComments, vacationRequests } from './account.table';

const id = z.number().int();

const AttendanceDaySchema = z.object({
  id,
  user_id: id,
  date: z.string(),
  check_in: z.date().nullable(),
  check_out: z.date().nullable(),
  sick: z.boolean(),
});

/** One working day of one person: checked in and out by the person, corrected or marked sick by others. */
export const attendanceDayRecord = defineRecord({
  table: attendanceDays,
  section: ACCOUNT_SECTION.checkIn,
  form: AttendanceDaySchema.omit({ id: true }),
  row: AttendanceDaySchema,
});

/** A note to a person: reached (read, marked read) by its recipient only. */
export const staffNoteRecord = defineRecord({
  table: staffNotes,
  section: ACCOUNT_SECTION.notes,
  scope: { row: (user) => eq(staffNotes.userId, user.id) },
  form: NoteFormSchema,
  row: z.object({ id, user_id: id, author_id: id.nullable(), text: z.string(), status: z.number().int() }),
});

/** A vacation request of the caller; approved or refused by someone else. */
export const vacationRecord = defineRecord({
  table: vacationRequests,
  section: ACCOUNT_SECTION.vacation,
  form: VacationFormSchema,
  row: z.object({
    id,
    user_id: id,
    date_from: z.string(),
    date_to: z.string(),
    comment: z.string().nullable(),
    status: z.number().int(),
  }),
  toValues: (form, { user }) => ({
    userId: user.id,
    dateFrom: form.date_from,
    dateTo: form.date_to,
    comment: form.comment || null,
  }),
});

/** A comment on a staff user by its author; `seen` is the comments switch. */
export const userCommentRecord = defineRecord({
  table: userComments,
  section: ACCOUNT_SECTION.comments,
  form: CommentFormSchema,
  row: z.object({ id, user_id: id, author_id: id.nullable(), text: z.string(), seen: z.boolean() }),
  toValues: (form, { user }) => ({ userId: form.user_id, authorId: user.id, text: form.text }),
});
