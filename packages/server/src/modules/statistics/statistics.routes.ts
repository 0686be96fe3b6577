import { ACTION, SECTION } from '@backhaul/shared';
import { ExportResponseSchema } from '@backhaul/shared/list/list.contract';
import {
  RateAverageResponseSchema,
  SafetyMonthDetailSchema,
  SafetyMonthParamsSchema,
  SafetyStatisticBodySchema,
  SafetyStatisticResponseSchema,
  SendCustomerReportBodySchema,
  SendCustomerReportResponseSchema,
  StatisticsGraphResponseSchema,
  StatisticsWindowSchema,
} from '@backhaul/shared/modules/statistics/statistics.contract';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth/access';
import { caller } from '../../platform/auth/guard';
import type { ExportService } from '../../platform/export/export.service';
import type { App, RouteModule } from '../../platform/http/types';
import type { ListArgs, ListDefinition } from '../../platform/list/define-list';
import { exportDefinedList, registerListRoute } from '../../platform/list/list.routes';
import type { runList } from '../../platform/list/run-list';
import { customerReportsList } from './customer-reports.list';
import { safetyMonth, safetyStatistic } from './safety-statistic.service';
import { dispatchStatisticsList } from './statistics.list';
import * as statistics from './statistics.service';
import { DATE_COLUMN, resolveWindow } from './statistics.window';

type Body = Record<string, unknown>;
const VIEW = ACTION.VIEW;
const DISPATCH_STATISTICS = { section: SECTION.DispatchStatistics, action: VIEW };
const STATISTICS = { section: SECTION.Statistics, action: VIEW };
/** Safety RFM statistics: the safety staff's Analytics (under Statistics), or the Safety section. */
const SAFETY_STATISTICS = { anyOf: [{ section: SECTION.Analytics, action: VIEW }, { section: SECTION.Safety }] };

/** The export's own keys beside the list request (the table sends its visible columns). */
const ExportRequestSchema = z.looseObject({
  columns: z.array(z.string().max(64)).max(200).optional(),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

/** A customer report request: the window read as everywhere, then taken out of the row filters. */
function reportRequest(
  _user: AuthUser,
  body: unknown,
): { def: ListDefinition; request: Body; window: unknown; args: ListArgs } {
  const { window, request } = resolveWindow(body);
  const filters = { ...(request.filters as Body) };
  delete filters[DATE_COLUMN.Delivery];
  delete filters[DATE_COLUMN.PickUp];
  return { def: customerReportsList, request: { ...request, filters }, window, args: { window } };
}

function exportRoute(
  app: App,
  deps: { db: Parameters<typeof runList>[0]; exports: ExportService },
  opts: {
    url: string;
    access: { section: number; action: number };
    build: (user: AuthUser, body: Body) => { def: ListDefinition; request: Body; args?: ListArgs };
  },
) {
  app.post(opts.url, {
    config: { access: opts.access },
    schema: { tags: ['Export'], body: ExportRequestSchema, response: { 200: ExportResponseSchema } },
    handler: async (req) => {
      const { user } = caller(req);
      const { columns, format, ...rest } = req.body;
      const { def, request, args } = opts.build(user, rest);
      const { limit: _l, page: _p, with_options: _w, ...body } = request;
      return exportDefinedList({
        db: deps.db,
        exports: deps.exports,
        def,
        user,
        body: { ...body, ...(columns ? { columns } : {}), format },
        ...(args ? { args } : {}),
      });
    },
  });
}

/**
 * Statistics (000 §7 "Dashboard and statistics", POST /trips/statistics): the dispatch statistics
 * list and its charts, rate average, the trips list's figures and the customer reports.
 */
export const statisticsRoutes: RouteModule = {
  name: 'statistics',
  register(app, { database: { db }, exports, mailer }) {
    const tags = ['Statistics'];

    // The table: the list engine's answer for the window (datePeriod/weeks or the date filter).
    registerListRoute(app, db, dispatchStatisticsList, {
      url: '/statistics/list',
      access: DISPATCH_STATISTICS,
      tags,
      prepare: (body) => {
        const { window, request } = statistics.statisticsRequest(body);
        return { request, extra: { window } };
      },
      extra: { window: StatisticsWindowSchema },
    });

    // The charts of the same request: graph per label, totals, graphDispatch, spot rate, rate average.
    app.post('/statistics/filter', {
      config: { access: DISPATCH_STATISTICS },
      schema: { tags, body: z.unknown(), response: { 200: StatisticsGraphResponseSchema } },
      handler: async (req) => statistics.statisticsGraph(db, caller(req).user, req.body),
    });

    app.post('/statistics/rate-average', {
      config: { access: { anyOf: [DISPATCH_STATISTICS, STATISTICS, { section: SECTION.Dashboard, action: VIEW }] } },
      schema: { tags, body: z.unknown(), response: { 200: RateAverageResponseSchema } },
      handler: async (req) => statistics.rateAverage(db, caller(req).user, req.body),
    });

    app.post('/trips/statistics', {
      config: { access: { anyOf: [{ section: SECTION.Trips, action: VIEW }, DISPATCH_STATISTICS] } },
      schema: { tags, body: z.unknown(), response: { 200: RateAverageResponseSchema } },
      handler: async (req) => statistics.tripsStatistics(db, caller(req).user, req.body),
    });

    exportRoute(
      app,
      { db, exports },
      {
        url: '/dispatch-statistics/export',
        access: { section: SECTION.DispatchStatistics, action: ACTION.EXPORT },
        build: (_user, body) => ({ def: dispatchStatisticsList, request: resolveWindow(body).request }),
      },
    );

    registerListRoute(app, db, customerReportsList, {
      url: '/customer-reports/list',
      access: STATISTICS,
      tags,
      prepare: (body, { user }) => {
        const { request, window, args } = reportRequest(user, body);
        return { request, args, extra: { window } };
      },
      extra: { window: StatisticsWindowSchema },
    });

    exportRoute(app, { db, exports }, { url: '/customer-reports/export', access: STATISTICS, build: reportRequest });

    app.post('/customer-reports/send', {
      config: { access: STATISTICS },
      schema: { tags, body: SendCustomerReportBodySchema, response: { 200: SendCustomerReportResponseSchema } },
      handler: async (req) => statistics.sendCustomerReport(db, { mailer }, caller(req), req.body),
    });

    // Safety RFM statistics (000 §3 "Safety statistic"): months of active drivers and customers left.
    app.post('/safety/statistic', {
      config: { access: SAFETY_STATISTICS },
      schema: { tags, body: SafetyStatisticBodySchema.optional(), response: { 200: SafetyStatisticResponseSchema } },
      handler: async (req) => safetyStatistic(db, caller(req).user, SafetyStatisticBodySchema.parse(req.body ?? {})),
    });
    app.post('/safety/statistic/:date', {
      config: { access: SAFETY_STATISTICS },
      schema: { tags, params: SafetyMonthParamsSchema, response: { 200: SafetyMonthDetailSchema } },
      handler: async (req) => safetyMonth(db, caller(req).user, req.params.date),
    });
    // The figures are read from the loads on every call: "update" answers this month's, fresh.
    app.get('/safety/statistic/update', {
      config: { access: SAFETY_STATISTICS },
      schema: { tags, response: { 200: SafetyStatisticResponseSchema } },
      handler: async (req) => safetyStatistic(db, caller(req).user, { months: 1 }),
    });
  },
};
