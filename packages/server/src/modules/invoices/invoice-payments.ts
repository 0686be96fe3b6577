import type { SQL } from 'drizzle-orm';
import { sqlHook } from '../../platform/module-hooks';

/**
 * The day an invoice was last paid, as SQL over the invoice's id (the list's "Last payment"). The
 * payments module pays invoices, so it depends on this one; it provides this from its routes
 * instead of this module reading its table (no cycle).
 */
export const lastPayment = sqlHook<[invoiceId: SQL]>('the day an invoice was last paid');
