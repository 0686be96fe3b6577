import { SECTION } from '@backhaul/shared';
import {
  DOWNTIME_BASE,
  DowntimeUnitParamsSchema,
  UnitDowntimeSchema,
} from '@backhaul/shared/modules/downtime/downtime.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { downtimeList } from './downtime.list';
import { unitDowntime, withMonths } from './downtime.service';

const tags = ['Downtime'];
const access = { section: SECTION.Downtime };

/** Downtime (section 70, beyond the spec): the report per unit and month, and one unit's figures for its card. */
export const downtimeRoutes: RouteModule = {
  name: 'downtime',
  register(app, deps) {
    const { db } = deps.database;
    registerListRoute(app, db, downtimeList, {
      url: `${DOWNTIME_BASE}/list`,
      tags,
      access,
      prepare: (raw) => {
        const { body, months } = withMonths(raw);
        return { request: body, args: { months } };
      },
    });
    app.get(`${DOWNTIME_BASE}/unit/:type/:id`, {
      config: { access },
      schema: { tags, params: DowntimeUnitParamsSchema, response: { 200: UnitDowntimeSchema } },
      handler: (req) => unitDowntime(db, caller(req).user, req.params.type, req.params.id),
    });
  },
};
