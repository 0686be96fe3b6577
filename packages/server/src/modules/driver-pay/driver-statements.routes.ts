import { ACTION, IdParamsSchema, SECTION } from '@backhaul/shared';
import {
  AdditionFormSchema,
  DriverPayBalancesSchema,
  SetAdditionSchema,
  StatementCreateOptionsSchema,
  StatementCreateSchema,
  StatementEditSchema,
  StatementEmailsSchema,
  StatementIndexSchema,
  StatementMessageSchema,
  StatementPayFormSchema,
  StatementPeriodSchema,
  StatementRowsSchema,
  StatementSavedSchema,
  StatementSendSchema,
  StatementSentSchema,
  StatementUpdateSchema,
  StatementWriteOffSchema,
} from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerListRoute } from '../../platform/list/list.routes';
import { driverPayBalances } from './driver-balances';
import { driverStatementsList } from './driver-statements.list';
import * as service from './driver-statements.service';
import * as mail from './statement-mail';

const can = (action?: number) => ({ section: SECTION.DriverStatements, ...(action ? { action } : {}) });

/** Accounting → Driver statements (001 §3, §4, §7): the register's 16 calls. */
export const driverStatementsRoutes: RouteModule = {
  name: 'driver-statements',
  register(app, { database: { db }, mailer }) {
    const tags = ['Driver statements'];
    registerListRoute(app, db, driverStatementsList, { url: '/drivers-statements/list', tags });

    app.get('/drivers-statements', {
      config: { access: can() },
      schema: { tags, response: { 200: StatementIndexSchema } },
      handler: (req) => service.statementIndex(db, caller(req).user),
    });
    app.get('/drivers-statements/create', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, response: { 200: StatementCreateOptionsSchema } },
      handler: (req) => service.createOptions(db, caller(req).user),
    });
    app.post('/drivers-statements/create', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: StatementPeriodSchema, response: { 200: StatementEditSchema } },
      handler: (req) => service.previewStatement(db, caller(req).user, req.body),
    });
    app.get('/drivers-statements/:id/edit', {
      config: { access: { anyOf: [can(ACTION.EDIT), can(ACTION.VIEW)] } },
      schema: { tags, params: IdParamsSchema, response: { 200: StatementEditSchema } },
      handler: (req) => service.editStatement(db, caller(req).user, req.params.id),
    });
    // Beyond the register (docs/spec-deviations.md): the PDF Send mails, downloaded; whoever may open the statement.
    app.get('/drivers-statements/:id/pdf', {
      config: { access: { anyOf: [can(ACTION.EDIT), can(ACTION.VIEW)] } },
      schema: { tags, summary: 'The statement as the PDF that Send mails (a download)', params: IdParamsSchema },
      handler: async (req, reply) => {
        const pdf = await mail.statementPdf(db, caller(req).user, req.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${pdf.name}"`)
          .send(pdf.data);
      },
    });
    // Beyond the register (docs/spec-deviations.md): the driver card's pay figures, and the final
    // statement a lease's end calls for (the escrow back within 45 days, 49 CFR 376.12(k)(6)).
    app.get('/drivers-statements/balances/:id', {
      config: { access: { anyOf: [can(ACTION.EDIT), can(ACTION.VIEW)] } },
      schema: {
        tags,
        summary: "The driver's cash advances outstanding, escrow fund and final statement due (the driver's card)",
        params: IdParamsSchema,
        response: { 200: DriverPayBalancesSchema },
      },
      handler: (req) => driverPayBalances(db, caller(req).user, req.params.id),
    });
    app.post('/drivers-statements/final/:id', {
      config: { access: can(ACTION.CREATE) },
      schema: {
        tags,
        summary: "The final statement of the driver's lease (id: the driver): every line left, the escrow returned",
        params: IdParamsSchema,
        response: { 200: StatementSavedSchema },
      },
      handler: (req) => service.createFinalStatement(db, caller(req).user, req.params.id),
    });
    app.post('/drivers-statements', {
      config: { access: can(ACTION.CREATE) },
      schema: { tags, body: StatementCreateSchema, response: { 200: StatementSavedSchema } },
      handler: (req) => service.createStatement(db, caller(req).user, req.body),
    });
    app.put('/drivers-statements/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, params: IdParamsSchema, body: StatementUpdateSchema, response: { 200: StatementSavedSchema } },
      handler: (req) => service.updateStatement(db, caller(req).user, req.params.id, req.body),
    });
    app.delete('/drivers-statements/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: StatementMessageSchema } },
      handler: (req) => service.deleteStatement(db, caller(req).user, req.params.id),
    });
    app.post('/drivers-statements/setAddition', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, body: SetAdditionSchema, response: { 200: StatementSavedSchema } },
      handler: (req) => service.setAddition(db, caller(req).user, req.body),
    });
    app.post('/drivers-statements/updateAddition/:id', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, params: IdParamsSchema, body: AdditionFormSchema, response: { 200: StatementSavedSchema } },
      handler: (req) => service.updateAddition(db, caller(req).user, req.params.id, req.body),
    });
    app.post('/drivers-statements/setPay/:id', {
      config: { access: can(ACTION.PAID) },
      schema: { tags, params: IdParamsSchema, body: StatementPayFormSchema, response: { 200: StatementSavedSchema } },
      handler: (req) => service.setPay(db, caller(req).user, req.params.id, req.body),
    });
    app.post('/drivers-statements/writeOff/:id', {
      config: { access: can(ACTION.PAID) },
      schema: {
        tags,
        summary: 'What the driver owes on a closed negative statement is written off, with the reason (audited)',
        params: IdParamsSchema,
        body: StatementWriteOffSchema,
        response: { 200: StatementSavedSchema },
      },
      handler: (req) => service.writeOff(db, caller(req).user, req.params.id, req.body.reason),
    });
    app.delete('/drivers-statements-payment/:id', {
      config: { access: can(ACTION.PAID) },
      schema: { tags, params: IdParamsSchema, response: { 200: StatementSavedSchema } },
      handler: (req) => service.deletePayment(db, caller(req).user, req.params.id),
    });
    app.post('/drivers-statements/getEmail', {
      config: { access: can(ACTION.SEND) },
      schema: { tags, body: StatementRowsSchema, response: { 200: StatementEmailsSchema } },
      handler: (req) => mail.statementEmails(db, caller(req).user, req.body.rows),
    });
    app.post('/drivers-statements/send', {
      config: { access: can(ACTION.SEND) },
      schema: { tags, body: StatementSendSchema, response: { 200: StatementSentSchema } },
      handler: (req) => mail.sendStatements(db, mailer, caller(req).user, req.body),
    });
  },
};
