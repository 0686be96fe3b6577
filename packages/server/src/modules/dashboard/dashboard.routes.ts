import { ACTION, SECTION } from '@backhaul/shared';
import { GraphBodySchema, GraphResponseSchema } from '@backhaul/shared/modules/dashboard/dashboard.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { loadGraph } from './dashboard.service';

/** The load graph dashboard (000 §7 POST /graph), shown on the Statistics landing page. */
export const dashboardRoutes: RouteModule = {
  name: 'dashboard',
  register(app, { database: { db } }) {
    app.post('/graph', {
      config: {
        access: {
          anyOf: [
            { section: SECTION.Dashboard, action: ACTION.VIEW },
            { section: SECTION.Statistics, action: ACTION.VIEW },
          ],
        },
      },
      schema: { tags: ['Dashboard'], body: GraphBodySchema.optional(), response: { 200: GraphResponseSchema } },
      handler: async (req) => loadGraph(db, caller(req).user, req.body ?? {}),
    });
  },
};
