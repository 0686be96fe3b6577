import { ACTION as A, SECTION as S, EXTRA_ACTION as X } from '../spec/constants';
import { SECTION_BY_ID } from './catalogue';
import { type Grant, withAncestors } from './grants';

/**
 * The demo company's permission roles (seeded by the server's roles seeder; Administrator holds
 * every permission). Kept here so the web's menu tests read the very grants the seed gives.
 */
export type RoleSpec = Record<number, readonly number[] | 'all'>;

/** Expands { section: actions } into grants, with each section's ancestors so menus open. */
export function grantsFor(spec: RoleSpec): Grant[] {
  return withAncestors(
    Object.entries(spec).flatMap(([key, actions]) => {
      const section = SECTION_BY_ID.get(Number(key));
      if (!section) throw new Error(`Unknown section ${key}`);
      return [0, ...(actions === 'all' ? section.actions : actions)].map((action) => ({ section: section.id, action }));
    }),
  );
}

const VIEW = [A.VIEW] as const;
const COMMON: RoleSpec = { [S.Profile]: 'all', [S.Account]: 'all', 97: 'all', 118: 'all', 103: 'all', 106: 'all' };

export const DEMO_ROLES: Record<string, RoleSpec> = {
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
    [S.Safety]: 'all',
    [S.Logbooks]: 'all',
    [S.Reports]: 'all',
    [S.MotivationProgramme]: 'all',
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
