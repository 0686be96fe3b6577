import { SECTION } from '@backhaul/shared';
import { COMPANY_TIME_ZONE_DEFAULT } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth/access';
import { SQL_TODAY } from '../../platform/clock';
import { defineList, type ListSpec } from '../../platform/list/define-list';
import { offices, positions } from '../settings';

/**
 * Account → Users (001 §3): the company's staff with filters for department, location, name,
 * company, office and position, and whether they are at work today; the web links a name only for Account users (91).
 */
const PEOPLE = {
  section: SECTION.Account,
  from: sql`users`,
  rowKey: sql`users.id`,
  joins: {
    department: sql`left join departments on departments.id = users.department_id`,
    profile: sql`left join staff_profiles on staff_profiles.user_id = users.id`,
    company: sql`left join companies on companies.id = users.company_id`,
    office: sql`left join ${offices} on ${offices.id} = staff_profiles.office_id`,
    position: sql`left join ${positions} on ${positions.id} = staff_profiles.position_id`,
    today: sql`left join attendance_days today on today.user_id = users.id
               and today.date = ${SQL_TODAY}`,
  },
  base: (user: AuthUser) => sql`users.company_id = ${user.companyId} and users.customer_id is null and users.active`,
};

const COLUMNS: ListSpec['columns'] = [
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
    sql: sql`${positions.name}`,
    filterSql: sql`staff_profiles.position_id`,
    filter: 'list',
    joins: ['profile', 'position'],
  },
  {
    id: 'office',
    title: 'Office',
    sql: sql`${offices.name}`,
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
];
const column = (id: string) => COLUMNS.find((c) => c.id === id) as ListSpec['columns'][number];

export const peopleList = defineList({
  key: 'info-users',
  title: 'Users',
  ...PEOPLE,
  defaultSort: { sort: 'name', order: 'asc' },
  columns: COLUMNS,
});

/**
 * The geo list (POST /info/geo/list): where the staff are today, by office — each person's office
 * and its city, where they work from (their location), whether that is the office's city, and
 * whether they are in (checked in, not out). Same rows and filters as the users list.
 */
export const geoList = defineList({
  key: 'info-geo',
  title: 'Where staff are',
  ...PEOPLE,
  defaultSort: { sort: 'office', order: 'asc' },
  columns: [
    column('id'),
    column('office'),
    {
      id: 'office_city',
      title: 'Office city',
      sql: sql`nullif(concat_ws(', ', ${offices.city}, ${offices.state}), '')`,
      filter: 'note',
      joins: ['profile', 'office'],
    },
    column('name'),
    column('department'),
    column('location'),
    {
      id: 'works_from',
      title: 'Works from',
      sql: sql`case when staff_profiles.location is null or staff_profiles.location = '' then 'Unknown'
        when lower(staff_profiles.location) = 'remote' then 'Remote'
        when ${offices.city} is not null and staff_profiles.location ilike ${offices.city} || '%' then 'Office city'
        else 'Elsewhere' end`,
      filter: 'list',
      options: sql`select v as value, v as label from (values ('Office city'), ('Remote'), ('Elsewhere'), ('Unknown')) t(v)`,
      joins: ['profile', 'office'],
    },
    column('at_work'),
    column('check_in'),
  ],
});
