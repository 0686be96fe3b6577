import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Reference lists shared by the registries (Maintenance → General). */
export const trailerTypes = pgTable(
  'trailer_types',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    name: text().notNull(),
    /** Reefer units count engine hours (shown "hh") as well as miles. */
    reefer: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex('trailer_types_name_uq').on(t.companyId, t.name)],
);

export const equipmentNames = pgTable(
  'equipment_names',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    name: text().notNull(),
  },
  (t) => [uniqueIndex('equipment_names_name_uq').on(t.companyId, t.name)],
);
