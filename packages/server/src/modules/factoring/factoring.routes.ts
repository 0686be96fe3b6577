import { SECTION } from '@backhaul/shared';
import {
  FACTORING_ROUTES,
  FactoringStartResponseSchema,
  PAYMENT_TYPES,
} from '@backhaul/shared/modules/factoring/factoring.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { factoringList } from './factoring.list';
import { factoringRecord } from './factoring.record';
import * as factoringService from './factoring.service';

/**
 * Factoring companies (000 §7). POST /factoring/export and /factoring/settings are the generic list
 * routes for the list key 'factoring'.
 */
export const factoringRoutes: RouteModule = {
  name: 'factoring',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Factoring'];
    const access = { section: SECTION.FactoringCompanies };
    registerListRoute(app, db, factoringList, { url: '/factoring/list', tags });

    app.get('/factoring', {
      config: { access },
      schema: { tags, response: { 200: FactoringStartResponseSchema } },
      handler: async (req) => ({
        payment_type: [...PAYMENT_TYPES],
        total: await factoringService.countFactoring(db, caller(req).user),
      }),
    });

    // GET /factoring/:id/edit answers { factoring, notes_rows, payment_type }; saves { message, factoring, notes_rows }.
    registerRecordRoutes(app, deps, factoringRecord, {
      tags,
      key: null,
      routes: FACTORING_ROUTES,
      access: { editForm: access },
      forms: {
        options: async () => ({ payment_type: [...PAYMENT_TYPES] }),
        optionsSchema: z.object({ payment_type: z.array(z.string()) }),
      },
    });
  },
};
