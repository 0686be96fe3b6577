import {
  ACTION as A,
  type Grant,
  SECTION as S,
  SECTION_BY_ID,
  withAncestors,
  EXTRA_ACTION as X,
} from '@backhaul/shared';
import { rolePermissions, roles } from '../../platform/auth/auth.table';
import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';

type Spec = Record<number, readonly number[] | 'all'>;

/** Expands { section: actions } into grants, with each section's ancestors so menus open. */
export function grantsFor(spec: Spec): Grant[] {
  return withAncestors(
    Object.entries(spec).flatMap(([key, actions]) => {
      const section = SECTION_BY_ID.get(Number(key));
      if (!section) throw new Error(`Unknown section ${key}`);
      return [0, ...(actions === 'all' ? section.actions : actions)].map((action) => ({ section: section.id, action }));
    }),
  );
}

const VIEW = [A.VIEW] as const;
const COMMON: Spec = { [S.Profile]: 'all', [S.Account]: 'all', 97: 'all', 118: 'all', 103: 'all', 106: 'all' };

export const DEMO_ROLES: Record<string, Spec> = {
  Dispatcher: {
    ...COMMON,
    // Dispatchers see their own trips only (no VIEW_ALL_TRIPS).
    [S.Trips]: SECTION_BY_ID.get(S.Trips)?.actions.filter((a) => a !== X.VIEW_ALL_TRIPS) ?? [],
    [S.Dashboard]: 'all',
    [S.Statistics]: VIEW,
    [S.DispatchStatistics]: 'all',
    [S.Cities]: [A.VIEW, A.EDIT, A.CREATE],
    [S.Brokers]: [A.VIEW, A.EDIT, A.CREATE],
    [S.Drivers]: VIEW,
    [S.Trucks]: VIEW,
    [S.Trailers]: VIEW,
    [S.Customers]: VIEW,
  },
  Accountant: {
    ...COMMON,
    [S.Accounting]: 'all',
    [S.CustomerNotPaidInvoices]: 'all',
    [S.InvoiceGenerator]: 'all',
    [S.Billing]: 'all',
    [S.DispatchersStatements]: 'all',
    [S.Schedules]: 'all',
    [S.ShortPayments]: 'all',
    [S.ScheduledPayments]: 'all',
    [S.LostPayments]: 'all',
    [S.Statistics]: VIEW,
    [S.DispatchStatistics]: VIEW,
    [S.Customers]: 'all',
    [S.FactoringCompanies]: 'all',
    [S.Brokers]: VIEW,
    [S.Trips]: [A.VIEW, X.VIEW_ALL_TRIPS],
  },
  Safety: {
    ...COMMON,
    91: 'all',
    92: 'all',
    93: 'all',
    [S.Logbooks]: 'all',
    [S.Reports]: 'all',
    [S.Statistics]: VIEW,
    [S.Analytics]: VIEW,
    [S.Drivers]: 'all',
    [S.Trucks]: 'all',
    [S.Trailers]: 'all',
    [S.Employees]: 'all',
    [S.Settings]: VIEW,
  },
  'Shop manager': {
    ...COMMON,
    [S.Shop]: 'all',
    [S.WorkOrders]: 'all',
    [S.WorkOrdersStatistics]: 'all',
    [S.Planner]: 'all',
    [S.Downtime]: 'all',
    [S.TrucksOnTheRoad]: 'all',
    [S.Trucks]: 'all',
    [S.Trailers]: 'all',
    [S.TrailerTypes]: 'all',
  },
  Customer: {
    [S.Profile]: VIEW,
    [S.Accounting]: VIEW,
    // Customers may export their own invoices and payments (rows are scoped to their customer).
    [S.CustomerNotPaidInvoices]: [A.VIEW, A.VIEW_DOC, A.DOWNLOAD_DOC, A.EXPORT],
  },
};

export const rolesSeeder: Seeder = {
  name: 'roles',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const demoCustomerId = ref<number>(ctx, 'demoCustomerId');
    const ids = new Map<string, number>();
    const [admin] = await ctx.db
      .insert(roles)
      .values({ companyId, name: 'Administrator', allPermissions: true })
      .returning({ id: roles.id });
    ids.set('Administrator', admin?.id ?? 0);
    for (const [name, spec] of Object.entries(DEMO_ROLES)) {
      const [role] = await ctx.db
        .insert(roles)
        .values({ companyId, name, customerId: name === 'Customer' ? demoCustomerId : null })
        .returning({ id: roles.id });
      if (!role) throw new Error(`role ${name} not created`);
      ids.set(name, role.id);
      await ctx.db
        .insert(rolePermissions)
        .values(grantsFor(spec).map((g) => ({ roleId: role.id, sectionId: g.section, actionId: g.action })));
    }
    ctx.refs.set('roleIds', ids);
  },
};
