import { ACTION, IdParamsSchema, MessageBodySchema, SECTION } from '@backhaul/shared';
import { ExportBodySchema, ExportResponseSchema } from '@backhaul/shared/list/list.contract';
import {
  ShortPaymentEditSchema,
  ShortPaymentFormSchema,
  ShortPaymentSavedSchema,
} from '@backhaul/shared/modules/short-payments/short-payments.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { exportDefinedList, registerListRoute, registerSettingsRoute } from '../../platform/list/list.routes';
import { shortPaymentsList } from './short-payments.list';
import * as service from './short-payments.service';

const can = (action?: number | number[]) => ({ section: SECTION.ShortPayments, ...(action ? { action } : {}) });

/**
 * Accounting → Short payments (001 §7). The register's paths have a slash ("short/payments"), so
 * its settings and export are mounted here on the list's definition (the generic routes also
 * answer under the list key "short-payments"). POST /short/payments/list is ours: the register's
 * GET answers only the first page, the DataTable posts filters.
 */
export const shortPaymentsRoutes: RouteModule = {
  name: 'short-payments',
  register(app, { database: { db }, exports }) {
    const tags = ['Short payments'];
    registerListRoute(app, db, shortPaymentsList, { url: '/short/payments', method: 'GET', access: can(), tags });
    registerListRoute(app, db, shortPaymentsList, { url: '/short/payments/list', tags });

    app.post('/short/payments', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: ShortPaymentFormSchema, response: { 200: ShortPaymentSavedSchema } },
      handler: (req) => service.createShortPayment(db, caller(req).user, req.body),
    });

    app.get('/short/payments/:id/edit', {
      config: { access: can([ACTION.VIEW, ACTION.EDIT]) },
      schema: { tags, params: IdParamsSchema, response: { 200: ShortPaymentEditSchema } },
      handler: (req) => service.editShortPayment(db, caller(req).user, req.params.id),
    });

    app.put('/short/payments/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: ShortPaymentFormSchema,
        response: { 200: ShortPaymentSavedSchema },
      },
      handler: (req) => service.updateShortPayment(db, caller(req).user, req.params.id, req.body),
    });

    app.delete('/short/payments/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: (req) => service.deleteShortPayment(db, caller(req).user, req.params.id),
    });

    app.post('/short/payments/export', {
      config: { access: can(ACTION.EXPORT) },
      schema: { tags, body: ExportBodySchema, response: { 200: ExportResponseSchema } },
      handler: (req) =>
        exportDefinedList({ db, exports, def: shortPaymentsList, user: caller(req).user, body: req.body }),
    });

    registerSettingsRoute(app, db, { url: '/short/payments/settings', access: can(), list: shortPaymentsList });
  },
};
