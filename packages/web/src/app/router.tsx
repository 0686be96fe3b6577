import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { prefetchTrips } from '../modules/trips';
import { NotAvailablePage } from '../platform/not-available-page';
import { ErrorPage } from './error-page';
import type { RouteHandle } from './guard';
import { HomeRedirect, RootShell, SessionCheckFallback } from './root-shell';
import { APP_ROUTES, type PageKey, PUBLIC_ROUTES, type RouteNode } from './route-table';
import { ScreenError } from './screen-error';

type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * A screen's first request, started by its route as the navigation begins: beside the session check
 * and the screen's code, not after them (issue 31). It returns nothing the screen waits for: the
 * screen's own query finds the answer in the cache.
 */
const PREFETCH: Partial<Record<PageKey, (url: URL) => void>> = {
  trips: (url) => void prefetchTrips(url.search),
};

// Each screen is its own chunk: the login page never downloads the layout, tables or charts.
const PAGES: Record<PageKey, LazyPage> = {
  login: () => import('../modules/auth/login-page').then((m) => ({ Component: m.LoginPage })),
  'reset-request': () => import('../modules/auth/reset-request-page').then((m) => ({ Component: m.ResetRequestPage })),
  'new-password': () => import('../modules/auth/new-password-page').then((m) => ({ Component: m.NewPasswordPage })),
  'email-undo': () => import('../modules/auth/email-undo-page').then((m) => ({ Component: m.EmailUndoPage })),
  profile: () => import('../modules/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
  'customer-invoices': () =>
    import('../modules/invoices/customer-invoices-page').then((m) => ({ Component: m.CustomerInvoicesPage })),
  billing: () => import('../modules/billing/billing-page').then((m) => ({ Component: m.BillingPage })),
  'customer-payments': () =>
    import('../modules/receivables-reports/customer-payments-page').then((m) => ({
      Component: m.CustomerPaymentsPage,
    })),
  'customer-invoice-items': () =>
    import('../modules/payments/customer-invoice-items-page').then((m) => ({ Component: m.CustomerInvoiceItemsPage })),
  schedules: () => import('../modules/schedules/schedules-page').then((m) => ({ Component: m.SchedulesPage })),
  // Driver pay (issue 15).
  'drivers-statements': () =>
    import('../modules/driver-pay/driver-statements-page').then((m) => ({ Component: m.DriverStatementsPage })),
  fuel: () => import('../modules/driver-pay/fuel-page').then((m) => ({ Component: m.FuelPage })),
  eld: () => import('../modules/eld/eld-page').then((m) => ({ Component: m.EldPage })),
  'employee-statements': () =>
    import('../modules/salaries/employee-statements-page').then((m) => ({ Component: m.EmployeeStatementsPage })),
  'company-expenses': () =>
    import('../modules/driver-pay/company-expenses-page').then((m) => ({ Component: m.CompanyExpensesPage })),
  'escrow-accounts': () =>
    import('../modules/driver-pay/driver-ledger-page').then((m) => ({ Component: m.EscrowAccountsPage })),
  'cash-advances': () =>
    import('../modules/driver-pay/driver-ledger-page').then((m) => ({ Component: m.CashAdvancesPage })),
  'driver-hours': () =>
    import('../modules/driver-pay/driver-ledger-page').then((m) => ({ Component: m.DriverHoursPage })),
  'scheduled-payments': () =>
    import('../modules/driver-pay/scheduled-payments-page').then((m) => ({ Component: m.ScheduledPaymentsPage })),
  'short-payments': () =>
    import('../modules/short-payments/short-payments-page').then((m) => ({ Component: m.ShortPaymentsPage })),
  account: () => import('../modules/account/account-page').then((m) => ({ Component: m.AccountPage })),
  'account-user': () => import('../modules/account/account-user-page').then((m) => ({ Component: m.AccountUserPage })),
  'work-schedule': () =>
    import('../modules/work-schedule/work-schedule-page').then((m) => ({ Component: m.WorkSchedulePage })),
  cities: () => import('../modules/cities/cities-page').then((m) => ({ Component: m.CitiesPage })),
  brokers: () => import('../modules/brokers/brokers-page').then((m) => ({ Component: m.BrokersPage })),
  employees: () => import('../modules/employees/employees-page').then((m) => ({ Component: m.EmployeesPage })),
  users: () => import('../modules/users/users-page').then((m) => ({ Component: m.UsersPage })),
  roles: () => import('../modules/roles/roles-page').then((m) => ({ Component: m.RolesPage })),
  'old-system-settings': () =>
    import('../modules/settings/old-system-settings-page').then((m) => ({ Component: m.OldSystemSettingsPage })),
  'accounting-settings': () =>
    import('../modules/settings/accounting-settings-page').then((m) => ({ Component: m.AccountingSettingsPage })),
  'user-account-settings': () =>
    import('../modules/settings/user-account-settings-page').then((m) => ({ Component: m.UserAccountSettingsPage })),
  test: () => import('../modules/system/test-page').then((m) => ({ Component: m.TestPage })),
  'ui-kit': () => import('../modules/system/ui-kit-page').then((m) => ({ Component: m.UiKitPage })),
  'system-settings': () =>
    import('../modules/settings/system-settings-page').then((m) => ({ Component: m.SystemSettingsPage })),
  general: () => import('../modules/general/general-page').then((m) => ({ Component: m.GeneralPage })),
  trucks: () => import('../modules/trucks/trucks-page').then((m) => ({ Component: m.TrucksPage })),
  trailers: () => import('../modules/trailers/trailers-page').then((m) => ({ Component: m.TrailersPage })),
  drivers: () => import('../modules/drivers/drivers-page').then((m) => ({ Component: m.DriversPage })),
  customers: () => import('../modules/customers/customers-page').then((m) => ({ Component: m.CustomersPage })),
  factoring: () => import('../modules/factoring/factoring-page').then((m) => ({ Component: m.FactoringPage })),
  'potential-clients': () =>
    import('../modules/clients/leads-page').then((m) => ({ Component: m.PotentialClientsPage })),
  clients: () => import('../modules/clients/leads-page').then((m) => ({ Component: m.ClientsPage })),
  trips: () => import('../modules/trips/trips-page').then((m) => ({ Component: m.TripsPage })),
  dashboard: () => import('../modules/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  'dispatch-statistics': () =>
    import('../modules/statistics/dispatch-statistics-page').then((m) => ({ Component: m.DispatchStatisticsPage })),
  'customer-reports': () =>
    import('../modules/statistics/customer-reports-page').then((m) => ({ Component: m.CustomerReportsPage })),
  'safety-statistics': () =>
    import('../modules/statistics/safety-statistics-page').then((m) => ({ Component: m.SafetyStatisticsPage })),
  // Staff pay (issue 16).
  'bonus-charge': () =>
    import('../modules/bonus-charge/bonus-charge-page').then((m) => ({ Component: m.BonusChargePage })),
  'dispatcher-statements': () =>
    import('../modules/dispatcher-statements/dispatcher-statements-page').then((m) => ({
      Component: m.DispatcherStatementsPage,
    })),
  'manager-statements': () =>
    import('../modules/manager-statements/manager-statements-page').then((m) => ({
      Component: m.ManagerStatementsPage,
    })),
  'safety-statements': () =>
    import('../modules/safety-statements/safety-statements-page').then((m) => ({ Component: m.SafetyStatementsPage })),
  'work-orders': () => import('../modules/work-orders/work-orders-page').then((m) => ({ Component: m.WorkOrdersPage })),
  'work-orders-statistics': () =>
    import('../modules/work-orders/work-order-statistics-page').then((m) => ({ Component: m.WorkOrderStatisticsPage })),
  'truck-road': () => import('../modules/truck-road/truck-road-page').then((m) => ({ Component: m.TruckRoadPage })),
  'service-schedule': () =>
    import('../modules/service-schedule/service-schedule-page').then((m) => ({ Component: m.ServiceSchedulePage })),
  downtime: () => import('../modules/downtime/downtime-page').then((m) => ({ Component: m.DowntimePage })),
  logbooks: () => import('../modules/safety/logbooks-page').then((m) => ({ Component: m.LogbooksPage })),
  'safety-expiring': () => import('../modules/safety/expiring-page').then((m) => ({ Component: m.ExpiringPage })),
  reports: () => import('../modules/reports/reports-page').then((m) => ({ Component: m.ReportsPage })),
};

const handleOf = (node: RouteNode): RouteHandle => ({
  title: node.title,
  section: node.section ?? null,
  access: node.access ?? 'protected',
  crumb: true,
});

type Leaf = Pick<RouteObject, 'element' | 'lazy' | 'loader' | 'shouldRevalidate'>;

function leafOf(node: RouteNode): Leaf {
  if (node.redirect) return { element: <Navigate to={node.redirect} replace /> };
  const prefetch = node.page ? PREFETCH[node.page] : undefined;
  if (node.page && prefetch) {
    return {
      lazy: PAGES[node.page],
      loader: ({ request }) => {
        prefetch(new URL(request.url));
        return null;
      },
      // Entering the screen only: its table asks for later pages and filters itself.
      shouldRevalidate: () => false,
    };
  }
  if (node.page) return { lazy: PAGES[node.page] };
  return { element: <NotAvailablePage title={node.title} /> };
}

function toRouteObject(node: RouteNode): RouteObject {
  const path = node.path.replace(/^\//, '');
  const handle = handleOf(node);
  if (!node.children) return { path, handle, ...leafOf(node) };
  const index: RouteObject = {
    index: true,
    ...(node.defaultChild ? { element: <Navigate to={node.defaultChild} replace /> } : leafOf(node)),
  };
  return { path, handle, element: <Outlet />, children: [index, ...node.children.map(toRouteObject)] };
}

export const ROUTES: RouteObject[] = [
  {
    element: <RootShell />,
    HydrateFallback: SessionCheckFallback,
    errorElement: <ScreenError />,
    children: [
      ...PUBLIC_ROUTES.map(toRouteObject),
      {
        lazy: () => import('./app-layout').then((m) => ({ Component: m.AppLayout })),
        children: [
          {
            // Keeps the menu and header when a screen fails (see ScreenError).
            errorElement: <ScreenError />,
            children: [
              {
                index: true,
                element: <HomeRedirect />,
                handle: { title: 'Home', section: null, access: 'protected', crumb: false },
              },
              ...APP_ROUTES.map(toRouteObject),
            ],
          },
        ],
      },
      { path: '*', element: <ErrorPage />, handle: { title: 'Error', section: null, access: 'any', crumb: false } },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(ROUTES);
