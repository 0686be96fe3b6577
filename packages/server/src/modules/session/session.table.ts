import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/auth.table';

/**
 * One row per self-service e-mail change: the link mailed to the old address undoes it. Only the
 * token's sha256 is stored; a row is used once, and an undo also uses up every later change's row.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text().notNull(),
    newEmail: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_changes_token_hash_uq').on(t.tokenHash), index('email_changes_user_idx').on(t.userId)],
);
