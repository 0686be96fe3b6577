import { ACTION, DraftedIdsBodySchema, DraftedIdsResponseSchema, IdParamsSchema, MSG, SECTION } from '@backhaul/shared';
import {
  ArrivalsBodySchema,
  ArrivalsSchema,
  SendWorkOrderBodySchema,
  WO_CANCELED,
  WORK_ORDER_BASE,
  WORK_ORDER_ROUTES,
  WorkOrderDescriptionsSchema,
  WorkOrderEditSchema,
  WorkOrderOptionsSchema,
  WorkOrderSavedSchema,
  WoStatisticsBodySchema,
  WoStatisticsSchema,
  WoStatisticsShowParamsSchema,
  WoStatisticsShowQuerySchema,
  WoStatisticsShowSchema,
} from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { runCommand } from '../../platform/record/command';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { deleteDraftedChildren } from '../../platform/record/record.service';
import { customerLinks } from '../customers';
import { shopVisits } from '../downtime';
import { trailerLinks } from '../trailers';
import { truckLinks } from '../trucks';
import { approveAndBill, refreshTotals } from './work-orders.commands';
import { workOrdersList } from './work-orders.list';
import { workOrderRecord } from './work-orders.record';
import * as service from './work-orders.service';
import { workOrderStatistics, workOrderStatisticsDay } from './work-orders.statistics';
import { workOrderDescriptions, workOrderInvoices, workOrders } from './work-orders.table';

const tags = ['Work orders'];
const section = SECTION.WorkOrders;
const view = { section };
const edit = { section, action: ACTION.EDIT };
const CreateQuery = z.object({ customer_id: z.coerce.number().int().positive().optional() });

/** The register's 12 work-order calls (001 §7), plus the invoice PDF and its mail. */
export const workOrdersRoutes: RouteModule = {
  name: 'work-orders',
  register(app, deps) {
    const { db } = deps.database;
    // The downtime report counts the days our work orders kept units in the shop (not canceled ones).
    shopVisits.provide(
      (companyId) => sql`select w.id, w.company_id, w.unit_type, w.truck_id, w.trailer_id, w.check_in, w.check_out
        from work_orders w where w.company_id = ${companyId} and w.unit_type in ('truck', 'trailer')
          and w.check_in is not null and w.status <> ${WO_CANCELED} and coalesce(w.truck_id, w.trailer_id) is not null`,
    );
    // A unit's or a customer's work orders keep it from deletion ('Deletion error: 4 work orders').
    truckLinks.register('work_orders', (id) => sql`select count(*) from ${workOrders} w where w.truck_id = ${id}`);
    trailerLinks.register('work_orders', (id) => sql`select count(*) from ${workOrders} w where w.trailer_id = ${id}`);
    customerLinks.register(
      'work_orders',
      (id) => sql`select count(*) from ${workOrders} w where w.customer_id = ${id}`,
    );
    registerListRoute(app, db, workOrdersList, { url: `${WORK_ORDER_BASE}/list`, access: view, tags });
    // GET: the first page and the statuses.
    registerListRoute(app, db, workOrdersList, {
      url: WORK_ORDER_BASE,
      method: 'GET',
      access: view,
      tags,
      answer: async (_list, { user }) => ({ status: (await service.workOrderOptions(db, user)).statuses }),
    });
    app.get(`${WORK_ORDER_BASE}/start`, {
      config: { access: view },
      schema: { tags, response: { 200: ArrivalsSchema } },
      handler: (req) => service.arrivals(db, caller(req).user),
    });
    app.post(`${WORK_ORDER_BASE}/date`, {
      config: { access: view },
      schema: { tags, body: ArrivalsBodySchema, response: { 200: ArrivalsSchema } },
      handler: (req) => service.arrivals(db, caller(req).user, req.body.date),
    });
    app.get(`${WORK_ORDER_BASE}/description/:id`, {
      config: { access: view },
      schema: { tags, params: IdParamsSchema, response: { 200: WorkOrderDescriptionsSchema } },
      handler: (req) => service.workOrderDescriptions(db, caller(req).user, req.params.id),
    });

    // GET …/create (optional customer_id), GET …/:id/edit, POST (an id in the body updates), PUT and DELETE …/:id.
    registerRecordRoutes(app, deps, workOrderRecord, {
      tags,
      key: 'row',
      routes: WORK_ORDER_ROUTES,
      forms: {
        query: CreateQuery,
        options: ({ user, query }) => service.workOrderOptions(db, user, query.customer_id),
        optionsSchema: WorkOrderOptionsSchema,
        edit: ({ user, id }) => service.editWorkOrder(db, user, id),
        editSchema: WorkOrderEditSchema,
      },
      createUpdatesBy: (form: { id?: number }) => form.id,
      saved: {
        answer: (row, message) => ({ message, row, removed: row.status === WO_CANCELED }),
        schema: WorkOrderSavedSchema,
      },
    });

    for (const [name, table] of [
      ['destroyDescription', workOrderDescriptions],
      ['destroyInvoice', workOrderInvoices],
    ] as const) {
      app.post(`${WORK_ORDER_BASE}/${name}`, {
        config: { access: edit },
        schema: { tags, body: DraftedIdsBodySchema, response: { 200: DraftedIdsResponseSchema } },
        handler: async (req) => {
          const { user } = caller(req);
          const orders = name === 'destroyInvoice' ? await service.ordersOfVendorInvoices(db, req.body.ids) : [];
          const deleted = await deleteDraftedChildren(db, workOrderRecord, user, { table, ids: req.body.ids });
          // A vendor's invoice is part of the total (sublet): the order and its customer's invoice follow.
          for (const id of orders) await runCommand(db, refreshTotals, user, id);
          return { message: MSG.removalSuccess, deleted };
        },
      });
    }

    // Work-order statistics (section 67): the window per day or month, and one day's orders.
    const stats = { section: SECTION.WorkOrdersStatistics };
    const statsTags = ['Work orders statistics'];
    app.get(`${WORK_ORDER_BASE}/statistics`, {
      config: { access: stats },
      schema: { tags: statsTags, response: { 200: WoStatisticsSchema } },
      handler: (req) => workOrderStatistics(db, caller(req).user, {}),
    });
    app.post(`${WORK_ORDER_BASE}/statistics/list`, {
      config: { access: stats },
      schema: { tags: statsTags, body: WoStatisticsBodySchema, response: { 200: WoStatisticsSchema } },
      handler: (req) => workOrderStatistics(db, caller(req).user, req.body),
    });
    app.post(`${WORK_ORDER_BASE}/statistics/show/:date`, {
      config: { access: stats },
      schema: {
        tags: statsTags,
        params: WoStatisticsShowParamsSchema,
        querystring: WoStatisticsShowQuerySchema,
        response: { 200: WoStatisticsShowSchema },
      },
      handler: (req) => workOrderStatisticsDay(db, caller(req).user, req.params.date, req.query.group),
    });

    app.get(`${WORK_ORDER_BASE}/:id/invoice`, {
      config: { access: view },
      schema: { tags, params: IdParamsSchema },
      handler: async (req, reply) => {
        const pdf = await service.workOrderPdf(db, caller(req).user, req.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${pdf.name}"`)
          .send(pdf.data);
      },
    });
    // "Approve and bill": the customer approved the estimate; the order is billed before completion.
    app.post(`${WORK_ORDER_BASE}/:id/approve`, {
      config: { access: edit },
      schema: { tags, params: IdParamsSchema, response: { 200: WorkOrderSavedSchema } },
      handler: (req) => runCommand(db, approveAndBill, caller(req).user, req.params.id),
    });
    app.post(`${WORK_ORDER_BASE}/:id/send`, {
      config: { access: edit },
      schema: {
        tags,
        params: IdParamsSchema,
        body: SendWorkOrderBodySchema,
        response: { 200: z.object({ message: z.string() }) },
      },
      handler: (req) => service.sendWorkOrder(db, deps.mailer, caller(req).user, req.params.id, req.body.email),
    });
  },
};
