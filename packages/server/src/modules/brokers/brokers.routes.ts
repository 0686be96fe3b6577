import { ACTION, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  BrokerFormSchema,
  BrokerLookupBodySchema,
  BrokerLookupResponseSchema,
  BrokerResponseSchema,
  BrokerSaveResponseSchema,
} from '@backhaul/shared/modules/brokers/brokers.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { brokersList } from './brokers.list';
import * as brokersService from './brokers.service';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const can = (action?: number) => ({ section: SECTION.Brokers, ...(action ? { action } : {}) });

/** The /{section} pattern for brokers plus POST /filterBrockers (lookup) and POST /broker/new (create). */
export const brokersRoutes: RouteModule = {
  name: 'brokers',
  register(app, { database: { db } }) {
    const tags = ['Brokers'];
    // "GET or POST /{section} and /{section}/list": POST takes the list request, GET answers the first page.
    for (const url of ['/brokers', '/brokers/list']) {
      registerListRoute(app, db, brokersList, { url, tags });
      registerListRoute(app, db, brokersList, { url, method: 'GET', tags });
    }

    // The spec's spelling "Brockers" is kept: it is the path the register names.
    app.post('/filterBrockers', {
      config: { access: { anyOf: [can(), { section: SECTION.Trips }, { section: SECTION.Billing }] } },
      schema: { tags, body: BrokerLookupBodySchema.optional(), response: { 200: BrokerLookupResponseSchema } },
      handler: async (req) => ({
        brokers: await brokersService.lookupBrokers(db, caller(req).user, BrokerLookupBodySchema.parse(req.body ?? {})),
      }),
    });

    // Create from the Brokers list (8) or from a load form (ADD_NEW_BROKER 21 on Trips).
    app.post('/broker/new', {
      config: { access: { anyOf: [can(ACTION.CREATE), { section: SECTION.Trips, action: ACTION.ADD_NEW_BROKER }] } },
      schema: { tags, body: BrokerFormSchema, response: { 200: BrokerSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        broker: await brokersService.createBroker(db, caller(req).user, req.body),
      }),
    });

    app.get('/brokers/:id', {
      config: { access: can() },
      schema: { tags, params: IdParams, response: { 200: BrokerResponseSchema } },
      handler: async (req) => ({ broker: await brokersService.getBroker(db, caller(req).user, req.params.id) }),
    });

    app.post('/brokers/update/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, params: IdParams, body: BrokerFormSchema, response: { 200: BrokerSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        broker: await brokersService.updateBroker(db, caller(req).user, req.params.id, req.body),
      }),
    });

    app.delete('/brokers/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParams, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await brokersService.deleteBroker(db, caller(req).user, req.params.id);
        return { message: MSG.removalSuccess };
      },
    });
  },
};
