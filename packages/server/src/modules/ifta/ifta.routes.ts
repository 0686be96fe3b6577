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
import type { AuthUser } from '../../platform/auth/access';
import { caller } from '../../platform/auth/guard';
import { fileLink } from '../../platform/files/files.service';
import type { RouteModule } from '../../platform/http/types';
import { routingFromConfig } from '../mileage';
import { auditPdf, auditXlsx, iftaAudit } from './ifta.audit';
import { iftaPdf, iftaXlsx } from './ifta.export';
import * as service from './ifta.service';

const tags = ['IFTA'];
/** The report reads what the fuel list shows; the rates are settings. */
const fuel = { section: SECTION.Fuel };
const settingsEdit = { section: SECTION.Settings, action: ACTION.EDIT };

/**
 * Accounting → Fuel → IFTA (beyond the spec, issues #15 and #30): the quarterly return, its files,
 * the audit file and the rate table. Miles are routed by the configured provider (MILEAGE_PROVIDER).
 */
export const iftaRoutes: RouteModule = {
  name: 'ifta',
  register(app, deps) {
    const { db } = deps.database;
    const routing = routingFromConfig(deps.config);
    // Stored as the caller's download, like every export: the web follows the link.
    const stored = async (user: AuthUser, file: { name: string; type: string; data: Buffer }) => {
      const saved = await deps.files.store({
        companyId: user.companyId,
        entity: 'exports',
        entityId: user.id,
        category: 'ifta',
        name: file.name,
        mime: file.type,
        data: file.data,
        uploadedBy: user.id,
      });
      return { link: fileLink(saved.id) };
    };
    app.post(IFTA_ROUTES.report, {
      config: { access: fuel },
      schema: { tags, body: IftaReportBodySchema, response: { 200: IftaReportSchema } },
      handler: (req) => service.iftaReport(db, caller(req).user, req.body, routing),
    });
    app.post(IFTA_ROUTES.export, {
      config: { access: { ...fuel, action: ACTION.EXPORT } },
      schema: { tags, body: IftaExportBodySchema, response: { 200: IftaExportLinkSchema } },
      handler: async (req) => {
        const { user } = caller(req);
        const report = await service.iftaReport(db, user, req.body, routing);
        return stored(user, req.body.fileType === 'pdf' ? await iftaPdf(db, user, report) : await iftaXlsx(report));
      },
    });
    app.post(IFTA_ROUTES.auditExport, {
      config: { access: { ...fuel, action: ACTION.EXPORT } },
      schema: { tags, body: IftaExportBodySchema, response: { 200: IftaExportLinkSchema } },
      handler: async (req) => {
        const { user } = caller(req);
        const audit = await iftaAudit(db, user, req.body, routing);
        return stored(user, req.body.fileType === 'pdf' ? await auditPdf(db, user, audit) : await auditXlsx(audit));
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
