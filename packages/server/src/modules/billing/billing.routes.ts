import { ACTION, IdParamsSchema, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  BillingCreateBodySchema,
  BillingFilesResponseSchema,
  BillingSavedSchema,
} from '@backhaul/shared/modules/billing/billing.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { billingList } from './billing.list';
import * as billingService from './billing.service';

const view = { section: SECTION.Billing, action: [ACTION.BILLING_VIEW, ACTION.BILLING_CREATE] };

/** Accounting → Billing (000 §7 "Loads and billing"): the list, create, delete, the load's files. */
export const billingRoutes: RouteModule = {
  name: 'billing',
  register(app, { database: { db } }) {
    const tags = ['Billing'];
    registerListRoute(app, db, billingList, {
      url: '/billings',
      method: 'GET',
      access: view,
      tags,
      keys: { rows: 'loads', filter: 'filters' },
    });
    registerListRoute(app, db, billingList, { url: '/billings/list', access: view, tags });

    app.get('/billings/:id', {
      config: { access: view },
      schema: { tags, params: IdParamsSchema, response: { 200: BillingFilesResponseSchema } },
      handler: async (req) => ({ load_files: await billingService.billingFiles(db, caller(req), req.params.id) }),
    });

    app.post('/billing', {
      config: { access: { section: SECTION.Billing, action: ACTION.BILLING_CREATE } },
      schema: { tags, body: BillingCreateBodySchema, response: { 200: BillingSavedSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        billing: await billingService.createBilling(db, caller(req), req.body.load_id),
      }),
    });

    app.delete('/billing/:id', {
      config: { access: { section: SECTION.Billing, action: [ACTION.DELETE, ACTION.BILLING_CREATE] } },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => billingService.deleteBilling(db, caller(req), req.params.id),
    });
  },
};
