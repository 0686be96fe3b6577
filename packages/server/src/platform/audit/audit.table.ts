import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyId: integer(),
    userId: integer(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    entity: text().notNull(),
    entityId: text().notNull(),
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.at)],
);
