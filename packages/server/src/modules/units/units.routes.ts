import {
  ACTION,
  can,
  IdParamsSchema,
  MessageBodySchema as MessageResponseSchema,
  MSG,
  SECTION,
} from '@backhaul/shared';
import {
  DescriptionResponseSchema,
  EquipmentEditResponseSchema,
  EquipmentFormSchema,
  EquipmentItemResponseSchema,
  EquipmentListResponseSchema,
  HistoryResponseSchema,
  NoteFormSchema,
  NoteItemResponseSchema,
  NotesListBodySchema,
  NotesListResponseSchema,
  SetEquipmentBodySchema,
  SetEquipmentResponseSchema,
  UpdateAssignmentBodySchema,
  ValueFormSchema,
  ValueItemResponseSchema,
  ValueResponseSchema,
  ValueRowSchema,
} from '@backhaul/shared/modules/units/units.contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { caller } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import type { ListDefinition } from '../../platform/list/define-list';
import { registerListRoute } from '../../platform/list/list.routes';
import * as units from './units.service';

/**
 * The calls trucks and trailers share (001 §7): equipment, notes, values, description and the
 * assignment history, mounted under `prefix` for one unit kind. `changeAssignment` applies a
 * customer/driver/trailer change (the registry module owns the unit's own columns).
 */
export function registerUnitRoutes(
  app: App,
  db: Db,
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
  const tags = [section === SECTION.Trucks ? 'Trucks' : 'Trailers'];
  const read = { section };
  const write = { section, action: [ACTION.CREATE, ACTION.EDIT] };
  const edit = { section, action: ACTION.EDIT };
  const remove = { section, action: [ACTION.EDIT, ACTION.DELETE] };
  const params = { params: IdParamsSchema };

  // ---- equipment ----
  registerListRoute(app, db, opts.equipmentList, { url: `${p}/equipment/list`, tags });
  app.post(`${p}/equipment/:id`, {
    config: { access: read },
    schema: { tags, ...params, body: z.unknown(), response: { 200: EquipmentListResponseSchema } },
    handler: async (req) => units.listEquipment(db, caller(req).user, kind, req.params.id),
  });
  app.get(`${p}/equipment/:id/edit`, {
    config: { access: read },
    schema: { tags, ...params, response: { 200: EquipmentEditResponseSchema } },
    handler: async (req) => units.editEquipment(db, caller(req).user, kind, req.params.id),
  });
  app.post(`${p}/equipment/:id/store`, {
    config: { access: write },
    schema: { tags, ...params, body: EquipmentFormSchema, response: { 200: EquipmentItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.createdEquipment,
      item: await units.storeEquipment(db, caller(req).user, kind, req.params.id, req.body),
    }),
  });
  app.post(`${p}/equipment/:id/update`, {
    config: { access: edit },
    schema: { tags, ...params, body: EquipmentFormSchema, response: { 200: EquipmentItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.updatedEquipment,
      item: await units.updateEquipment(db, caller(req).user, kind, req.params.id, req.body),
    }),
  });
  app.delete(`${p}/equipment/:id`, {
    config: { access: remove },
    schema: { tags, ...params, response: { 200: MessageResponseSchema } },
    handler: async (req) => {
      await units.deleteEquipment(db, caller(req).user, kind, req.params.id);
      return { message: MSG.removeEquipment };
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
  app.post(`${p}/notes/:id/store`, {
    config: { access: write },
    schema: { tags, ...params, body: NoteFormSchema, response: { 200: NoteItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.createdNotes,
      item: await units.storeNote(db, caller(req).user, kind, req.params.id, req.body.notes),
    }),
  });
  app.post(`${p}/notes/:id/update`, {
    config: { access: edit },
    schema: { tags, ...params, body: NoteFormSchema, response: { 200: NoteItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.updatedNotes,
      item: await units.updateNote(db, caller(req).user, kind, req.params.id, req.body.notes),
    }),
  });
  app.delete(`${p}/notes/:id`, {
    config: { access: remove },
    schema: { tags, ...params, response: { 200: MessageResponseSchema } },
    handler: async (req) => {
      await units.deleteNote(db, caller(req).user, kind, req.params.id);
      return { message: MSG.removeNotes };
    },
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
  app.get(`${p}/value/:id/edit`, {
    config: { access: read },
    schema: { tags, ...params, response: { 200: z.object({ item: ValueRowSchema }) } },
    handler: async (req) => ({ item: await units.editValue(db, caller(req).user, kind, req.params.id) }),
  });
  app.post(`${p}/value/:id/store`, {
    config: { access: write },
    schema: { tags, ...params, body: ValueFormSchema, response: { 200: ValueItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.createdValue,
      item: await units.storeValue(db, caller(req).user, kind, req.params.id, req.body),
    }),
  });
  app.post(`${p}/value/:id/update`, {
    config: { access: edit },
    schema: { tags, ...params, body: ValueFormSchema, response: { 200: ValueItemResponseSchema } },
    handler: async (req) => ({
      message: MSG.updatedValue,
      item: await units.updateValue(db, caller(req).user, kind, req.params.id, req.body),
    }),
  });
  app.delete(`${p}/value/:id`, {
    config: { access: remove },
    schema: { tags, ...params, response: { 200: MessageResponseSchema } },
    handler: async (req) => {
      await units.deleteValue(db, caller(req).user, kind, req.params.id);
      return { message: MSG.removalSuccess };
    },
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

/**
 * A unit's own writes (001 §7): POST `prefix` (create 8), PUT `prefix/:id` (edit 9) answering
 * { message: 'Saving Successfully', [key]: the unit }, and DELETE `prefix/:id` (11). The module
 * keeps its form schema, its answer schema and its service.
 */
export function registerUnitSaveRoutes<F extends z.ZodType>(
  app: App,
  opts: {
    prefix: '/trucks' | '/trailers';
    section: number;
    tags: string[];
    key: 'truck' | 'trailer';
    form: F;
    saved: z.ZodType;
    create: (user: AuthUser, form: z.output<F>) => Promise<unknown>;
    update: (user: AuthUser, id: number, form: z.output<F>) => Promise<unknown>;
    remove: (user: AuthUser, id: number) => Promise<void>;
  },
): void {
  const { prefix, section, tags, key } = opts;
  app.post(prefix, {
    config: { access: { section, action: ACTION.CREATE } },
    schema: { tags, body: opts.form, response: { 200: opts.saved } },
    handler: async (req) => ({
      message: MSG.savingSuccess,
      [key]: await opts.create(caller(req).user, req.body as z.output<F>),
    }),
  });
  app.put(`${prefix}/:id`, {
    config: { access: { section, action: ACTION.EDIT } },
    schema: { tags, params: IdParamsSchema, body: opts.form, response: { 200: opts.saved } },
    handler: async (req) => ({
      message: MSG.savingSuccess,
      [key]: await opts.update(caller(req).user, req.params.id, req.body as z.output<F>),
    }),
  });
  app.delete(`${prefix}/:id`, {
    config: { access: { section, action: ACTION.DELETE } },
    schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
    handler: async (req) => {
      await opts.remove(caller(req).user, req.params.id);
      return { message: MSG.removalSuccess };
    },
  });
}
