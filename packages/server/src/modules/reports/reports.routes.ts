import { ACTION, IdParamsSchema, MSG, SECTION } from '@backhaul/shared';
import {
  ReportCreateBodySchema,
  type ReportKind,
  ReportOptionsSchema,
  ReportSendBodySchema,
  ReportSentSchema,
  ReportsCreatedSchema,
} from '@backhaul/shared/modules/reports/reports.contract';
import { caller } from '../../platform/auth/guard';
import { sectionFileAccess } from '../../platform/files/file-entities';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { REPORT_LISTS } from './reports.list';
import { createReports, REPORT_FILE_ENTITY, reportOptions, sendReport } from './reports.service';
import { reports } from './reports.table';

const can = (action?: number) => ({ section: SECTION.Reports, ...(action ? { action } : {}) });

/** Reports (001 §7): the lists, creation for customers and sending by e-mail, per kind. */
export const reportsRoutes: RouteModule = {
  name: 'reports',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Reports'];
    const services = { db, files: deps.files, mailer: deps.mailer };
    deps.files.registerEntity(REPORT_FILE_ENTITY, { ...sectionFileAccess(SECTION.Reports), owner: reports });

    const prefixes: Array<[string, ReportKind]> = [
      ['/reports', 'old'],
      ['/reports/safety', 'safety'],
      ['/reports/billing', 'billing'],
    ];
    for (const [prefix, kind] of prefixes) {
      const list = REPORT_LISTS[kind];
      registerListRoute(app, db, list, { url: prefix, method: 'GET', access: can(), tags });
      registerListRoute(app, db, list, { url: `${prefix}/list`, access: can(), tags });
      // The first kind's messages are "Report sent successfully" / "Sending error", the others' the second pair (001 §8).
      const messages =
        kind === 'old'
          ? { sent: MSG.reportSent, failed: MSG.reportSendingError }
          : { sent: MSG.reportWasSent, failed: MSG.reportCouldNotSend };
      app.post(`${prefix}/send/:id`, {
        config: { access: can(ACTION.SEND) },
        schema: { tags, params: IdParamsSchema, body: ReportSendBodySchema, response: { 200: ReportSentSchema } },
        handler: (req) =>
          sendReport(services, caller(req).user, {
            id: req.params.id,
            kind: kind === 'old' ? null : kind,
            email: req.body.email,
            messages,
          }),
      });
    }

    app.get('/reports/options', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, response: { 200: ReportOptionsSchema } },
      handler: (req) => reportOptions(db, caller(req).user),
    });

    const create = (url: string, fixed: ReportKind | null) =>
      app.post(url, {
        config: { access: can(ACTION.CREATE) },
        schema: { tags, body: ReportCreateBodySchema, response: { 200: ReportsCreatedSchema } },
        handler: (req) => createReports(services, caller(req).user, fixed ?? req.body.kind ?? 'old', req.body),
      });
    // POST /reports (body: customers) and /reports/create: a customer report, or the kind the body names.
    create('/reports', null);
    create('/reports/create', null);
    create('/reports/safety', 'safety');
    create('/reports/safety/create', 'safety');
  },
};
