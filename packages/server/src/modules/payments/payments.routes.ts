import { ACTION, IdParamsSchema, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  INVOICE_MSG,
  InvoiceSavedSchema,
  SetPaymentsBodySchema,
} from '@backhaul/shared/modules/invoices/invoices.contract';
import {
  DeleteStatusResponseSchema,
  LostPaymentFormSchema,
  LostPaymentSaveResponseSchema,
  NewPaymentResponseSchema,
  PaymentFormSchema,
  PaymentResponseSchema,
  PaymentSaveResponseSchema,
} from '@backhaul/shared/modules/payments/payments.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import type { ListDefinition } from '../../platform/list/define-list';
import { registerListRoute } from '../../platform/list/list.routes';
import { compileList, type ListAnswer, listFrom } from '../../platform/list/run-list';
import { customerLinks } from '../customers';
import { getInvoice, lastPayment } from '../invoices';
import { provideTripReceivables } from '../trips';
import { customerPaymentsList, invoicePaymentsList, lostPaymentsList } from './payments.list';
import * as paymentsService from './payments.service';
import { payments } from './payments.table';

const InvoiceParams = z.object({ invoice_id: z.coerce.number().int().positive() });
const invoices = (action?: number) => ({ section: SECTION.CustomerNotPaidInvoices, ...(action ? { action } : {}) });
const lost = (action?: number) => ({ section: SECTION.LostPayments, ...(action ? { action } : {}) });

/** Σ of mistakes and losses on the invoices behind the filtered payments. */
async function lostOnFilteredPayments(db: Db, def: ListDefinition, user: AuthUser, body: unknown) {
  const compiled = compileList(def, user, body);
  return paymentsService.sumLostOnInvoicesOf(
    db,
    sql`select payments.id from ${listFrom(def, compiled)} where ${compiled.where}`,
  );
}

/**
 * Payments (000 §7): entry against an invoice, the invoice-items and customer-payments lists,
 * deletes that reverse the amounts; lost payments (119): record, list, delete. Settings and export
 * of each list go through the generic routes by list key (payments, payments-customer, lost-payment).
 */
export const paymentsRoutes: RouteModule = {
  name: 'payments',
  register(app, { database: { db } }) {
    const tags = ['Payments'];
    lastPayment.provide(paymentsService.lastPaymentSql);
    provideTripReceivables('payments', paymentsService.tripPaymentRows);
    // A customer's payments keep it from deletion.
    customerLinks.register('payments', (id) => sql`select count(*) from ${payments} p where p.customer_id = ${id}`);

    // ---- Paid (16): what is left on an Open invoice is posted as one payment (the invoices screen's action).
    app.post('/invoice/paid/:id', {
      config: { access: invoices(ACTION.PAID) },
      schema: { tags: ['Invoices'], params: IdParamsSchema, body: z.unknown(), response: { 200: InvoiceSavedSchema } },
      handler: async (req) => {
        const { user } = caller(req);
        await paymentsService.markPaid(db, user, req.params.id);
        return { message: INVOICE_MSG.paidSuccess, invoice: await getInvoice(db, user, req.params.id) };
      },
    });

    // Marks several Open invoices paid (one payment each for what is left); payment entry itself is /payments/:invoice_id.
    app.post('/invoice/setPayments', {
      config: { access: invoices(ACTION.PAID) },
      schema: { tags: ['Invoices'], body: SetPaymentsBodySchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        const { user } = caller(req);
        for (const id of new Set(req.body.invoice_ids)) {
          await paymentsService.markPaid(db, user, id, {
            method: req.body.method,
            ...(req.body.paid_on ? { paidOn: req.body.paid_on } : {}),
          });
        }
        return { message: INVOICE_MSG.paidSuccess };
      },
    });

    // ---- Payments against an invoice (customer invoice items).
    app.get('/payments/new/:id', {
      config: { access: invoices(ACTION.PAID) },
      schema: { tags, params: IdParamsSchema, response: { 200: NewPaymentResponseSchema } },
      handler: async (req) => paymentsService.newPayment(db, caller(req).user, req.params.id),
    });

    registerListRoute(app, db, invoicePaymentsList, {
      url: '/payments/list',
      access: invoices(),
      tags,
      filters: { url: '/payments/filters' },
    });

    // The regex leaves /payments/list, /filters, /settings and /export to their routes.
    app.post('/payments/:invoice_id(^\\d+$)', {
      config: { access: invoices(ACTION.PAID) },
      schema: { tags, params: InvoiceParams, body: PaymentFormSchema, response: { 200: PaymentSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        ...(await paymentsService.postPayment(db, caller(req).user, req.params.invoice_id, req.body)),
      }),
    });

    app.get('/payments/:id(^\\d+$)', {
      config: { access: invoices() },
      schema: { tags, params: IdParamsSchema, response: { 200: PaymentResponseSchema } },
      handler: async (req) => ({ payment: await paymentsService.getPayment(db, caller(req).user, req.params.id) }),
    });

    app.delete('/payments/:id', {
      config: { access: invoices(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await paymentsService.deletePayment(db, caller(req).user, req.params.id);
        return { message: MSG.recordDeleted };
      },
    });

    // ---- Customer payments.
    // With Σ of mistakes and losses on the invoices behind the filtered payments in `sum`.
    const customerPayments = {
      access: invoices(),
      tags,
      answer: async (list: ListAnswer, { user, request }: { user: AuthUser; request: unknown }) => ({
        sum: { ...list.sum, sum_lost_amount: await lostOnFilteredPayments(db, customerPaymentsList, user, request) },
      }),
    };
    registerListRoute(app, db, customerPaymentsList, {
      ...customerPayments,
      url: '/payments-customer',
      method: 'GET',
      keys: { rows: 'customer_payments', filter: 'filters' },
    });
    registerListRoute(app, db, customerPaymentsList, {
      ...customerPayments,
      url: '/payments-customer/list',
      filters: { url: '/payments-customer/filters' },
    });

    app.delete('/payments-customer/:id', {
      config: { access: invoices(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: DeleteStatusResponseSchema } },
      handler: async (req) => {
        await paymentsService.deletePayment(db, caller(req).user, req.params.id);
        return { status: true, message: MSG.recordDeleted };
      },
    });

    // ---- Lost payments: recorded by who may mark invoices paid; listed and deleted under 119.
    app.post('/lost-payment', {
      config: { access: invoices(ACTION.PAID) },
      schema: { tags, body: LostPaymentFormSchema, response: { 200: LostPaymentSaveResponseSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        ...(await paymentsService.postLostPayment(db, caller(req).user, req.body)),
      }),
    });

    registerListRoute(app, db, lostPaymentsList, {
      url: '/lost-payment/list',
      access: lost(),
      tags,
      answer: (list) => ({ sum: { ...list.sum, sum_lost_amount: list.sum.amount ?? 0 } }),
      filters: { url: '/lost-payment/filters' },
    });

    app.delete('/lost-payment/:id', {
      config: { access: lost(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await paymentsService.deleteLostPayment(db, caller(req).user, req.params.id);
        return { message: MSG.recordDeleted };
      },
    });
  },
};
