import { SECTION } from '@backhaul/shared';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import type { ListDefinition } from '../../platform/list/define-list';
import { registerListRoute } from '../../platform/list/list.routes';
import { runList } from '../../platform/list/run-list';
import { arAgingList, customersBalanceList, receivableInvoicesList } from './receivables-reports.list';

const LISTS: ReadonlyArray<[string, ListDefinition]> = [
  ['/receivables/balances', customersBalanceList],
  ['/receivables/aging', arAgingList],
  ['/receivables/invoices', receivableInvoicesList],
];

/**
 * Receivables reports (beyond the register): the customers balance list (000 §3), the AR aging per
 * customer and the invoices behind each bucket. Each is `<path>/list` (POST, the list request) and
 * `<path>/filters`; settings and export go through the generic routes by list key. A customer user
 * sees its own customer only (the lists' base scope).
 */
export const receivablesReportsRoutes: RouteModule = {
  name: 'receivables-reports',
  register(app, { database: { db } }) {
    const tags = ['Receivables reports'];
    const access = { section: SECTION.CustomerNotPaidInvoices };
    for (const [path, def] of LISTS) {
      registerListRoute(app, db, def, { url: `${path}/list`, access, tags });
      app.post(`${path}/filters`, {
        config: { access },
        schema: { tags, body: z.unknown() },
        handler: async (req) => {
          const { filter } = await runList(db, def, caller(req).user, { limit: 1 });
          return { filter };
        },
      });
    }
  },
};
