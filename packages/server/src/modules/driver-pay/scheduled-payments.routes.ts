import { ACTION, IdParamsSchema, MessageBodySchema, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/driver-pay/scheduled-payments.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { scheduledPaymentsList } from './scheduled-payments.list';
import { scheduledPaymentRecord } from './scheduled-payments.record';
import * as service from './scheduled-payments.service';

const can = (action?: number) => ({ section: SECTION.ScheduledPayments, ...(action ? { action } : {}) });

/** Accounting → Scheduled payments: the register's 7 calls (002 §7), shapes in the contract. */
export const scheduledPaymentsRoutes: RouteModule = {
  name: 'scheduled-payments',
  register(app, deps) {
    const { db } = deps.database;
    const tags = ['Scheduled payments'];
    registerListRoute(app, db, scheduledPaymentsList, { url: '/scheduled-payments/list', tags });
    // The edit form names the instalment's date: mounted here, the engine mounts the writes.
    const { editForm: _edit, ...engineRoutes } = C.SCHEDULED_PAYMENT_ROUTES;
    registerRecordRoutes(app, deps, scheduledPaymentRecord, {
      tags,
      key: 'item',
      routes: engineRoutes,
      forms: {
        query: C.ScheduledCreateQuerySchema,
        options: ({ user, query }) => service.scheduledOptions(db, user, query.customer_id ?? null),
        optionsSchema: C.ScheduledOptionsSchema,
      },
      saved: { answer: (item, message) => ({ message, item }), schema: C.ScheduledSavedSchema },
    });
    app.get('/scheduled-payments/:id/edit/:date', {
      config: { access: { section: SECTION.ScheduledPayments, action: [ACTION.EDIT, ACTION.VIEW] } },
      schema: { tags, params: C.ScheduledEditParamsSchema, response: { 200: C.ScheduledEditSchema } },
      handler: (req) => service.editScheduled(db, caller(req).user, req.params.id, req.params.date),
    });
    app.post('/scheduled-payments/date/:date', {
      config: { access: can() },
      schema: {
        tags,
        params: C.ScheduledDateParamsSchema,
        body: C.ScheduledDayBodySchema.optional(),
        response: { 200: C.ScheduledDaySchema },
      },
      handler: (req) => service.scheduledDay(db, caller(req).user, req.params.date, req.body?.driver_id),
    });
    app.post('/scheduled-payments/destroy/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: C.ScheduledDestroyBodySchema,
        response: { 200: MessageBodySchema },
      },
      handler: (req) => service.destroyScheduled(db, caller(req).user, req.params.id, req.body),
    });
  },
};
