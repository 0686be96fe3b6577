import { ITEM_MESSAGES } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/bonus-charge/bonus-charge.contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departments, users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import { sectionFileAccess } from '../../platform/files/file-entities';
import type { RouteModule } from '../../platform/http/types';
import { defineResource, registerResource } from '../../platform/record/define-resource';
import { BONUS_CHARGE_FILES, BONUS_CHARGE_SECTION, bonusChargeColumns, bonusChargeJoins } from './bonus-charge.columns';
import { statementOfEntry } from './bonus-charge.service';
import { bonusCharges as t } from './bonus-charge.table';

const firstOfMonth = (month: string) => `${month}-01`;

/** An entry a staff statement pays is that statement's line: it changes or goes with the statement only (412). */
async function refuseIfPaid(tx: DbOrTx, entry: typeof t.$inferSelect) {
  const statementId = await statementOfEntry(tx, { companyId: entry.companyId, id: entry.id });
  if (statementId !== null) throw AppError.precondition(C.BONUS_CHARGE_MSG.locked(statementId));
}

/** GET /bonus-charge (list), POST …/list, GET …/create, GET …/:id/edit, POST, PUT …/:id, DELETE …/:id. */
export const bonusCharge = defineResource({
  base: C.BONUS_CHARGE_BASE,
  key: 'bonus-charge',
  title: 'Bonus and charges',
  table: t,
  section: BONUS_CHARGE_SECTION,
  form: C.BonusChargeFormSchema,
  row: C.BonusChargeSchema,
  columns: bonusChargeColumns,
  joins: bonusChargeJoins,
  defaultSort: { sort: 'id', order: 'desc' },
  messages: { ...ITEM_MESSAGES, deleted: C.BONUS_CHARGE_MSG.deleted },
  toRow: async (r, { tx }) => ({
    id: r.id,
    type: r.type as C.BonusChargeType,
    total: r.totalCents / 100,
    employee: r.employeeId,
    department: r.departmentId,
    salary_month: String(r.salaryMonth).slice(0, 7),
    additional: r.additional,
    description: r.description,
    action_delete: (await statementOfEntry(tx, { companyId: r.companyId, id: r.id })) !== null,
  }),
  toValues: (form, ctx) => ({
    type: form.type,
    totalCents: form.total,
    employeeId: form.employee,
    departmentId: form.department ?? null,
    salaryMonth: firstOfMonth(form.salary_month),
    additional: form.additional ?? false,
    description: form.description ?? '',
    ...(ctx.before ? {} : { createdBy: ctx.user.id }),
  }),
  hooks: {
    beforeSave: async ({ tx, user, form, before }) => {
      if (before) await refuseIfPaid(tx, before);
      const [employee] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, form.employee), eq(users.companyId, user.companyId)));
      if (!employee) throw AppError.invalidField('employee', C.BONUS_CHARGE_MSG.chooseEmployee);
      if (form.department) {
        const [department] = await tx
          .select({ id: departments.id })
          .from(departments)
          .where(and(eq(departments.id, form.department), eq(departments.companyId, user.companyId)));
        if (!department) throw AppError.invalidField('department', 'Choose from the list.');
      }
    },
    beforeDelete: ({ tx, before }) => refuseIfPaid(tx, before),
  },
});

export const bonusChargeRoutes: RouteModule = {
  name: 'bonus-charge',
  register: (app, deps) => {
    registerResource(app, deps, bonusCharge, {
      tags: ['Bonus or charge'],
      forms: {
        query: C.BonusChargeCreateQuerySchema,
        optionsSchema: C.BonusChargeOptionsSchema,
        options: async ({ db, user, query }) => ({
          employees: await db
            .select({ id: users.id, name: users.name, department_id: users.departmentId })
            .from(users)
            .where(and(eq(users.companyId, user.companyId), eq(users.active, true), sql`${users.customerId} is null`))
            .orderBy(asc(users.name)),
          departments: await db
            .select({ id: departments.id, name: departments.name })
            .from(departments)
            .where(eq(departments.companyId, user.companyId))
            .orderBy(asc(departments.name)),
          department_id: query.department_id ?? null,
        }),
      },
    });
    deps.files.registerEntity(BONUS_CHARGE_FILES, { ...sectionFileAccess(BONUS_CHARGE_SECTION), owner: t });
  },
};
