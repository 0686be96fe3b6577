import { ACTION, can, IdParamsSchema, MSG, SECTION } from '@backhaul/shared';
import {
  DescriptionResponseSchema,
  EquipmentEditResponseSchema,
  EquipmentListResponseSchema,
  HistoryResponseSchema,
  NotesListBodySchema,
  NotesListResponseSchema,
  SetEquipmentBodySchema,
  SetEquipmentResponseSchema,
  UpdateAssignmentBodySchema,
  unitPartRoutes,
  ValueResponseSchema,
} from '@backhaul/shared/modules/units/units.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import type { App, AppDeps } from '../../platform/http/types';
import type { ListDefinition } from '../../platform/list/define-list';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import * as general from '../general';
import { defineUnitParts } from './unit-parts.record';
import * as units from './units.service';

/**
 * The calls trucks and trailers share (001 §7): equipment, notes and values (records under the
 * unit), description and the assignment history, mounted under `prefix` for one unit kind.
 * `changeAssignment` applies a customer/driver/trailer change (the registry module owns the
 * unit's own columns).
 */
export function registerUnitRoutes(
  app: App,
  deps: Pick<AppDeps, 'database' | 'files'>,
  opts: {
    prefix: '/trucks' | '/trailers';
    section: number;
    kind: units.UnitKind;
    equipmentList: ListDefinition;
    changeAssignment: (
      user: Parameters<typeof units.history>[1],
      body: z.output<typeof UpdateAssignmentBodySchema>,
    ) => Promise<void>;
  },
): void {
  const { prefix: p, section, kind } = opts;
  const { db } = deps.database;
  const tags = [section === SECTION.Trucks ? 'Trucks' : 'Trailers'];
  const read = { section };
  const write = { section, action: [ACTION.CREATE, ACTION.EDIT] };
  const edit = { section, action: ACTION.EDIT };
  const remove = { section, action: [ACTION.EDIT, ACTION.DELETE] };
  // An equipment name on a unit's equipment is in use (General keeps it).
  general.equipmentNameUses.register(
    'unit_equipment',
    (id) => sql`select count(*) from unit_equipment e where e.equipment_name_id = ${id}`,
  );
  const params = { params: IdParamsSchema };

  const parts = defineUnitParts(kind);
  const partAccess = { get: read, editForm: read, create: write, update: edit, remove };

  // ---- equipment ----
  registerListRoute(app, db, opts.equipmentList, { url: `${p}/equipment/list`, tags });
  app.post(`${p}/equipment/:id`, {
    config: { access: read },
    schema: { tags, ...params, body: z.unknown(), response: { 200: EquipmentListResponseSchema } },
    handler: async (req) => units.listEquipment(db, caller(req).user, kind, req.params.id),
  });
  registerRecordRoutes(app, deps, parts.equipment, {
    tags,
    key: 'item',
    routes: unitPartRoutes(p, 'equipment'),
    access: partAccess,
    forms: {
      options: async ({ user }) => ({ filter: { equipments: await general.equipmentNameOptions(db, user) } }),
      optionsSchema: EquipmentEditResponseSchema.pick({ filter: true }),
    },
  });
  // A new name typed in the equipment select joins General's list.
  app.post(`${p}/setEquipment`, {
    config: { access: { anyOf: [write, { section: SECTION.General, action: ACTION.CREATE }] } },
    schema: { tags, body: SetEquipmentBodySchema, response: { 200: SetEquipmentResponseSchema } },
    handler: async (req) => units.createEquipmentName(db, caller(req).user, req.body.name),
  });

  // ---- notes ----
  app.post(`${p}/notes/:id`, {
    config: { access: read },
    schema: { tags, ...params, body: NotesListBodySchema.optional(), response: { 200: NotesListResponseSchema } },
    handler: async (req) => units.listNotes(db, caller(req).user, kind, req.params.id, req.body?.filters.notes ?? ''),
  });
  registerRecordRoutes(app, deps, parts.notes, {
    tags,
    key: 'item',
    routes: unitPartRoutes(p, 'notes'),
    access: partAccess,
  });
  app.get(`${p}/description/:id`, {
    config: { access: read },
    schema: { tags, ...params, response: { 200: DescriptionResponseSchema } },
    handler: async (req) => units.describeUnit(db, caller(req).user, kind, req.params.id),
  });

  // ---- value per year ----
  app.get(`${p}/value/:id`, {
    config: { access: read },
    schema: { tags, ...params, response: { 200: ValueResponseSchema } },
    handler: async (req) => units.valueOverview(db, caller(req).user, kind, req.params.id),
  });
  registerRecordRoutes(app, deps, parts.values, {
    tags,
    key: 'item',
    routes: unitPartRoutes(p, 'value'),
    access: partAccess,
  });

  // ---- assignment history ----
  app.post(`${p}/updateTruckCustomer`, {
    config: { access: read },
    schema: { tags, body: UpdateAssignmentBodySchema, response: { 200: HistoryResponseSchema } },
    handler: async (req) => {
      const { user, grants } = caller(req);
      const body = req.body;
      const changes = body.customer_id !== undefined || body.driver_id !== undefined || body.trailer_id !== undefined;
      if (changes) {
        if (!can(grants, { section, action: [ACTION.EDIT, ACTION.CHANGE_BINDING] })) throw AppError.forbidden();
        await opts.changeAssignment(user, body);
      }
      return {
        ...(changes ? { message: MSG.savingSuccess } : {}),
        history: await units.history(db, user, kind, body.id),
      };
    },
  });
}
