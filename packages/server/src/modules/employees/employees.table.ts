import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const employees = pgTable(
  'employees',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    name: text().notNull(),
    /** The legal entity the employee works for (the spec's "company" column). */
    employer: text(),
    departmentId: integer(),
    office: text(),
    position: text(),
    email: text(),
    phone: text(),
    phone2: text(),
    active: boolean().notNull().default(true),
    hiredOn: date(),
    /** The last day worked (salary is prorated to it). */
    terminatedOn: date(),
    userId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employees_company_name_idx').on(t.companyId, t.name)],
);

export const employeeInventory = pgTable(
  'employee_inventory',
  {
    id: serial().primaryKey(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    item: text().notNull(),
    serial: text(),
    issuedOn: date(),
    returnedOn: date(),
    notes: text(),
  },
  (t) => [index('employee_inventory_employee_idx').on(t.employeeId)],
);
