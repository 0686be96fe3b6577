import { SECTION } from '@backhaul/shared';
import {
  SERVICE_STATUSES,
  SERVICE_UNIT_KINDS,
} from '@backhaul/shared/modules/service-schedule/service-schedule.contract';
import { sql } from 'drizzle-orm';
import { clock } from '../../platform/clock';
import { defineList } from '../../platform/list/define-list';
import { scheduleSql } from './service-schedule.sql';

const valuesOf = (entries: Array<[string, string]>) =>
  sql.raw(`select * from (values ${entries.map(([v, l]) => `('${v}', '${l}')`).join(', ')}) o(value, label)`);

/** Shop → Service schedule: every assigned unit's tasks, the most urgent first. */
export const serviceScheduleList = defineList({
  key: 'service-schedule',
  title: 'Service schedule',
  section: SECTION.WorkOrders,
  from: (user) => sql`${scheduleSql(user.companyId, clock.today())} s`,
  rowKey: sql`s.id`,
  // scheduleSql reads the caller's company only.
  base: () => undefined,
  defaultSort: { sort: 'days_left', order: 'asc' },
  columns: [
    { id: 'id', title: 'Key', sql: sql`s.id`, data: true },
    {
      id: 'unit_type',
      title: 'Unit type',
      sql: sql`s.unit_type`,
      filter: 'list',
      options: valuesOf(Object.entries(SERVICE_UNIT_KINDS)),
      format: 'text',
      // The unit numbers tell trucks from trailers (TR…); the miles columns need the width.
      hidden: true,
    },
    { id: 'unit', title: 'Unit#', sql: sql`s.unit`, filter: 'note', search: true, footer: 'count' },
    { id: 'program', title: 'Program', sql: sql`s.program`, filter: 'list', hidden: true },
    { id: 'task', title: 'Task', sql: sql`s.task`, filter: 'list', search: true },
    {
      id: 'last_done',
      title: 'Last done',
      sql: sql`s.last_done`,
      filterSql: sql`s.last_done::date`,
      sortSql: sql`s.last_done`,
      filter: 'date',
      dateType: 'date',
    },
    {
      id: 'due_date',
      title: 'Due date',
      sql: sql`s.due_date`,
      filterSql: sql`s.due_date_value`,
      sortSql: sql`s.due_date_value`,
      filter: 'date',
      dateType: 'date',
    },
    { id: 'due_miles', title: 'Due miles', sql: sql`s.due_miles`, filter: 'number', miles: true, hidden: true },
    { id: 'odometer', title: 'Odometer', sql: sql`s.odometer`, filter: 'number', miles: true, hidden: true },
    {
      id: 'miles_since',
      title: 'Miles since service',
      sql: sql`s.miles_since`,
      filter: 'number',
      miles: true,
    },
    { id: 'miles_left', title: 'Miles left', sql: sql`s.miles_left`, filter: 'number', miles: true },
    {
      id: 'days_left',
      title: 'Days left',
      sql: sql`s.days_left`,
      sortSql: sql`s.days_left`,
      filter: 'number',
      align: 'right',
      format: 'number',
    },
    {
      id: 'status',
      title: 'Status',
      sql: sql`s.status`,
      filter: 'list',
      options: valuesOf(Object.entries(SERVICE_STATUSES)),
      format: 'text',
    },
    { id: 'work_order_id', title: 'Work order', sql: sql`s.work_order_id`, filter: 'number', format: 'id' },
    { id: 'unit_id', title: 'Unit id', sql: sql`s.unit_id`, data: true },
    { id: 'task_id', title: 'Task id', sql: sql`s.task_id`, data: true },
  ],
});
