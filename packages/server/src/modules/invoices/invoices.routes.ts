import { ACTION, IdParamsSchema, MessageBodySchema, MSG, SECTION } from '@backhaul/shared';
import {
  GenerateBodySchema,
  GenerateOptionsSchema,
  GenerateStartedSchema,
  INVOICE_MSG,
  InvoiceEmailBodySchema,
  InvoiceNewBodySchema,
  InvoiceResponseSchema,
  InvoiceSavedSchema,
  InvoiceUpdateBodySchema,
  SendInvoiceBodySchema,
  SendInvoicesBodySchema,
  SendResultSchema,
  SendStatisticBodySchema,
} from '@backhaul/shared/modules/invoices/invoices.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { compileList, selectTotals } from '../../platform/list/run-list';
import { customerLinks } from '../customers';
import { provideTripReceivables } from '../trips';
import { createRun, type GenerateInput, generateInvoices } from './generator.service';
import { invoiceGeneratorList, invoiceSendsList, invoicesList } from './invoices.list';
import * as invoicesSend from './invoices.send';
import * as invoicesService from './invoices.service';
import { invoices } from './invoices.table';

export const INVOICE_GENERATION_JOB = 'invoice-generation';

const InvoiceIdParams = z.object({ invoice_id: z.coerce.number().int().positive() });
const FileQuery = z.object({ download: z.coerce.number().int().optional() });
const inv = (action?: number | number[]) => ({
  section: SECTION.CustomerNotPaidInvoices,
  ...(action ? { action } : {}),
});
const generator = (action: number) => ({ section: SECTION.InvoiceGenerator, action });

/** Customer invoices, sent invoices and the invoice generator (000 §7 "Invoices"). */
export const invoicesRoutes: RouteModule = {
  name: 'invoices',
  register(app, { database: { db }, files, mailer, jobs }) {
    const tags = ['Invoices'];
    const send = { files, mailer };

    jobs.define<GenerateInput>(INVOICE_GENERATION_JOB, (ctx) => generateInvoices(db, ctx.data, ctx.progress));
    provideTripReceivables('invoices', invoicesService.tripInvoiceRows);
    // A customer's invoices keep it from deletion ('Deletion error: 12 invoices').
    customerLinks.register('invoices', (id) => sql`select count(*) from ${invoices} i where i.customer_id = ${id}`);

    // The list (limit up to 999999 in the spec's variant: the engine caps "All" and says so).
    // /invoice/filters: the filter options, settings and columns for the caller's request.
    registerListRoute(app, db, invoicesList, {
      url: '/invoice',
      tags,
      filters: { url: '/invoice/filters', withBody: true, keys: ['filter', 'settings', 'columns'] },
    });
    registerListRoute(app, db, invoiceSendsList, { url: '/invoice-sends/list', tags });
    registerListRoute(app, db, invoiceGeneratorList, {
      url: '/generate-invoice/list',
      access: generator(ACTION.VIEW),
      tags,
    });

    app.post('/invoice/total', {
      config: { access: inv() },
      schema: { tags, body: z.unknown() },
      handler: async (req) => {
        const compiled = compileList(invoicesList, caller(req).user, {
          ...((req.body as object | null) ?? {}),
          with_options: false,
        });
        const { total, sum } = await selectTotals(db, invoicesList, compiled);
        return { total, sum };
      },
    });

    app.post('/invoice/new', {
      config: { access: inv([ACTION.EDIT, ACTION.INVOICING]) },
      schema: { tags, body: InvoiceNewBodySchema, response: { 200: InvoiceSavedSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        invoice: await invoicesService.createInvoice(db, caller(req).user, req.body),
      }),
    });

    app.post('/invoice/update', {
      config: { access: inv(ACTION.EDIT) },
      schema: { tags, body: InvoiceUpdateBodySchema, response: { 200: InvoiceSavedSchema } },
      handler: async (req) => {
        if (!req.body.id) throw AppError.invalidField('id', 'Choose an invoice.');
        return {
          message: MSG.savingSuccess,
          invoice: await invoicesService.updateInvoice(db, caller(req).user, req.body.id, req.body),
        };
      },
    });

    app.post('/invoice/update/:id', {
      config: { access: inv(ACTION.EDIT) },
      schema: { tags, params: IdParamsSchema, body: InvoiceUpdateBodySchema, response: { 200: InvoiceSavedSchema } },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        invoice: await invoicesService.updateInvoice(db, caller(req).user, req.params.id, req.body),
      }),
    });

    app.post('/invoice/delete/:id', {
      config: { access: inv(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, body: z.unknown(), response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await invoicesService.deleteInvoice(db, caller(req).user, req.params.id);
        return { message: MSG.recordDeleted };
      },
    });

    app.post('/invoice/open/:id', {
      config: { access: inv(ACTION.OPEN_INVOICE) },
      schema: { tags, params: IdParamsSchema, body: z.unknown(), response: { 200: InvoiceSavedSchema } },
      handler: async (req) => ({
        message: MSG.openInvoiceSuccess,
        invoice: await invoicesService.openInvoice(db, caller(req).user, req.params.id),
      }),
    });

    app.post('/invoice/sendInvoice', {
      config: { access: inv(ACTION.SEND) },
      schema: { tags, body: SendInvoiceBodySchema, response: { 200: SendResultSchema } },
      handler: async (req) => {
        await invoicesSend.sendInvoice(db, send, caller(req).user, req.body.invoice_id, req.body.email || undefined);
        return { message: MSG.invoicesSent, sent: [req.body.invoice_id], failed: [] };
      },
    });

    app.post('/invoice/invoiceEmail', {
      config: { access: inv(ACTION.SEND) },
      schema: { tags, body: InvoiceEmailBodySchema, response: { 200: SendResultSchema } },
      handler: async (req) => {
        await invoicesSend.sendInvoice(db, send, caller(req).user, req.body.invoice_id, req.body.email);
        return { message: MSG.invoicesSent, sent: [req.body.invoice_id], failed: [] };
      },
    });

    app.post('/invoice/sendInvoices', {
      config: { access: inv(ACTION.SEND) },
      schema: { tags, body: SendInvoicesBodySchema, response: { 200: SendResultSchema } },
      handler: async (req) => invoicesSend.sendInvoices(db, send, caller(req).user, req.body.invoice_ids),
    });

    app.post('/invoice/sendStatistic/:invoice_id', {
      config: { access: inv([ACTION.SEND, ACTION.VIEW_DOC]) },
      schema: { tags, params: InvoiceIdParams, body: SendStatisticBodySchema, response: { 200: MessageBodySchema } },
      handler: async (req) =>
        invoicesSend.sendStatistic(db, mailer, caller(req).user, req.params.invoice_id, req.body.email),
    });

    // View (13) answers the PDF inline; download (14) as an attachment.
    app.post('/invoice/file/:id', {
      config: { access: inv([ACTION.VIEW_DOC, ACTION.DOWNLOAD_DOC]) },
      schema: { tags, params: IdParamsSchema, querystring: FileQuery, body: z.unknown() },
      handler: async (req, reply) => {
        const pdf = await invoicesSend.invoicePdf(db, caller(req).user, req.params.id);
        const disposition = req.query.download ? 'attachment' : 'inline';
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `${disposition}; filename="${pdf.name}"`)
          .send(pdf.data);
      },
    });

    // A numeric id only: /invoice/settings and /invoice/export belong to the generic list routes.
    app.post('/invoice/:id(^\\d+$)', {
      config: { access: inv() },
      schema: { tags, params: IdParamsSchema, body: z.unknown(), response: { 200: InvoiceResponseSchema } },
      handler: async (req) => ({ invoice: await invoicesService.getInvoice(db, caller(req).user, req.params.id) }),
    });

    app.get('/generate-invoice/create', {
      config: { access: generator(ACTION.CREATE) },
      schema: { tags, response: { 200: GenerateOptionsSchema } },
      handler: async (req) => invoicesService.generateOptions(db, caller(req).user),
    });

    app.post('/generate-invoice', {
      config: { access: generator(ACTION.CREATE) },
      schema: { tags, body: GenerateBodySchema, response: { 200: GenerateStartedSchema } },
      handler: async (req) => {
        const { user } = caller(req);
        const input = {
          companyId: user.companyId,
          actorId: user.id,
          from: req.body.from,
          to: req.body.to,
          serviceId: req.body.service_id ?? null,
          customerIds: req.body.customer_ids ?? [],
          description: req.body.description ?? null,
        };
        const run = await createRun(db, input);
        const job = await jobs.enqueue(
          INVOICE_GENERATION_JOB,
          { ...input, runId: run.id },
          {
            actor: { id: user.id, companyId: user.companyId },
          },
        );
        return { message: INVOICE_MSG.generationStarted, run_id: run.id, job_id: job.id };
      },
    });
  },
};
