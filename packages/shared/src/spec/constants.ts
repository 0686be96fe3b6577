// The spec's constants, copied from the spec extracts as data (the project never reads ../shared).
import constants from './constants.json' with { type: 'json' };

export const SPEC = constants;

export const ACTION = {
  CREATE: 8,
  EDIT: 9,
  VIEW: 10,
  DELETE: 11,
  VIEW_DOC: 13,
  DOWNLOAD_DOC: 14,
  SEND: 15,
  PAID: 16,
  CREATE_EDIT_TRIP: 19,
  ADD_NEW_BROKER: 21,
  DELETE_LOAD: 22,
  FILE_UPLOAD: 23,
  FILE_VIEW: 24,
  FILE_DOWNLOAD: 25,
  FILE_DELETE: 26,
  CHANGE_BINDING: 28,
  GENERATED_BY: 38,
  DELETE_TRIP: 40,
  BILLING_CREATE: 45,
  BILLING_VIEW: 51,
  TOTAL_VALUE: 65,
  INVOICING: 66,
  EXPORT: 72,
  OPEN_INVOICE: 117,
} as const satisfies Record<keyof typeof constants.permissions.action_ids, number>;

/**
 * Actions the spec implies without giving an id; ids chosen outside the spec's range.
 * VIEW_ALL_TRIPS: "a dispatcher who is not allowed to see another dispatcher's trips" (issue 7):
 * without it, the trips list and dispatch statistics answer only the caller's own trips.
 */
export const EXTRA_ACTION = {
  VIEW_ALL_TRIPS: 1001,
} as const;

export const SECTION = {
  Maintenance: 1,
  General: 2,
  Trucks: 3,
  Trailers: 4,
  Drivers: 5,
  Customers: 6,
  Employees: 7,
  Trips: 18,
  Dashboard: 27,
  Settings: 32,
  Users: 33,
  Cities: 35,
  Brokers: 36,
  Roles: 37,
  Accounting: 42,
  Reports: 48,
  DispatchersStatements: 50,
  Profile: 52,
  Dispatch: 53,
  Safety: 54,
  Logbooks: 55,
  Statistics: 56,
  Billing: 57,
  DispatchStatistics: 58,
  FactoringCompanies: 59,
  Schedules: 60,
  ShortPayments: 61,
  CustomerNotPaidInvoices: 62,
  Shop: 63,
  WorkOrders: 64,
  WorkOrdersStatistics: 67,
  Analytics: 68,
  Planner: 69,
  Downtime: 70,
  TrucksOnTheRoad: 71,
  MotivationProgramme: 73,
  Mail: 74,
  MapKeys: 75,
  TrailerTypes: 76,
  ScheduledPayments: 79,
  Account: 89,
  LostPayments: 119,
  InvoiceGenerator: 121,
  // Staff pay (issue 16): sections the spec names without an id; ids chosen outside its range.
  ManagerStatements: 1161,
  SafetyStatements: 1162,
  // Driver pay (issue 15): the spec names these screens without section ids; ids outside its range.
  DriverStatements: 1201,
  Fuel: 1202,
  CompanyExpenses: 1203,
} as const;

export type ActionId = (typeof ACTION)[keyof typeof ACTION];
export type SectionId = (typeof SECTION)[keyof typeof SECTION] | AccountSubsectionId;
export type AccountSubsectionId = 91 | 92 | 93 | 94 | 95 | 96 | 97 | 98 | 99 | 101 | 103 | 104 | 105 | 106 | 118;

export const PAGE_SIZES = [5, 20, 50, 100, 200, 500] as const;
export const PAGE_SIZE_ALL = constants.pagination.all_value;
export const TABLE_DEFAULT_PAGE_SIZE = constants.pagination.table_default_page_size;
export const LIST_DEFAULT_PAGE_SIZE = constants.pagination.default_list_page_size;
export const ALERT_DURATION_MS = constants.timing_ms.alert_duration;
export const FILTER_DEBOUNCE_MS = constants.timing_ms.filter_debounce;
export const NOTE_FILTER_DEBOUNCE_MS = constants.timing_ms.note_filter_debounce;
export const COMPANY_TIME_ZONE = constants.time_zone;
