import { users } from '../../platform/auth/auth.table';
import { hashPassword } from '../../platform/auth/password';
import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';

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
  },
};
