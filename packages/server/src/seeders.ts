import { brokersSeeder } from './modules/brokers/brokers.seed';
import { citiesSeeder } from './modules/cities/cities.seed';
import { customersSeeder } from './modules/customers/customers.seed';
import { rolesSeeder } from './modules/roles/roles.seed';
import { usersSeeder } from './modules/users/users.seed';
import { companiesSeeder } from './platform/companies/companies.seed';
import type { Seeder } from './platform/seed/seed';

/** The demo company, in order: later seeders read what earlier ones left in ctx.refs. */
export const SEEDERS: readonly Seeder[] = [
  companiesSeeder,
  customersSeeder,
  rolesSeeder,
  usersSeeder,
  citiesSeeder,
  brokersSeeder,
];
