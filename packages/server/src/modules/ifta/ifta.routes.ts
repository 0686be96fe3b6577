import { ACTION, SECTION } from '@backhaul/shared';
import {
  IFTA_ROUTES,
  IftaExportBodySchema,
  IftaRatesBodySchema,
  IftaRatesQuerySchema,
  IftaRatesSavedSchema,
  IftaRatesSchema,
  IftaReportBodySchema,
  IftaReportSchema,
  IftaTrucksSchema,
} from '@backhaul/shared/modules/ifta/ifta.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { iftaPdf, iftaXlsx } from './ifta.export';
import * as service from './ifta.service';

const tags = ['IFTA'];
/** The report reads what the fuel list shows; the rates are settings. */
const fuel = { section: SECTION.Fuel };
const settingsEdit = { section: SECTION.Settings, action: ACTION.EDIT };

/** Accounting → Fuel → IFTA (beyond the spec, issue #15): the quarterly report, its files and the rate table. */
export const iftaRoutes: RouteModule = {
  name: 'ifta',
  register(app, deps) {
    const { db } = deps.database;
    app.post(IFTA_ROUTES.report, {
      config: { access: fuel },
      schema: { tags, body: IftaReportBodySchema, response: { 200: IftaReportSchema } },
      handler: (req) => service.iftaReport(db, caller(req).user, req.body),
    });
    app.post(IFTA_ROUTES.export, {
      config: { access: { ...fuel, action: ACTION.EXPORT } },
      schema: { tags, body: IftaExportBodySchema },
      handler: async (req, reply) => {
        const { user } = caller(req);
        const report = await service.iftaReport(db, user, req.body);
        const file = req.body.fileType === 'pdf' ? await iftaPdf(db, user, report) : await iftaXlsx(report);
        return reply
          .header('content-type', file.type)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .send(file.data);
      },
    });
    app.get(IFTA_ROUTES.trucks, {
      config: { access: fuel },
      schema: { tags, response: { 200: IftaTrucksSchema } },
      handler: async (req) => ({ trucks: await service.truckOptions(db, caller(req).user) }),
    });
    app.get(IFTA_ROUTES.rates, {
      config: { access: fuel },
      schema: { tags, querystring: IftaRatesQuerySchema, response: { 200: IftaRatesSchema } },
      handler: (req) => service.listRates(db, caller(req).user, req.query.quarter),
    });
    app.post(IFTA_ROUTES.rates, {
      config: { access: settingsEdit },
      schema: { tags, body: IftaRatesBodySchema, response: { 200: IftaRatesSavedSchema } },
      handler: (req) => service.saveRates(db, caller(req).user, req.body),
    });
  },
};
