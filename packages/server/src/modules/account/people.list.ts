import { SECTION } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import { defineList } from '../../platform/list/define-list';

/**
 * Account → Users (001 §3): the company's staff with filters for department, location, name,
 * company, office and position, and whether they are at work today; the web links a name only for Account users (91).
 */
export const peopleList = defineList({
  key: 'info-users',
  title: 'Users',
  section: SECTION.Account,
  from: sql`users`,
  rowKey: sql`users.id`,
  joins: {
    department: sql`left join departments on departments.id = users.department_id`,
    profile: sql`left join staff_profiles on staff_profiles.user_id = users.id`,
    company: sql`left join companies on companies.id = users.company_id`,
    office: sql`left join offices on offices.id = staff_profiles.office_id`,
    position: sql`left join positions on positions.id = staff_profiles.position_id`,
    today: sql`left join attendance_days today on today.user_id = users.id
               and today.date = (now() at time zone ${COMPANY_TIME_ZONE_DEFAULT})::date`,
  },
  base: (user) => sql`users.company_id = ${user.companyId} and users.customer_id is null and users.active`,
  defaultSort: { sort: 'name', order: 'asc' },
  columns: [
    { id: 'id', title: 'ID', sql: sql`users.id`, filter: 'number', hidden: true },
    { id: 'name', title: 'Name', sql: sql`users.name`, filter: 'note', search: true, footer: 'count' },
    {
      id: 'department',
      title: 'Department',
      sql: sql`departments.name`,
      filterSql: sql`users.department_id`,
      filter: 'list',
      joins: ['department'],
    },
    { id: 'email', title: 'E-mail', sql: sql`users.email`, filter: 'note', search: true },
    {
      id: 'phone',
      title: 'Phone',
      sql: sql`staff_profiles.phone`,
      filter: 'note',
      joins: ['profile'],
      format: 'phone',
    },
    {
      id: 'position',
      title: 'Position',
      sql: sql`positions.name`,
      filterSql: sql`staff_profiles.position_id`,
      filter: 'list',
      joins: ['profile', 'position'],
    },
    {
      id: 'office',
      title: 'Office',
      sql: sql`offices.name`,
      filterSql: sql`staff_profiles.office_id`,
      filter: 'list',
      joins: ['profile', 'office'],
    },
    {
      id: 'location',
      title: 'Location',
      sql: sql`staff_profiles.location`,
      filter: 'list',
      joins: ['profile'],
    },
    {
      id: 'company',
      title: 'Company',
      sql: sql`companies.name`,
      filterSql: sql`users.company_id`,
      filter: 'list',
      joins: ['company'],
    },
    {
      id: 'at_work',
      title: 'At work today',
      sql: sql`case when today.check_in is null then 'Not in' when today.check_out is null then 'In' else 'Left' end`,
      filter: 'list',
      options: sql`select v as value, v as label from (values ('In'), ('Left'), ('Not in')) t(v)`,
      joins: ['today'],
    },
    {
      id: 'check_in',
      title: 'Checked in',
      sql: sql`to_char(today.check_in at time zone ${COMPANY_TIME_ZONE_DEFAULT}, 'HH24:MI')`,
      joins: ['today'],
    },
  ],
});
