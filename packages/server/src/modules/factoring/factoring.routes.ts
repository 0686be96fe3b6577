import { ACTION, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  FactoringEditResponseSchema,
  FactoringFormSchema,
  FactoringSaveResponseSchema,
  FactoringStartResponseSchema,
  PAYMENT_TYPES,
} from '@backhaul/shared/modules/factoring/factoring.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { factoringList } from './factoring.list';
import * as factoringService from './factoring.service';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const can = (action?: number) => ({ section: SECTION.FactoringCompanies, ...(action ? { action } : {}) });

/**
 * Factoring companies (000 §7). POST /factoring/export and /factoring/settings are the generic list
 * routes for the list key 'factoring'.
 */
export const factoringRoutes: RouteModule = {
  name: 'factoring',
  register(app, { database: { db } }) {
    const tags = ['Factoring'];
    registerListRoute(app, db, factoringList, { url: '/factoring/list', tags });

    app.get('/factoring', {
      config: { access: can() },
      schema: { tags, response: { 200: FactoringStartResponseSchema } },
      handler: async (req) => ({
        payment_type: [...PAYMENT_TYPES],
        total: await factoringService.countFactoring(db, caller(req).user),
      }),
    });

    app.get('/factoring/:id/edit', {
      config: { access: can() },
      schema: { tags, params: IdParams, response: { 200: FactoringEditResponseSchema } },
      handler: async (req) => factoringService.getFactoring(db, caller(req).user, req.params.id),
    });

    app.post('/factoring', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: FactoringFormSchema, response: { 200: FactoringSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        ...(await factoringService.saveFactoring(db, caller(req).user, null, req.body)),
      }),
    });

    app.put('/factoring/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, params: IdParams, body: FactoringFormSchema, response: { 200: FactoringSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        ...(await factoringService.saveFactoring(db, caller(req).user, req.params.id, req.body)),
      }),
    });

    app.delete('/factoring/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParams, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await factoringService.deleteFactoring(db, caller(req).user, req.params.id);
        return { message: MSG.removalSuccess };
      },
    });
  },
};
