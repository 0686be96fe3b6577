import { accountSeeder } from './modules/account/account.seed';
import { accountingServicesSeeder } from './modules/accounting-services/accounting-services.seed';
import { billingSeeder } from './modules/billing/billing.seed';
import { bonusChargeSeeder } from './modules/bonus-charge/bonus-charge.seed';
import { brokersSeeder } from './modules/brokers/brokers.seed';
import { citiesSeeder } from './modules/cities/cities.seed';
import { clientsSeeder } from './modules/clients/clients.seed';
import { customerSaleManagersSeeder, customersSeeder, customerTermsSeeder } from './modules/customers/customers.seed';
import { dispatcherStatementsSeeder } from './modules/dispatcher-statements/dispatcher-statements.seed';
import { driverPaySeeder } from './modules/driver-pay/driver-pay.seed';
import { driversSeeder } from './modules/drivers/drivers.seed';
import { eldSeeder } from './modules/eld/eld.seed';
import { employeesSeeder } from './modules/employees/employees.seed';
import { factoringSeeder } from './modules/factoring/factoring.seed';
import { generalSeeder } from './modules/general/general.seed';
import { iftaSeeder } from './modules/ifta/ifta.seed';
import { invoicesSeeder } from './modules/invoices/invoices.seed';
import { managerStatementsSeeder } from './modules/manager-statements/manager-statements.seed';
import { paymentsSeeder } from './modules/payments/payments.seed';
import { plannerSeeder } from './modules/planner/planner.seed';
import { reportsSeeder } from './modules/reports/reports.seed';
import { safetySeeder } from './modules/safety/safety.seed';
import { safetyStatementsSeeder } from './modules/safety-statements/safety-statements.seed';
import { salariesSeeder } from './modules/salaries/salaries.seed';
import { schedulesSeeder } from './modules/schedules/schedules.seed';
import { serviceScheduleSeeder } from './modules/service-schedule/service-schedule.seed';
import { settingsSeeder } from './modules/settings/settings.seed';
import { shortPaymentsSeeder } from './modules/short-payments/short-payments.seed';
import { trailersSeeder } from './modules/trailers/trailers.seed';
import { tripsSeeder } from './modules/trips/trips.seed';
import { truckRoadSeeder } from './modules/truck-road/truck-road.seed';
import { truckDriversSeeder, trucksSeeder } from './modules/trucks/trucks.seed';
import { unitsSeeder } from './modules/units/units.seed';
import { workOrdersSeeder, workOrderTechniciansSeeder } from './modules/work-orders/work-orders.seed';
import { workScheduleSeeder } from './modules/work-schedule/work-schedule.seed';
import { rolesSeeder } from './platform/auth/roles.seed';
import { usersSeeder } from './platform/auth/users.seed';
import { companiesSeeder } from './platform/companies/companies.seed';
import type { Seeder } from './platform/seed/seed';

/** The demo company, in order: later seeders read what earlier ones left in ctx.refs. */
export const SEEDERS: readonly Seeder[] = [
  companiesSeeder,
  generalSeeder,
  factoringSeeder,
  customersSeeder,
  rolesSeeder,
  usersSeeder,
  customerSaleManagersSeeder,
  accountingServicesSeeder,
  employeesSeeder,
  // Company settings: schedule, holidays, offices, inventory, contact and document types, positions.
  settingsSeeder,
  trailersSeeder,
  trucksSeeder,
  driversSeeder,
  truckDriversSeeder,
  unitsSeeder,
  clientsSeeder,
  citiesSeeder,
  brokersSeeder,
  tripsSeeder,
  // Delivered loads with paperwork made ready for invoicing, then invoiced.
  billingSeeder,
  invoicesSeeder,
  // After the invoices: payment terms, then money received on them.
  customerTermsSeeder,
  paymentsSeeder,
  // Factored loads on schedules, and what the factoring companies paid short.
  schedulesSeeder,
  shortPaymentsSeeder,
  // Staff pay (issue 16): bonuses and charges, then the statements built on them.
  bonusChargeSeeder,
  salariesSeeder,
  dispatcherStatementsSeeder,
  managerStatementsSeeder,
  safetyStatementsSeeder,
  // The Shop: work orders (outside customers' billed on invoices).
  workOrdersSeeder,
  truckRoadSeeder,
  plannerSeeder,
  workOrderTechniciansSeeder,
  serviceScheduleSeeder,
  // Driver actions, exceptions and the safety table.
  safetySeeder,
  reportsSeeder,
  // The office: shifts, then profiles, vacations, notes, events and check-ins on those shifts.
  workScheduleSeeder,
  accountSeeder,
  // Driver pay (issue 15): scheduled payments and weekly driver statements.
  driverPaySeeder,
  // IFTA rates per quarter (the report reads the fuel rows above).
  iftaSeeder,
  // Odometer readings from the fuel rows, an ELD export and a quarter's ELD jurisdiction miles (issue 30).
  eldSeeder,
];
