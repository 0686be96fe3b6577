import { SECTION } from '@backhaul/shared';
import type { RouteModule } from '../../platform/http/types';
import type { ListDefinition } from '../../platform/list/define-list';
import { registerListRoute } from '../../platform/list/list.routes';
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
      registerListRoute(app, db, def, { url: `${path}/list`, access, tags, filters: { url: `${path}/filters` } });
    }
  },
};
