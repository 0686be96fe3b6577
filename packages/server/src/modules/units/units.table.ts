import { bigint, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * What trucks and trailers both have: equipment, notes, value per year and the history of
 * assignments. `unitType` is 'truck' or 'trailer'; `unitId` the truck's or trailer's id.
 */
export const unitEquipment = pgTable(
  'unit_equipment',
  {
    id: serial().primaryKey(),
    unitType: text().notNull(),
    unitId: integer().notNull(),
    equipmentNameId: integer().notNull(),
    quantity: integer().notNull().default(1),
    serial: text(),
    notes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unit_equipment_unit_idx').on(t.unitType, t.unitId)],
);

export const unitNotes = pgTable(
  'unit_notes',
  {
    id: serial().primaryKey(),
    unitType: text().notNull(),
    unitId: integer().notNull(),
    text: text().notNull(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unit_notes_unit_idx').on(t.unitType, t.unitId)],
);

export const unitValues = pgTable(
  'unit_values',
  {
    id: serial().primaryKey(),
    unitType: text().notNull(),
    unitId: integer().notNull(),
    year: integer().notNull(),
    valueCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('unit_values_year_uq').on(t.unitType, t.unitId, t.year)],
);

/** Who a unit was assigned to, and when (customer, driver, trailer for trucks). */
export const unitAssignments = pgTable(
  'unit_assignments',
  {
    id: serial().primaryKey(),
    unitType: text().notNull(),
    unitId: integer().notNull(),
    customerId: integer(),
    driverId: integer(),
    trailerId: integer(),
    fromDate: date().notNull(),
    toDate: date(),
    changedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unit_assignments_unit_idx').on(t.unitType, t.unitId, t.fromDate)],
);
