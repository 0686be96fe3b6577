import { SECTION } from '@backhaul/shared';
import { sql } from 'drizzle-orm';
import { col } from '../../platform/list/columns';
import { defineList } from '../../platform/list/define-list';
import { factoringRecord } from './factoring.record';

/** Factoring companies (000 §3): id, name, phone, fax, address, city, percent (thousandths of a percent shown as %, 3.125). */
export const factoringList = defineList({
  key: 'factoring',
  title: 'Factoring companies',
  section: SECTION.FactoringCompanies,
  from: sql`factoring_companies`,
  rowKey: sql`factoring_companies.id`,
  base: factoringRecord.scope,
  defaultSort: { sort: 'name', order: 'asc' },
  columns: [
    col.id(sql`factoring_companies.id`),
    { id: 'name', title: 'Name', sql: sql`factoring_companies.name`, filter: 'note', search: true, clip: 40 },
    { id: 'phone', title: 'Phone', sql: sql`factoring_companies.phone`, filter: 'note', search: true },
    { id: 'fax', title: 'Fax', sql: sql`factoring_companies.fax`, filter: 'note' },
    { id: 'address', title: 'Address', sql: sql`factoring_companies.address`, filter: 'note', search: true, clip: 40 },
    { id: 'city', title: 'City', sql: sql`factoring_companies.city`, filter: 'list', footer: 'unique' },
    {
      id: 'percent',
      title: 'Percent',
      sql: sql`(factoring_companies.percent_milli::float8 / 1000)`,
      filter: 'number',
      align: 'right',
      exportKind: 'number',
    },
    {
      id: 'payment_type',
      title: 'Payment type',
      sql: sql`factoring_companies.payment_type`,
      filter: 'list',
      hidden: true,
    },
    { id: 'email', title: 'E-mail', sql: sql`factoring_companies.email`, filter: 'note', search: true, hidden: true },
  ],
});
