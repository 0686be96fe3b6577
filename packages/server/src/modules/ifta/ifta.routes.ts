import { ACTION, SECTION } from '@backhaul/shared';
import {
  IFTA_ROUTES,
  IftaExportBodySchema,
  IftaExportLinkSchema,
  IftaRatesBodySchema,
  IftaRatesQuerySchema,
  IftaRatesSavedSchema,
  IftaRatesSchema,
  IftaReportBodySchema,
  IftaReportSchema,
  IftaTrucksSchema,
} from '@backhaul/shared/modules/ifta/ifta.contract';
import { caller } from '../../platform/auth/guard';
import { fileLink } from '../../platform/files/files.service';
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
      schema: { tags, body: IftaExportBodySchema, response: { 200: IftaExportLinkSchema } },
      // Stored as the caller's download, like every export: the web follows the link.
      handler: async (req) => {
        const { user } = caller(req);
        const report = await service.iftaReport(db, user, req.body);
        const file = req.body.fileType === 'pdf' ? await iftaPdf(db, user, report) : await iftaXlsx(report);
        const stored = await deps.files.store({
          companyId: user.companyId,
          entity: 'exports',
          entityId: user.id,
          category: 'ifta',
          name: file.name,
          mime: file.type,
          data: file.data,
          uploadedBy: user.id,
        });
        return { link: fileLink(stored.id) };
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
