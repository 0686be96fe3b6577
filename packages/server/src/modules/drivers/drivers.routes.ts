import { ACTION, can, IdParamsSchema, MSG, SECTION } from '@backhaul/shared';
import {
  CONTRACT_FILE_KEPT,
  ContractResponseSchema,
  ContractSaveResponseSchema,
  ContractsResponseSchema,
  DestroyIdsBodySchema,
  DestroyResponseSchema,
  DRIVER_FILE_ENTITY,
  DriverCardResponseSchema,
  DriverContractFormSchema,
  DriverDescriptionResponseSchema,
  DriverFormSchema,
  DriverNewResponseSchema,
  DriverSaveResponseSchema,
} from '@backhaul/shared/modules/drivers/drivers.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { sectionFileAccess } from '../../platform/files/file-entities';
import type { RouteModule } from '../../platform/http/types';
import { registerRegistryListRoutes } from '../../platform/registry/registry-routes';
import { customerLinks } from '../customers';
import { trailerTypeUses } from '../general';
import { activeDriverOptions, driverOnTruck, onTruckDriverChange } from '../trucks';
import { driverName } from '../units';
import { driversList, driversLog } from './drivers.list';
import * as drivers from './drivers.service';
import { drivers as driversTable } from './drivers.table';

const section = SECTION.Drivers;
const need = (action?: number) => ({ section, ...(action ? { action } : {}) });
/** Saving a driver: create (8) for a new one, edit (9) for an existing one. */
const EDIT = need(ACTION.EDIT);

/**
 * Maintenance → Drivers (001 §7): the list and its /{section} aliases, the card, create, update,
 * delete, contracts, drafted deletions of files and contracts, and the change log.
 */
export const driversRoutes: RouteModule = {
  name: 'drivers',
  register(app, { database: { db }, files }) {
    const tags = ['Drivers'];
    // What points at a customer and at a trailer type: the customer's card and General count them.
    customerLinks.register('drivers', (id) => sql`select count(*) from drivers d where d.customer_id = ${id}`);
    trailerTypeUses.register('drivers', (id) => sql`select count(*) from drivers d where d.trailer_type_id = ${id}`);
    // What trucks and units read of drivers: a name, the driver on a truck, a truck form's choices.
    driverName.provide(
      (id, companyId) => sql`select d.name from drivers d where d.id = ${id} and d.company_id = ${companyId}`,
    );
    driverOnTruck.provide(
      (truckId, except, companyId) =>
        sql`select d.id from drivers d where d.truck_id = ${truckId} and d.id <> ${except} and d.company_id = ${companyId}
          order by d.id limit 1`,
    );
    activeDriverOptions.provide(
      (companyId, customerId) =>
        sql`select id as value, name as label from drivers where company_id = ${companyId} and active${
          customerId ? sql` and customer_id = ${customerId}` : sql``
        } order by name`,
    );

    // Files of a driver: the section's file actions, and only drivers the caller may see.
    const base = sectionFileAccess(section);
    const scoped =
      (check: typeof base.view) =>
      async (...args: Parameters<typeof base.view>) =>
        (await check(...args)) && drivers.driverVisible(db, args[0].user, args[1]);
    files.registerEntity(DRIVER_FILE_ENTITY, {
      view: scoped(base.view),
      upload: scoped(base.upload ?? base.view),
      remove: scoped(base.remove ?? base.view),
      owner: driversTable,
    });
    // Spec §5: "A driver file with category contract cannot be deleted" — a server rule, not a hidden button.
    files.addDeleteRule(DRIVER_FILE_ENTITY, (file) => {
      if (file.category?.toLowerCase() === 'contract') throw AppError.precondition(CONTRACT_FILE_KEPT);
    });
    // A truck's new driver takes the truck and its trailer; its old driver leaves them.
    onTruckDriverChange(drivers.followTruckDriver);

    // The list: POST /drivers/list, and the /{section} pattern's GET or POST /drivers and GET /drivers/list;
    // its filters and Actions history (001 §6: both edit (9) and view (10)).
    registerRegistryListRoutes(app, db, {
      prefix: '/drivers',
      list: driversList,
      changeLog: driversLog,
      tags,
      postUrls: ['/drivers/list', '/drivers'],
      filters: { request: { limit: 1, with_options: true } },
    });

    app.get('/drivers/getNew', {
      config: { access: need(ACTION.CREATE) },
      schema: { tags, response: { 200: DriverNewResponseSchema } },
      handler: async (req) => ({ driver: null, options: await drivers.driverOptions(db, caller(req).user) }),
    });

    app.post('/drivers/new', {
      config: { access: need(ACTION.CREATE) },
      schema: { tags, body: DriverFormSchema, response: { 200: DriverSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        driver: await drivers.createDriver(db, caller(req).user, req.body),
      }),
    });

    app.post('/drivers/update/:id', {
      config: { access: EDIT },
      schema: { tags, params: IdParamsSchema, body: DriverFormSchema, response: { 200: DriverSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        driver: await drivers.updateDriver(db, caller(req).user, req.params.id, req.body),
      }),
    });

    app.delete('/drivers/:id', {
      config: { access: need(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: z.object({ message: z.string() }) } },
      handler: async (req) => {
        await drivers.deleteDriver(db, caller(req).user, req.params.id);
        await files.sweepOrphans({ owner: driversTable, id: req.params.id, actor: caller(req).user });
        return { message: MSG.removalSuccess };
      },
    });

    app.get('/drivers/description/:id', {
      config: { access: need() },
      schema: { tags, params: IdParamsSchema, response: { 200: DriverDescriptionResponseSchema } },
      handler: async (req) => drivers.describeDriver(db, caller(req).user, req.params.id),
    });

    // Contracts: show one, set (create) on a driver, update one, list a driver's.
    app.get('/drivers/showContract/:id', {
      config: { access: need() },
      schema: { tags, params: IdParamsSchema, response: { 200: ContractResponseSchema } },
      handler: async (req) => ({ contract: await drivers.getContract(db, caller(req).user, req.params.id) }),
    });

    app.post('/drivers/setContract/:id', {
      config: { access: { anyOf: [need(ACTION.CREATE), EDIT] } },
      schema: {
        tags,
        params: IdParamsSchema,
        body: DriverContractFormSchema,
        response: { 200: ContractSaveResponseSchema },
      },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        contract: await drivers.createContract(db, caller(req).user, req.params.id, req.body),
      }),
    });

    app.post('/drivers/updateContract/:id', {
      config: { access: EDIT },
      schema: {
        tags,
        params: IdParamsSchema,
        body: DriverContractFormSchema,
        response: { 200: ContractSaveResponseSchema },
      },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        contract: await drivers.updateContract(db, caller(req).user, req.params.id, req.body),
      }),
    });

    app.post('/drivers/contract/:id', {
      config: { access: need() },
      schema: { tags, params: IdParamsSchema, body: z.unknown(), response: { 200: ContractsResponseSchema } },
      handler: async (req) => ({ rows: await drivers.listContracts(db, caller(req).user, req.params.id) }),
    });

    // Deletions drafted in the dialog, sent in one call each on save (001 §4).
    app.post('/drivers/destroyFiles', {
      config: { access: { anyOf: [EDIT, need(ACTION.FILE_DELETE)] } },
      schema: { tags, body: DestroyIdsBodySchema, response: { 200: DestroyResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        deleted: await drivers.destroyFiles(db, {
          user: caller(req).user,
          driverId: req.body.driver_id,
          ids: req.body.ids,
          removeBytes: (key) => files.storage.remove(key),
        }),
      }),
    });

    app.post('/drivers/destroyContract', {
      config: { access: EDIT },
      schema: { tags, body: DestroyIdsBodySchema, response: { 200: DestroyResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        deleted: await drivers.destroyContracts(db, caller(req).user, req.body.driver_id, req.body.ids),
      }),
    });

    // The card.
    app.get('/drivers/:id', {
      config: { access: need() },
      schema: { tags, params: IdParamsSchema, response: { 200: DriverCardResponseSchema } },
      handler: async (req) => {
        const { user, grants } = caller(req);
        const card = await drivers.driverCard(db, user, req.params.id);
        // Files are listed only for callers who may see them (file view 24, download 25 or view 10).
        const seesFiles = can(grants, { section, action: [ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD, ACTION.VIEW] });
        return seesFiles ? card : { ...card, files: [] };
      },
    });
  },
};
