import { clock } from '../../platform/clock';
import { ref, type Seeder } from '../../platform/seed/seed';
import {
  contactTypes,
  documentTypes,
  holidays,
  inventoryItems,
  offices,
  positions,
  workSchedules,
} from './settings.table';

/** Positions per department, matching the demo users and employees. */
const POSITIONS: Record<string, string[]> = {
  Dispatch: ['Dispatcher', 'Senior dispatcher', 'Night dispatcher'],
  Accounting: ['Accountant', 'Billing specialist', 'AR clerk'],
  Safety: ['Safety manager', 'Safety specialist', 'Compliance clerk'],
  Shop: ['Shop manager', 'Diesel technician', 'Tire technician', 'Parts clerk'],
  Management: ['Operations manager', 'General manager'],
  Sales: ['Sales manager', 'Account executive'],
};

/** US federal holidays the demo company observes, by year (dates computed, not typed). */
export function federalHolidays(year: number): Array<{ date: string; name: string }> {
  const iso = (m: number, d: number) => `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  /** The n-th weekday (0 Sunday) of a month; n = -1 is the last. */
  const nth = (m: number, weekday: number, n: number) => {
    if (n > 0) {
      const first = new Date(Date.UTC(year, m - 1, 1)).getUTCDay();
      return iso(m, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
    }
    const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
    const last = new Date(Date.UTC(year, m - 1, lastDay)).getUTCDay();
    return iso(m, lastDay - ((last - weekday + 7) % 7));
  };
  return [
    { date: iso(1, 1), name: "New Year's Day" },
    { date: nth(1, 1, 3), name: 'Martin Luther King Jr. Day' },
    { date: nth(5, 1, -1), name: 'Memorial Day' },
    { date: iso(7, 4), name: 'Independence Day' },
    { date: nth(9, 1, 1), name: 'Labor Day' },
    { date: nth(11, 4, 4), name: 'Thanksgiving Day' },
    { date: iso(12, 24), name: 'Christmas Eve' },
    { date: iso(12, 25), name: 'Christmas Day' },
  ];
}

export const settingsSeeder: Seeder = {
  name: 'settings',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const departments = ref<Map<string, number>>(ctx, 'departments');
    const year = Number(clock.now().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' }).slice(0, 4));
    await ctx.db.insert(workSchedules).values([
      { companyId, name: 'Day shift', startTime: '08:00', endTime: '17:00', breakMinutes: 60 },
      { companyId, name: 'Early shift', startTime: '06:00', endTime: '14:30', breakMinutes: 30 },
      { companyId, name: 'Night dispatch', startTime: '20:00', endTime: '06:00', breakMinutes: 30 },
      { companyId, name: 'Shop shift', startTime: '07:00', endTime: '15:30', breakMinutes: 30 },
    ]);
    await ctx.db
      .insert(holidays)
      .values([year, year + 1].flatMap((y) => federalHolidays(y).map((h) => ({ companyId, ...h, paid: true }))));
    await ctx.db.insert(offices).values([
      {
        companyId,
        name: 'Dallas HQ',
        address: '2100 Commerce St',
        city: 'Dallas',
        state: 'TX',
        zip: '75201',
        phone: '2145550100',
        email: 'dallas@backhaul.demo',
      },
      {
        companyId,
        name: 'Chicago',
        address: '401 W Ontario St',
        city: 'Chicago',
        state: 'IL',
        zip: '60654',
        phone: '3125550140',
        email: 'chicago@backhaul.demo',
      },
      { companyId, name: 'Remote', address: null, city: null, state: null, zip: null, phone: null, email: null },
    ]);
    await ctx.db.insert(inventoryItems).values([
      { companyId, name: 'Laptop', category: 'Electronics', serialRequired: true, description: '14" business laptop' },
      { companyId, name: 'Headset', category: 'Electronics', serialRequired: false, description: null },
      { companyId, name: 'Monitor', category: 'Electronics', serialRequired: true, description: '27" monitor' },
      { companyId, name: 'Phone', category: 'Electronics', serialRequired: true, description: 'Company cell phone' },
      { companyId, name: 'Shop tablet', category: 'Electronics', serialRequired: true, description: null },
      { companyId, name: 'Torque wrench set', category: 'Tools', serialRequired: false, description: null },
      { companyId, name: 'Fuel card', category: 'Keys and cards', serialRequired: true, description: null },
      { companyId, name: 'Hi-vis vest', category: 'Safety gear', serialRequired: false, description: null },
    ]);
    await ctx.db.insert(contactTypes).values(
      ['Dispatch', 'Billing', 'Accounts payable', 'Emergency', 'Safety', 'Owner'].map((name) => ({
        companyId,
        name,
      })),
    );
    await ctx.db.insert(documentTypes).values([
      { companyId, name: 'W-9', subject: 'Customer', expires: false },
      { companyId, name: 'Certificate of insurance', subject: 'Customer', expires: true },
      { companyId, name: 'Credit application', subject: 'Customer', expires: false },
      { companyId, name: 'CDL', subject: 'Driver', expires: true },
      { companyId, name: 'Medical card', subject: 'Driver', expires: true },
      { companyId, name: 'MVR', subject: 'Driver', expires: true },
      { companyId, name: 'I-9', subject: 'Employee', expires: false },
      { companyId, name: 'Annual inspection', subject: 'Truck', expires: true },
      { companyId, name: 'Registration', subject: 'Trailer', expires: true },
    ]);
    await ctx.db
      .insert(positions)
      .values(
        Object.entries(POSITIONS).flatMap(([dept, names]) =>
          names.map((name) => ({ companyId, name, departmentId: departments.get(dept) ?? null })),
        ),
      );
  },
};
