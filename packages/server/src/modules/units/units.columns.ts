import { type SQL, sql } from 'drizzle-orm';
import { SQL_TODAY } from '../../platform/clock';
import type { ListColumn } from '../../platform/list/define-list';
import { DUE_WINDOW_DAYS, expiryColumns } from '../../platform/registry/expiry';

const TODAY = sql`${SQL_TODAY}`;

/** "On" in the service filters means due: the date is within 30 days or past. No date is not due. */
export const dateDueSql = (date: SQL): SQL => sql`(${date} <= ${TODAY} + ${DUE_WINDOW_DAYS}::int)`;
/** PM is due when the reading (odometer, or engine hours on a reefer) has reached the PM mark. */
export const pmDueSql = (reading: SQL, mark: SQL): SQL => sql`(${reading} >= ${mark})`;

/**
 * The columns trucks and trailers share (001 §3): service dates and PM with On/All/Off filters
 * (On = due), the status flags with Active/Inactive, and the inspection expiry filter (Overdue /
 * Due in 30 days / OK). The registration column is `registrationColumns`.
 */
export function unitServiceColumns(t: {
  alignment: SQL;
  inspection: SQL;
  pmMark: SQL;
  reading: SQL;
  companyOwner: SQL;
  status: SQL;
  /** The PM figure's format: miles unless the unit counts engine hours. */
  pmMiles?: boolean;
}): ListColumn[] {
  return [
    {
      id: 'alignment_date',
      title: 'Alignment',
      sql: t.alignment,
      // On: alignment due within 30 days or overdue.
      filter: 'options',
      filterSql: dateDueSql(t.alignment),
    },
    {
      id: 'annual_inspection_date',
      title: 'Annual inspection',
      sql: t.inspection,
      // On: annual inspection due within 30 days or overdue.
      filter: 'options',
      filterSql: dateDueSql(t.inspection),
    },
    // Overdue / Due in 30 days / OK, like every expiry column of the registries.
    ...expiryColumns({ id: 'annual_inspection_date', title: 'Annual inspection', date: t.inspection }).slice(1),
    {
      id: 'pm_date',
      title: 'PM',
      sql: t.pmMark,
      // On: the odometer (engine hours on a reefer) has reached the PM mark.
      filter: 'options',
      filterSql: pmDueSql(t.reading, t.pmMark),
      miles: t.pmMiles ?? true,
      align: 'right',
    },
    { id: 'odometer', title: 'Odometer', sql: t.reading, filter: 'number', miles: true, hidden: true, align: 'right' },
    { id: 'company_owner', title: 'Company owner', sql: t.companyOwner, filter: 'list' },
    {
      id: 'active',
      title: 'Active',
      sql: sql`case when ${t.status} = 'active' then 'Active' else 'Inactive' end`,
      filterSql: sql`case when ${t.status} = 'active' then 'active' else 'inactive' end`,
      filter: 'list',
      options: sql`select * from (values ('active', 'Active'), ('inactive', 'Inactive')) o(value, label)`,
      align: 'center',
    },
    {
      id: 'left_company',
      title: 'Left company',
      sql: sql`(${t.status} = 'left_company')`,
      filter: 'options',
      align: 'center',
    },
    { id: 'sold', title: 'Sold', sql: sql`(${t.status} = 'sold')`, filter: 'options', align: 'center' },
    // What the web paints: due service dates and PM.
    { id: 'alignment_due', title: 'Alignment due', sql: dateDueSql(t.alignment), data: true },
    { id: 'annual_inspection_due', title: 'Inspection due', sql: dateDueSql(t.inspection), data: true },
    { id: 'pm_due', title: 'PM due', sql: pmDueSql(t.reading, t.pmMark), data: true },
    { id: 'status_code', title: 'Status', sql: t.status, data: true },
  ];
}

/** Registration expiry (beyond the spec): the date and its Overdue / Due in 30 days / OK filter. */
export const registrationColumns = (date: SQL): ListColumn[] =>
  expiryColumns({ id: 'registration_expires_on', title: 'Registration', date });
