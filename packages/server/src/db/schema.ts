// Every table, re-exported for drizzle-kit and the typed client. Modules add a line here.

export * from '../modules/accounting-services/accounting-services.table';
export * from '../modules/billing/billing.table';
export * from '../modules/brokers/brokers.table';
export * from '../modules/cities/cities.table';
export * from '../modules/clients/clients.table';
export * from '../modules/customers/customers.table';
export * from '../modules/drivers/drivers.table';
export * from '../modules/employees/employees.table';
export * from '../modules/factoring/factoring.table';
export * from '../modules/general/general.table';
export * from '../modules/invoices/invoices.table';
export * from '../modules/payments/payments.table';
export * from '../modules/schedules/schedules.table';
export * from '../modules/short-payments/short-payments.table';
export * from '../modules/trailers/trailers.table';
export * from '../modules/trips/loads.table';
export * from '../modules/trips/trips.table';
export * from '../modules/trucks/trucks.table';
export * from '../modules/units/units.table';
export * from '../platform/audit/audit.table';
export * from '../platform/auth/auth.table';
export * from '../platform/companies/companies.table';
export * from '../platform/files/files.table';
export * from '../platform/jobs/jobs.table';
export * from '../platform/list/list-settings.table';
export * from '../platform/mail/mail.table';
