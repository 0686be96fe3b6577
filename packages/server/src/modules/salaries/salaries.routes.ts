import * as C from '@backhaul/shared/modules/salaries/salaries.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { payHistory, salaryPaymentRecord } from './salaries.service';

/** Account → Pay history (001 §7): the list of a year and the salary payment entries. */
export const salariesRoutes: RouteModule = {
  name: 'salaries',
  register(app, deps) {
    const tags = ['Salaries and pay history'];
    // Every staff member reads their own pay history (issue 32: on their account page); another
    // person's needs Pay history (104) and Account users view (payHistory checks).
    app.post('/info/pay-history/list', {
      config: { access: 'staff' },
      schema: { tags, body: C.PayHistoryListBodySchema.optional(), response: { 200: C.PayHistorySchema } },
      handler: (req) => payHistory(deps.database.db, caller(req).user, req.body ?? {}),
    });
    registerRecordRoutes(app, deps, salaryPaymentRecord, {
      tags,
      key: 'salary_payment',
      routes: {
        create: 'POST /info/pay-history',
        update: 'POST /info/pay-history/:id',
        remove: 'DELETE /info/pay-history/:id',
      },
    });
  },
};
