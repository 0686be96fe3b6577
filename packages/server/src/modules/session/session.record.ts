import { SECTION } from '@backhaul/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineRecord } from '../../platform/record/define-record';
import { emailChanges } from './session.table';

const EmailChangeSchema = z.object({ id: z.number().int(), old_email: z.string(), new_email: z.string() });

/**
 * A self-service e-mail change, reached only by the user who made it (its undo runs as that user):
 * the undo locks it so a link is used once.
 */
export const emailChangeRecord = defineRecord({
  table: emailChanges,
  section: SECTION.Users,
  scope: { company: false, row: (user) => eq(emailChanges.userId, user.id) },
  form: EmailChangeSchema.omit({ id: true }),
  row: EmailChangeSchema,
});
