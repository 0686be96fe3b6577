import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets the server generates once and keeps across restarts and processes (the link-signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
