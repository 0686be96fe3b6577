import type { ListSettings } from '@backhaul/shared/list/list.contract';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';

/** A user's column settings for one list (order, visibility, widths); no row means the default. */
export const listSettings = pgTable(
  'list_settings',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    section: text().notNull(),
    settings: jsonb().$type<ListSettings>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('list_settings_user_section_idx').on(t.userId, t.section)],
);
