// Every table, re-exported for drizzle-kit and the typed client. Modules add a line here.

export * from '../modules/brokers/brokers.table';
export * from '../modules/cities/cities.table';
export * from '../modules/customers/customers.table';
export * from '../platform/audit/audit.table';
export * from '../platform/auth/auth.table';
export * from '../platform/companies/companies.table';
export * from '../platform/files/files.table';
export * from '../platform/jobs/jobs.table';
export * from '../platform/list/list-settings.table';
export * from '../platform/mail/mail.table';
