import { SECTION } from '@backhaul/shared';
import {
  DOWNTIME_BASE,
  DowntimeBreakdownQuerySchema,
  DowntimeBreakdownSchema,
  DowntimeUnitParamsSchema,
  UnitDowntimeSchema,
} from '@backhaul/shared/modules/downtime/downtime.contract';
import { caller } from '../../platform/auth/guard';
import { clock } from '../../platform/clock';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { downtimeBreakdown } from './downtime.breakdown';
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
    // A report row opened: its work orders and road days, each with its days, gross per day and cost.
    app.get(`${DOWNTIME_BASE}/unit/:type/:id/breakdown`, {
      config: { access },
      schema: {
        tags,
        params: DowntimeUnitParamsSchema,
        querystring: DowntimeBreakdownQuerySchema,
        response: { 200: DowntimeBreakdownSchema },
      },
      handler: (req) =>
        downtimeBreakdown(db, caller(req).user, {
          type: req.params.type,
          id: req.params.id,
          // This month in company time when none is asked for.
          month: req.query.month ?? clock.today().slice(0, 7),
        }),
    });
  },
};
