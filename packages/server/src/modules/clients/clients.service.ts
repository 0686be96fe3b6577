import { LEAD_STATUSES, type LeadEditResponse, type LeadKind } from '@backhaul/shared/modules/clients/clients.contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { findRecord } from '../../platform/record/record.service';
import { listCustomerOptions } from '../customers';
import { LEAD_RECORDS, toLeadRow } from './clients.record';
import { salesLeadDescriptions, salesLeadInvoices } from './clients.table';

/** GET /clients and GET /clients/create (optional customer_id): the form's choices. */
export async function startLead(db: Db, user: AuthUser, customerId: number | null) {
  const customers = await listCustomerOptions(db, user, { all: false });
  if (customerId !== null && !customers.some((c) => c.id === customerId)) throw AppError.notFound();
  return { statuses: [...LEAD_STATUSES], customers, row: { customer_id: customerId, status: 'New' } };
}

export async function editLead(db: Db, user: AuthUser, kind: LeadKind, id: number): Promise<LeadEditResponse> {
  const lead = await findRecord(db, LEAD_RECORDS[kind], user, id);
  const descriptions = await db
    .select()
    .from(salesLeadDescriptions)
    .where(eq(salesLeadDescriptions.leadId, id))
    .orderBy(asc(salesLeadDescriptions.id));
  const invoices = await db
    .select()
    .from(salesLeadInvoices)
    .where(eq(salesLeadInvoices.leadId, id))
    .orderBy(asc(salesLeadInvoices.id));
  return {
    row: { ...toLeadRow(lead), customer_id: lead.customerId },
    descriptions: descriptions.map((d) => ({ id: d.id, text: d.text, created_at: d.createdAt.toISOString() })),
    invoices: invoices.map((i) => ({ id: i.id, number: i.number, amount: i.amountCents / 100, issued_on: i.issuedOn })),
    statuses: [...LEAD_STATUSES],
  };
}
