import { SECTION } from '@backhaul/shared';
import {
  DOWNTIME_BASE,
  DowntimeUnitParamsSchema,
  UnitDowntimeSchema,
} from '@backhaul/shared/modules/downtime/downtime.contract';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { runList } from '../../platform/list/run-list';
import { downtimeList } from './downtime.list';
import { unitDowntime, withMonths } from './downtime.service';

const tags = ['Downtime'];
const access = { section: SECTION.Downtime };

/** Downtime (section 70, beyond the spec): the report per unit and month, and one unit's figures for its card. */
export const downtimeRoutes: RouteModule = {
  name: 'downtime',
  register(app, deps) {
    const { db } = deps.database;
    app.post(`${DOWNTIME_BASE}/list`, {
      config: { access },
      schema: { tags, body: z.unknown() },
      handler: (req) => {
        const { body, months } = withMonths(req.body);
        return runList(db, downtimeList, caller(req).user, body, { args: { months } });
      },
    });
    app.get(`${DOWNTIME_BASE}/unit/:type/:id`, {
      config: { access },
      schema: { tags, params: DowntimeUnitParamsSchema, response: { 200: UnitDowntimeSchema } },
      handler: (req) => unitDowntime(db, caller(req).user, req.params.type, req.params.id),
    });
  },
};
