import { SECTION } from '@backhaul/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineRecord } from '../../platform/record/define-record';
import { invoices } from './invoices.table';

/**
 * An invoice as the record engine sees it: the company's, and for a customer user only its own
 * customer's. Its writes are commands (create, revise, open, send, delete in invoices.service and
 * invoices.billing; postings in payments), which lock it through this record and audit it as
 * 'invoice' with the row before and after.
 */
export const invoiceRecord = defineRecord({
  table: invoices,
  section: SECTION.CustomerNotPaidInvoices,
  scope: { row: (user) => (user.customerId ? eq(invoices.customerId, user.customerId) : undefined) },
  form: z.object({}),
  row: z.unknown(),
  toRow: (record) => record,
  audit: (record) => record,
});
