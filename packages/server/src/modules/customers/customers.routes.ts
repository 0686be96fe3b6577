import {
  ACTION,
  DraftedIdsBodySchema,
  DraftedIdsResponseSchema,
  IdParamsSchema,
  MessageBodySchema,
  MSG,
  SECTION,
} from '@backhaul/shared';
import {
  CUSTOMER_SERVICE_RATES_URL,
  CustomerCardSchema,
  CustomerDescriptionSchema,
  CustomerFormOptionsSchema,
  CustomerFormSchema,
  CustomerSaveResponseSchema,
  CustomerServiceRatesBodySchema,
  CustomerServiceRatesSavedSchema,
  CustomerServiceRatesSchema,
  CustomerTypeSchema,
  GetCustomersBodySchema,
  GetCustomersResponseSchema,
} from '@backhaul/shared/modules/customers/customers.contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/access';
import { caller } from '../../platform/auth/guard';
import { userLinks } from '../../platform/auth/user.record';
import { AppError } from '../../platform/errors';
import { sectionFileAccess } from '../../platform/files/file-entities';
import type { RouteModule } from '../../platform/http/types';
import { registerRegistryListRoutes } from '../../platform/registry/registry-routes';
import { factoringCompanies, factoringUses } from '../factoring';
import { customersList, customersLog } from './customers.list';
import { customerServiceRates, saveCustomerServiceRates } from './customers.rates';
import * as customersService from './customers.service';
import { customers as customersTable } from './customers.table';

const can = (action?: number | number[], match?: 'all') => ({
  section: SECTION.Customers,
  ...(action ? { action } : {}),
  ...(match ? { match } : {}),
});
/** A customer user reaches only its own customer's records (files included). */
const inScope = (auth: AuthContext, customerId: string) =>
  auth.user.customerId === null || String(auth.user.customerId) === customerId;

/**
 * Customers (001 §7): the /{section} pattern (GET/POST /customers and /customers/list, DELETE,
 * description, settings and export through the generic routes), the card, create-or-update by
 * type, the change log, drafted deletions and the customer filter list /getCustomers.
 */
export const customersRoutes: RouteModule = {
  name: 'customers',
  register(app, { database: { db }, files }) {
    // A factoring company customers still use is kept.
    factoringUses.register(
      'customers',
      (id) => sql`select count(*) from customers c join ${factoringCompanies} f on f.id = c.factoring_company_id
        where f.id = ${id} and c.company_id = f.company_id`,
    );
    // A user who is customers' sale manager is kept (made inactive instead).
    userLinks.register('customers', (id) => sql`select count(*) from customers c where c.sale_manager_id = ${id}`);
    const tags = ['Customers'];
    const base = sectionFileAccess(SECTION.Customers);
    files.registerEntity(customersService.CUSTOMERS_ENTITY, {
      view: (auth, id) => inScope(auth, id) && base.view(auth, id),
      upload: (auth, id) => inScope(auth, id) && Boolean(base.upload?.(auth, id)),
      remove: (auth, id) => inScope(auth, id) && Boolean(base.remove?.(auth, id)),
      owner: customersTable,
    });

    // POST /customers/list and /customers, GET /customers/list (GET /customers is the form's options),
    // the list filters' options alone (the web asks once, then keeps them) and Actions history (9 and 10).
    registerRegistryListRoutes(app, db, {
      prefix: '/customers',
      list: customersList,
      changeLog: customersLog,
      tags,
      postUrls: ['/customers/list', '/customers'],
      getUrls: ['/customers/list'],
      filters: { request: { limit: 1, with_options: true } },
    });

    // GET /customers: what the create and edit form chooses from.
    app.get('/customers', {
      config: { access: can() },
      schema: { tags, response: { 200: CustomerFormOptionsSchema } },
      handler: async (req) => customersService.formOptions(db, caller(req).user),
    });

    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/getCustomers',
        // The register puts it under Customers: holders of the section, inside their row scope. Other
        // screens' pickers get the customers they need from their own calls (e.g. GET /work-order/create).
        config: { access: can() },
        schema: { tags, response: { 200: GetCustomersResponseSchema } },
        handler: async (req) => {
          const body = GetCustomersBodySchema.safeParse(method === 'POST' ? (req.body ?? {}) : {});
          if (!body.success) throw AppError.invalidField('all', 'Use true or false.');
          return { customers: await customersService.listCustomerOptions(db, caller(req).user, body.data) };
        },
      });
    }

    app.get('/customers/description/:id', {
      config: { access: can() },
      schema: { tags, params: IdParamsSchema, response: { 200: CustomerDescriptionSchema } },
      handler: async (req) => customersService.getDescription(db, caller(req).user, req.params.id),
    });

    app.get('/customers/:id', {
      config: { access: can() },
      schema: { tags, params: IdParamsSchema, response: { 200: CustomerCardSchema } },
      handler: async (req) => customersService.getCard(db, caller(req).user, req.params.id),
    });

    // A customer's own rates for the accounting services (beyond the spec): read with the card, set by an editor.
    app.get(CUSTOMER_SERVICE_RATES_URL, {
      config: { access: can() },
      schema: { tags, params: IdParamsSchema, response: { 200: CustomerServiceRatesSchema } },
      handler: (req) => customerServiceRates(db, caller(req).user, req.params.id),
    });
    app.put(CUSTOMER_SERVICE_RATES_URL, {
      config: { access: can(ACTION.EDIT) },
      schema: {
        tags,
        params: IdParamsSchema,
        body: CustomerServiceRatesBodySchema,
        response: { 200: CustomerServiceRatesSavedSchema },
      },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        ...(await saveCustomerServiceRates(db, caller(req).user, req.params.id, req.body)),
      }),
    });

    // :type is create or update; the regex leaves /customers/settings and /export to the generic routes.
    app.post('/customers/:type(^create$|^update$)', {
      config: { access: can([ACTION.CREATE, ACTION.EDIT]) },
      schema: {
        tags,
        params: z.object({ type: CustomerTypeSchema }),
        body: CustomerFormSchema,
        response: { 200: CustomerSaveResponseSchema },
      },
      handler: async (req) => ({
        message: MSG.savingSuccess,
        customer: await customersService.saveCustomer(db, caller(req), req.params.type, req.body),
      }),
    });

    app.delete('/customers/:id', {
      config: { access: can(ACTION.DELETE) },
      schema: { tags, params: IdParamsSchema, response: { 200: MessageBodySchema } },
      handler: async (req) => {
        await customersService.deleteCustomer(db, files, caller(req).user, req.params.id);
        return { message: MSG.removalSuccess };
      },
    });

    app.post('/customers/deleteExceptions', {
      config: { access: can(ACTION.EDIT) },
      schema: { tags, body: DraftedIdsBodySchema, response: { 200: DraftedIdsResponseSchema } },
      handler: async (req) => ({
        message: MSG.removalSuccess,
        deleted: await customersService.deleteExceptions(db, caller(req).user, req.body.ids),
      }),
    });

    // "deleteFail" as the register writes it: the card's drafted file deletions.
    app.post('/customers/deleteFail', {
      config: { access: can([ACTION.FILE_DELETE, ACTION.DELETE]) },
      schema: { tags, body: DraftedIdsBodySchema, response: { 200: DraftedIdsResponseSchema } },
      handler: async (req) => ({
        message: MSG.removalSuccess,
        deleted: await customersService.deleteFiles(db, files, caller(req).user, req.body.ids),
      }),
    });
  },
};
