// Every front-end route of routes.json, as data: the router, the guard, the breadcrumbs and the
// menu all read this one table. `section` is the route's permission section name (routes.json).

/** protected: needs a token; guest: login and reset (a logged-in user goes to /);
 *  public: anyone; open: no authentication required, but a signed-in user is still guarded. */
/**
 * protected: a session and the sections of the route and its parents; guest: only without a session;
 * public: anyone; open: anyone, a session adds the sections' check (signed links); own: any session,
 * whatever its sections (a user's own preferences under /settings).
 */
export type RouteAccess = 'protected' | 'guest' | 'public' | 'open' | 'own';

/** Screens that are built; any route without a page shows the not-available page. */
export type PageKey =
  | 'login'
  | 'customer-payments'
  | 'customer-invoices'
  | 'billing'
  | 'customer-invoice-items'
  | 'schedules'
  | 'short-payments'
  | 'reset-request'
  | 'new-password'
  | 'email-undo'
  | 'profile'
  | 'account'
  | 'account-user'
  | 'work-schedule'
  | 'cities'
  | 'brokers'
  | 'employees'
  | 'users'
  | 'roles'
  | 'drivers'
  | 'general'
  | 'trucks'
  | 'trailers'
  | 'customers'
  | 'factoring'
  | 'potential-clients'
  | 'clients'
  | 'trips'
  | 'dashboard'
  | 'dispatch-statistics'
  | 'customer-reports'
  | 'safety-statistics'
  | 'system-settings'
  | 'work-orders'
  | 'work-orders-statistics'
  | 'truck-road'
  | 'downtime'
  | 'service-schedule'
  | 'logbooks'
  | 'safety-expiring'
  | 'reports'
  | 'old-system-settings'
  | 'accounting-settings'
  | 'user-account-settings'
  | 'test'
  | 'ui-kit'
  // Staff pay (issue 16).
  | 'bonus-charge'
  | 'dispatcher-statements'
  | 'manager-statements'
  | 'safety-statements'
  | 'employee-statements'
  // Driver pay (issue 15).
  | 'drivers-statements'
  | 'fuel'
  // ELD data and odometers (issue 30).
  | 'eld'
  | 'scheduled-payments'
  | 'company-expenses'
  // Driver pay's ledgers (issue 28).
  | 'escrow-accounts'
  | 'cash-advances'
  | 'driver-hours';

export type RouteNode = {
  /** Relative to the parent ('' for none); the full path is the parents' paths joined. */
  path: string;
  title: string;
  section?: string;
  access?: RouteAccess;
  /** The route itself redirects (000 §2: /dispatch, /safety, /settings). */
  redirect?: string;
  /** The route's default child (/accounting, /shop). */
  defaultChild?: string;
  page?: PageKey;
  children?: RouteNode[];
};

const child = (path: string, title: string, section?: string, extra: Partial<RouteNode> = {}): RouteNode => ({
  path,
  title,
  ...(section ? { section } : {}),
  ...extra,
});

export const PUBLIC_ROUTES: RouteNode[] = [
  { path: '/auth', title: 'Sign in', access: 'guest', page: 'login' },
  { path: '/reset', title: 'Reset password', access: 'guest', page: 'reset-request' },
  { path: '/password/reset', title: 'Reset password', access: 'guest', page: 'reset-request' },
  // A reset link stays usable when someone is signed in on that browser.
  { path: '/password/reset/:token', title: 'New password', access: 'public', page: 'new-password' },
  // The undo link mailed to the old address after an e-mail change (docs/spec-deviations.md).
  { path: '/email/undo/:token', title: 'Undo the e-mail change', access: 'public', page: 'email-undo' },
];

export const APP_ROUTES: RouteNode[] = [
  { path: '/profile', title: 'Profile', section: 'Profile', page: 'profile' },
  {
    path: '/account',
    title: 'Account',
    section: 'Account',
    page: 'account',
    children: [child('user/:user_id', 'User', undefined, { page: 'account-user' })],
  },
  { path: '/dispatch', title: 'Dispatch', section: 'Dispatch', redirect: '/trips/list' },
  { path: '/trips/list', title: 'Trips', section: 'Trips', page: 'trips' },
  { path: '/safety', title: 'Safety', section: 'Safety', redirect: '/statistics' },
  { path: '/reportsOld', title: 'Old reports', section: 'Reports', page: 'reports' },
  { path: '/logbooks', title: 'Logbooks', section: 'Logbooks', page: 'logbooks' },
  // Ours (issue 18, docs/spec-deviations.md): everything overdue or due within 30 days.
  { path: '/safety/expiring', title: 'Expiring soon', section: 'Safety', page: 'safety-expiring' },
  { path: '/employee-work-schedule', title: 'Employee work schedule', page: 'work-schedule' },
  {
    path: '/statistics',
    title: 'Statistics',
    section: 'Statistics',
    page: 'dashboard',
    children: [
      child('dispatch-statistics', 'Dispatch statistics', 'Dispatch statistics', { page: 'dispatch-statistics' }),
      child('customer-reports', 'Customer reports', undefined, { page: 'customer-reports' }),
      child('safety-statistics', 'Safety RFM statistics', undefined, { page: 'safety-statistics' }),
    ],
  },
  {
    path: '/accounting',
    title: 'Accounting',
    section: 'Accounting',
    defaultChild: 'customer-invoices',
    children: [
      child('customer-invoices', 'Customer invoices', undefined, { page: 'customer-invoices' }),
      child('customer-payments', 'Customer payments', undefined, { page: 'customer-payments' }),
      child('customer-invoice-items', 'Customer invoice items', undefined, { page: 'customer-invoice-items' }),
      child('billing', 'Billing', 'Billing', { page: 'billing' }),
      child('dispatchers-st-ts', 'Dispatcher statements', 'Dispatchers statements', { page: 'dispatcher-statements' }),
      child('safety-st-ts', 'Safety statements', 'Safety statements', { page: 'safety-statements' }),
      child('drivers-statements', 'Driver statements', 'Driver statements', { page: 'drivers-statements' }),
      // Beyond the spec (issue 28, docs/spec-deviations.md): what driver statements draw from.
      child('escrow-accounts', 'Escrow accounts', 'Driver statements', { page: 'escrow-accounts' }),
      child('cash-advances', 'Cash advances', 'Driver statements', { page: 'cash-advances' }),
      child('driver-hours', 'Driver hours', 'Driver statements', { page: 'driver-hours' }),
      child('schedules', 'Schedules', 'Schedules', { page: 'schedules' }),
      child('shortPayments', 'Short payments', 'Short payments', { page: 'short-payments' }),
      child('scheduled-payments', 'Scheduled payments', 'Scheduled payments', { page: 'scheduled-payments' }),
      child('fuel', 'Fuel', 'Fuel', { page: 'fuel' }),
      // Beyond the spec (issue 30): the ELD provider's jurisdiction miles and odometer readings.
      child('eld', 'ELD', 'Fuel', { page: 'eld' }),
      child('bonus-charge', 'Bonus and charges', undefined, { page: 'bonus-charge' }),
      // Beyond the spec (issue 32, docs/spec-deviations.md): the salary statements the account page lists.
      child('employee-statements', 'Employee statements', 'Statements', { page: 'employee-statements' }),
      child('company-expenses', 'Company expenses', 'Company expenses', { page: 'company-expenses' }),
    ],
  },
  {
    path: '/manager-statements',
    title: 'Manager statements',
    section: 'Manager statements',
    page: 'manager-statements',
  },
  {
    path: '/shop',
    title: 'Shop',
    section: 'Shop',
    defaultChild: 'work-orders',
    children: [
      child('work-orders', 'Work orders', 'Work orders', { page: 'work-orders' }),
      child('work-orders-statistics', 'Work orders statistics', 'Work orders statistics', {
        page: 'work-orders-statistics',
      }),
      child('trucks-on-the-road', 'Trucks on the road', 'Trucks on the road', { access: 'open', page: 'truck-road' }),
      // Beyond the spec (docs/spec-deviations.md): Downtime (section 70) and the preventive maintenance schedule.
      child('downtime', 'Downtime', 'Downtime', { page: 'downtime' }),
      child('service-schedule', 'Service schedule', 'Work orders', { page: 'service-schedule' }),
    ],
  },
  {
    path: '/maintenance',
    title: 'Maintenance',
    section: 'Maintenance',
    defaultChild: 'general',
    children: [
      child('general', 'General', 'General', { page: 'general' }),
      child('drivers', 'Drivers', 'Drivers', { page: 'drivers' }),
      child('trucks', 'Trucks', 'Trucks', { page: 'trucks' }),
      child('trailers', 'Trailers', 'Trailers', { page: 'trailers' }),
      child('customers', 'Customers', 'Customers', { page: 'customers' }),
      child('employees', 'Employees', 'Employees', { page: 'employees' }),
      child('factoring', 'Factoring companies', 'Factoring companies', { page: 'factoring' }),
      child('cities', 'Cities', 'Cities', { page: 'cities' }),
      child('brokers', 'Brokers', 'Brokers', { page: 'brokers' }),
      child('users', 'Users', 'Users', { page: 'users' }),
      child('potential-client', 'Potential clients', undefined, { page: 'potential-clients' }),
      child('clients', 'Clients', undefined, { page: 'clients' }),
      child('roles', 'Roles', 'Roles', { page: 'roles' }),
    ],
  },
  {
    path: '/settings',
    title: 'Settings',
    section: 'Settings',
    redirect: '/maintenance/roles',
    children: [
      child('accounting-settings', 'Accounting settings', 'Settings', { page: 'accounting-settings' }),
      // Every signed-in user keeps their own preferences here, with or without the Settings section.
      child('user-account-settings', 'User account settings', undefined, {
        page: 'user-account-settings',
        access: 'own',
      }),
      child('old-system-settings', 'Old system settings', 'Settings', { page: 'old-system-settings' }),
      // System settings: the company's /info lists, one tab each, and the mail log (Mail section).
      child('system-settings', 'System settings', 'Settings', { page: 'system-settings' }),
    ],
  },
  // Internal pages (000 §2), for the administrators: the server answers their data to settings editors.
  { path: '/test', title: 'Test page', section: 'Settings', page: 'test' },
  { path: '/ui', title: 'UI kit', section: 'Settings', page: 'ui-kit' },
];

export const ACCOUNT_TABS = ['tabUsers', 'tabVacation', 'tabAllUsersComments'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export type FlatRoute = { fullPath: string; node: RouteNode; parents: RouteNode[] };

const join = (base: string, path: string): string =>
  path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`;

/** Every route with its full path and its parents, depth-first. */
export function flattenRoutes(
  nodes: readonly RouteNode[] = [...PUBLIC_ROUTES, ...APP_ROUTES],
  base = '',
  parents: RouteNode[] = [],
): FlatRoute[] {
  return nodes.flatMap((node) => {
    const fullPath = join(base, node.path);
    return [{ fullPath, node, parents }, ...flattenRoutes(node.children ?? [], fullPath, [...parents, node])];
  });
}

export const ROUTE_BY_PATH: ReadonlyMap<string, FlatRoute> = new Map(flattenRoutes().map((r) => [r.fullPath, r]));
