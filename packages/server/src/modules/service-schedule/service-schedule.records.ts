import { ITEM_MESSAGES, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/service-schedule/service-schedule.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { defineResource } from '../../platform/record/define-resource';
import { servicePrograms, serviceTasks } from './service-schedule.table';

/** GET /service-programs, POST …/list, GET …/create, GET …/:id/edit, POST, PUT …/:id, DELETE …/:id. */
export const serviceProgramsResource = defineResource({
  base: C.SERVICE_PROGRAMS_BASE,
  key: 'service-programs',
  title: 'Service programs',
  table: servicePrograms,
  section: SECTION.WorkOrders,
  form: C.ServiceProgramFormSchema,
  row: C.ServiceProgramSchema,
  unique: ['name'],
  messages: ITEM_MESSAGES,
  columns: [
    { id: 'id', title: 'ID', column: servicePrograms.id, filter: 'number', footer: 'count', align: 'left' },
    { id: 'name', title: 'Program', column: servicePrograms.name, filter: 'note', search: true },
    {
      id: 'tasks',
      title: 'Tasks',
      sql: sql`(select string_agg(t.name, ', ' order by t.name) from service_tasks t where t.program_id = ${servicePrograms.id})`,
      sortable: false,
    },
    {
      id: 'units',
      title: 'Units',
      sql: sql`(select count(*)::int from service_program_units a where a.program_id = ${servicePrograms.id})`,
      filter: 'number',
      align: 'right',
    },
  ],
});

/** The programs a task chooses from: the caller's company's. */
export async function programOptions(db: DbOrTx, user: AuthUser) {
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, name from service_programs where company_id = ${user.companyId} order by name`,
  );
  return { programs: rows.map((r) => ({ value: String(r.id), label: r.name })) };
}

/** GET /service-tasks, POST …/list, GET …/create, GET …/:id/edit, POST, PUT …/:id, DELETE …/:id. */
export const serviceTasksResource = defineResource({
  base: C.SERVICE_TASKS_BASE,
  key: 'service-tasks',
  title: 'Service tasks',
  table: serviceTasks,
  section: SECTION.WorkOrders,
  form: C.ServiceTaskFormSchema,
  row: C.ServiceTaskSchema,
  messages: ITEM_MESSAGES,
  columns: [
    { id: 'id', title: 'ID', column: serviceTasks.id, filter: 'number', footer: 'count', align: 'left' },
    {
      id: 'program',
      title: 'Program',
      sql: sql`(select name from service_programs p where p.id = ${serviceTasks.programId})`,
      filterSql: sql`${serviceTasks.programId}`,
      filter: 'list',
    },
    { id: 'name', title: 'Task', column: serviceTasks.name, filter: 'note', search: true },
    {
      id: 'unit_kind',
      title: 'Unit',
      sql: sql`initcap(${serviceTasks.unitKind})`,
      filterSql: sql`${serviceTasks.unitKind}`,
      filter: 'list',
      format: 'text',
    },
    {
      id: 'interval_miles',
      title: 'Every (miles)',
      column: serviceTasks.intervalMiles,
      filter: 'number',
      miles: true,
    },
    { id: 'interval_days', title: 'Every (days)', column: serviceTasks.intervalDays, filter: 'number' },
  ],
  defaultSort: { sort: 'program', order: 'asc' },
  hooks: {
    beforeSave: async ({ tx, user, form }) => {
      const [program] = await rowsOf(
        tx,
        sql`select 1 from service_programs where id = ${form.program_id} and company_id = ${user.companyId}`,
      );
      if (!program) throw AppError.invalidField('program_id', 'Choose a program.');
    },
  },
});
