import type { Seeder } from '../seed/seed';
import { ref } from '../seed/seed';
import { users } from './auth.table';
import { hashPassword } from './password';

/** The demo logins printed at start; all share DEMO_PASSWORD (default "backhaul"). */
export const DEMO_USERS = [
  {
    email: 'admin@backhaul.demo',
    name: 'Avery Admin',
    role: 0,
    permissionRole: 'Administrator',
    department: 'Management',
  },
  {
    email: 'dispatcher@backhaul.demo',
    name: 'Dana Dispatch',
    role: 2,
    permissionRole: 'Dispatcher',
    department: 'Dispatch',
  },
  {
    email: 'accountant@backhaul.demo',
    name: 'Alex Ledger',
    role: 1,
    permissionRole: 'Accountant',
    department: 'Accounting',
  },
  { email: 'safety@backhaul.demo', name: 'Sam Safety', role: 3, permissionRole: 'Safety', department: 'Safety' },
  { email: 'shop@backhaul.demo', name: 'Shay Wrench', role: 1, permissionRole: 'Shop manager', department: 'Shop' },
  { email: 'customer@backhaul.demo', name: 'Casey Customer', role: 4, permissionRole: 'Customer', department: null },
] as const;

/**
 * The rest of the office (no demo login printed): a fixed list, so the seed's random sequence for
 * later seeders is unchanged. Only at full scale: test templates keep the six logins alone.
 */
const STAFF: readonly {
  name: string;
  department: string;
  role: number;
  permissionRole: string | null;
  active?: boolean;
}[] = [
  { name: 'Marcus Bell', department: 'Dispatch', role: 2, permissionRole: 'Dispatcher' },
  { name: 'Priya Natarajan', department: 'Dispatch', role: 2, permissionRole: 'Dispatcher' },
  { name: 'Luis Ortega', department: 'Dispatch', role: 2, permissionRole: 'Dispatcher' },
  { name: 'Kayla Brooks', department: 'Dispatch', role: 3, permissionRole: 'Dispatcher' },
  { name: 'Trevor Haines', department: 'Dispatch', role: 2, permissionRole: 'Dispatcher', active: false },
  { name: 'Olivia Chen', department: 'Accounting', role: 4, permissionRole: 'Accountant' },
  { name: 'Darnell Price', department: 'Accounting', role: 4, permissionRole: 'Accountant' },
  { name: 'Megan Foster', department: 'Accounting', role: 3, permissionRole: 'Accountant' },
  { name: 'Rosa Delgado', department: 'Safety', role: 4, permissionRole: 'Safety' },
  { name: 'Brian Kowalski', department: 'Safety', role: 4, permissionRole: 'Safety' },
  { name: 'Hector Ruiz', department: 'Shop', role: 4, permissionRole: 'Shop manager' },
  { name: 'Jamal Carter', department: 'Shop', role: 4, permissionRole: 'Shop manager' },
  { name: 'Eric Lindqvist', department: 'Shop', role: 4, permissionRole: 'Shop manager', active: false },
  { name: 'Tanya Moore', department: 'Management', role: 1, permissionRole: 'Administrator' },
  { name: 'Greg Whitfield', department: 'Sales', role: 1, permissionRole: null },
  { name: 'Alicia Romero', department: 'Sales', role: 4, permissionRole: null },
  { name: 'Nate Sullivan', department: 'Sales', role: 4, permissionRole: null },
  { name: 'Fatima Yusuf', department: 'Management', role: 3, permissionRole: 'Accountant' },
];
const FULL_SCALE = 0.5;

export const usersSeeder: Seeder = {
  name: 'users',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const roleIds = ref<Map<string, number>>(ctx, 'roleIds');
    const departments = ref<Map<string, number>>(ctx, 'departments');
    const demoCustomerId = ref<number>(ctx, 'demoCustomerId');
    const passwordHash = await hashPassword(ctx.password);
    await ctx.db.insert(users).values(
      DEMO_USERS.map((u) => ({
        companyId,
        email: u.email,
        name: u.name,
        role: u.role,
        passwordHash,
        permissionRoleId: roleIds.get(u.permissionRole) ?? null,
        departmentId: u.department ? (departments.get(u.department) ?? null) : null,
        customerId: u.permissionRole === 'Customer' ? demoCustomerId : null,
        image: null,
      })),
    );
    if (ctx.scale < FULL_SCALE) return;
    await ctx.db.insert(users).values(
      STAFF.map((u) => ({
        companyId,
        email: `${u.name.toLowerCase().replace(/[^a-z]+/g, '.')}@backhaul.demo`,
        name: u.name,
        role: u.role,
        passwordHash,
        permissionRoleId: u.permissionRole ? (roleIds.get(u.permissionRole) ?? null) : null,
        departmentId: departments.get(u.department) ?? null,
        customerId: null,
        image: null,
        active: u.active ?? true,
      })),
    );
  },
};
