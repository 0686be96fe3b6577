import { ACTION, SECTION } from '@backhaul/shared';
import {
  BROKER_ROUTES,
  BrokerLookupBodySchema,
  BrokerLookupResponseSchema,
} from '@backhaul/shared/modules/brokers/brokers.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { brokersList } from './brokers.list';
import { brokerRecord } from './brokers.record';
import * as brokersService from './brokers.service';

const can = (action?: number) => ({ section: SECTION.Brokers, ...(action ? { action } : {}) });

/** The /{section} pattern for brokers plus POST /filterBrockers (lookup) and POST /broker/new (create). */
export const brokersRoutes: RouteModule = {
  name: 'brokers',
  register(app, deps) {
    const { db } = deps.database;
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
    registerRecordRoutes(app, deps, brokerRecord, {
      tags,
      key: 'broker',
      routes: BROKER_ROUTES,
      access: { create: { anyOf: [can(ACTION.CREATE), { section: SECTION.Trips, action: ACTION.ADD_NEW_BROKER }] } },
    });
  },
};
