import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every stored file: uploads, exports, mail attachments. The bytes live in the file storage. */
export const files = pgTable(
  'files',
  {
    id: serial().primaryKey(),
    companyId: integer(),
    /** The record the file belongs to: an entity registered with the files service, and its id. */
    entity: text().notNull(),
    entityId: text().notNull(),
    category: text(),
    /** What the document is, where its category has kinds (a load's paperwork: bol, pod, lumper, …). */
    docType: text(),
    originalName: text().notNull(),
    mime: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull().unique(),
    uploadedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_entity_idx').on(t.entity, t.entityId)],
);

export type FileRow = typeof files.$inferSelect;
