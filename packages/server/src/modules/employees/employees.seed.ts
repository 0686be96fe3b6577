import { users } from '../../platform/auth/auth.table';
import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday, phoneDigits, scaled } from '../../platform/seed/seed-helpers';
import { employeeInventory, employees } from './employees.table';

const POSITIONS: Record<string, string[]> = {
  Dispatch: ['Dispatcher', 'Senior dispatcher', 'Night dispatcher'],
  Accounting: ['Accountant', 'Billing specialist', 'AR clerk'],
  Safety: ['Safety manager', 'Safety specialist', 'Compliance clerk'],
  Shop: ['Shop manager', 'Diesel technician', 'Tire technician', 'Parts clerk'],
  Management: ['Operations manager', 'General manager'],
  Sales: ['Sales manager', 'Account executive'],
};
const OFFICES = ['Dallas HQ', 'Chicago', 'Remote'];
const ITEMS = ['Laptop', 'Headset', 'Monitor', 'Phone', 'Shop tablet', 'Torque wrench set'];

export const employeesSeeder: Seeder = {
  name: 'employees',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const departments = ref<Map<string, number>>(ctx, 'departments');
    const staff = await ctx.db
      .select({ id: users.id, name: users.name, email: users.email, departmentId: users.departmentId })
      .from(users);
    const deptNames = [...departments.keys()];
    const rows = Array.from({ length: scaled(ctx, 25, 3) }, (_, i) => {
      // The demo staff users are employees too.
      const user = staff.filter((u) => u.departmentId !== null)[i];
      const dept = user
        ? ([...departments.entries()].find(([, id]) => id === user.departmentId)?.[0] ?? 'Dispatch')
        : (deptNames[i % deptNames.length] ?? 'Dispatch');
      const name = user?.name ?? ctx.faker.person.fullName();
      return {
        companyId,
        name,
        employer: i % 5 === 4 ? 'Backhaul Shop Services LLC' : 'Backhaul Demo Freight',
        departmentId: departments.get(dept) ?? null,
        office: OFFICES[i % OFFICES.length] ?? null,
        position: ctx.faker.helpers.arrayElement(POSITIONS[dept] ?? ['Clerk']),
        email: user?.email ?? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@backhaul.demo`,
        phone: phoneDigits(ctx),
        phone2: i % 3 === 0 ? phoneDigits(ctx) : null,
        active: i % 11 !== 10,
        hiredOn: dayFromToday(-ctx.faker.number.int({ min: 60, max: 2400 })),
        userId: user?.id ?? null,
      };
    });
    const inserted = await inChunks(rows, (chunk) =>
      ctx.db.insert(employees).values(chunk).returning({ id: employees.id }),
    );
    const inventory = inserted.flatMap(({ id }, i) =>
      Array.from({ length: i % 3 }, (_, k) => ({
        employeeId: id,
        item: ITEMS[(i + k) % ITEMS.length] ?? 'Laptop',
        serial: ctx.faker.string.alphanumeric({ length: 10, casing: 'upper' }),
        issuedOn: dayFromToday(-ctx.faker.number.int({ min: 10, max: 700 })),
      })),
    );
    await inChunks(inventory, (chunk) => ctx.db.insert(employeeInventory).values(chunk));
  },
};
