import { accountRoutes } from './modules/account/account.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { bonusChargeRoutes } from './modules/bonus-charge/bonus-charge.routes';
import { brokersRoutes } from './modules/brokers/brokers.routes';
import { citiesRoutes } from './modules/cities/cities.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { dispatcherStatementsRoutes } from './modules/dispatcher-statements/dispatcher-statements.routes';
import { downtimeRoutes } from './modules/downtime/downtime.routes';
import { companyExpensesRoutes } from './modules/driver-pay/company-expenses.routes';
import { driverLedgerRoutes } from './modules/driver-pay/driver-ledger.routes';
import { driverStatementsRoutes } from './modules/driver-pay/driver-statements.routes';
import { fuelRoutes } from './modules/driver-pay/fuel.routes';
import { scheduledPaymentsRoutes } from './modules/driver-pay/scheduled-payments.routes';
import { driversRoutes } from './modules/drivers/drivers.routes';
import { eldRoutes } from './modules/eld/eld.routes';
import { employeesRoutes } from './modules/employees/employees.routes';
import { expiryDigestRoutes } from './modules/expiry-digest/expiry-digest.routes';
import { extractionRoutes } from './modules/extraction/extraction.routes';
import { factoringRoutes } from './modules/factoring/factoring.routes';
import { generalRoutes } from './modules/general/general.routes';
import { iftaRoutes } from './modules/ifta/ifta.routes';
import { infoCompanyRoutes } from './modules/info-company/info-company.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { managerStatementsRoutes } from './modules/manager-statements/manager-statements.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { plannerRoutes } from './modules/planner/planner.routes';
import { receivablesReportsRoutes } from './modules/receivables-reports/receivables-reports.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { safetyRoutes } from './modules/safety/safety.routes';
import { safetyStatementsRoutes } from './modules/safety-statements/safety-statements.routes';
import { salariesRoutes } from './modules/salaries/salaries.routes';
import { schedulesRoutes } from './modules/schedules/schedules.routes';
import { searchRoutes } from './modules/search/search.routes';
import { serviceScheduleRoutes } from './modules/service-schedule/service-schedule.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { shortPaymentsRoutes } from './modules/short-payments/short-payments.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { trailersRoutes } from './modules/trailers/trailers.routes';
import { loadsRoutes } from './modules/trips/loads.routes';
import { milesRoutes } from './modules/trips/miles.routes';
import { tripsRoutes } from './modules/trips/trips.routes';
import { truckRoadRoutes } from './modules/truck-road/truck-road.routes';
import { trucksRoutes } from './modules/trucks/trucks.routes';
import { usersRoutes } from './modules/users/users.routes';
import { workOrdersRoutes } from './modules/work-orders/work-orders.routes';
import { workScheduleRoutes } from './modules/work-schedule/work-schedule.routes';
import { filesRoutes } from './platform/files/files.routes';
import { healthRoutes } from './platform/http/health.routes';
import { systemStatusRoutes } from './platform/http/system-status.routes';
import type { RouteModule } from './platform/http/types';
import { dbStatisticsRoutes } from './platform/jobs/db-statistics.routes';
import { jobsRoutes } from './platform/jobs/jobs.routes';
import { listRoutes } from './platform/list/list.routes';
import { liveRoutes } from './platform/live/live.routes';
import { mailRoutes } from './platform/mail/mail.routes';

/** Every module's routes, mounted under /api. A new module adds one line. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  healthRoutes,
  systemStatusRoutes,
  sessionRoutes,
  rolesRoutes,
  mailRoutes,
  filesRoutes,
  dbStatisticsRoutes,
  jobsRoutes,
  liveRoutes,
  listRoutes,
  citiesRoutes,
  brokersRoutes,
  driversRoutes,
  expiryDigestRoutes,
  employeesRoutes,
  usersRoutes,
  customersRoutes,
  factoringRoutes,
  clientsRoutes,
  generalRoutes,
  infoCompanyRoutes,
  settingsRoutes,
  trucksRoutes,
  trailersRoutes,
  tripsRoutes,
  loadsRoutes,
  milesRoutes,
  extractionRoutes,
  statisticsRoutes,
  dashboardRoutes,
  paymentsRoutes,
  receivablesReportsRoutes,
  billingRoutes,
  invoicesRoutes,
  schedulesRoutes,
  shortPaymentsRoutes,
  // Driver pay (issue 15).
  driverStatementsRoutes,
  fuelRoutes,
  scheduledPaymentsRoutes,
  companyExpensesRoutes,
  driverLedgerRoutes,
  eldRoutes,
  iftaRoutes,
  searchRoutes,
  // Staff pay (issue 16).
  bonusChargeRoutes,
  dispatcherStatementsRoutes,
  managerStatementsRoutes,
  salariesRoutes,
  safetyStatementsRoutes,
  // The Shop.
  workOrdersRoutes,
  truckRoadRoutes,
  plannerRoutes,
  downtimeRoutes,
  serviceScheduleRoutes,
  safetyRoutes,
  reportsRoutes,
  workScheduleRoutes,
  accountRoutes,
];
