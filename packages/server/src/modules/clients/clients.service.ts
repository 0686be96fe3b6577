import { MSG } from '@backhaul/shared';
import {
  CANCELED,
  LEAD_STATUSES,
  type LeadEditResponse,
  type LeadFormOutput,
  type LeadKind,
  type LeadRow,
} from '@backhaul/shared/modules/clients/clients.contract';
import { orNull } from '@backhaul/shared/modules/customers/contact-fields';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { applyDraftedDeletions } from '../../platform/registry/drafted-deletions';
import { listCustomerOptions } from '../customers';
import { salesLeadDescriptions, salesLeadInvoices, salesLeads } from './clients.table';

type LeadRecord = typeof salesLeads.$inferSelect;
/** The audit entity of each kind. */
export const LEAD_ENTITY: Record<LeadKind, string> = { potential: 'potential_clients', client: 'clients' };

export const leadRow = (l: LeadRecord): LeadRow => ({
  id: l.id,
  updated_at: l.updatedAt.toISOString(),
  mc: l.mc,
  truck_quantity: l.truckQuantity,
  carrier: l.carrier,
  contact: l.contact,
  phone: l.phone,
  email: l.email,
  comment: l.comment,
  status: l.status,
});

const scoped = (user: AuthUser, kind: LeadKind, id?: number) =>
  and(
    eq(salesLeads.companyId, user.companyId),
    eq(salesLeads.kind, kind),
    user.customerId === null ? undefined : eq(salesLeads.customerId, user.customerId),
    id === undefined ? undefined : eq(salesLeads.id, id),
  );

async function findLead(db: DbOrTx, user: AuthUser, kind: LeadKind, id: number): Promise<LeadRecord> {
  const [row] = await db
    .select()
    .from(salesLeads)
    .where(scoped(user, kind, id));
  if (!row) throw AppError.notFound();
  return row;
}

/** GET /clients and GET /clients/create (optional customer_id): the form's choices. */
export async function startLead(db: Db, user: AuthUser, customerId: number | null) {
  const customers = await listCustomerOptions(db, user, { all: false });
  if (customerId !== null && !customers.some((c) => c.id === customerId)) throw AppError.notFound();
  return { statuses: [...LEAD_STATUSES], customers, row: { customer_id: customerId, status: 'New' } };
}

export async function editLead(db: Db, user: AuthUser, kind: LeadKind, id: number): Promise<LeadEditResponse> {
  const lead = await findLead(db, user, kind, id);
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
    row: { ...leadRow(lead), customer_id: lead.customerId },
    descriptions: descriptions.map((d) => ({ id: d.id, text: d.text, created_at: d.createdAt.toISOString() })),
    invoices: invoices.map((i) => ({ id: i.id, number: i.number, amount: i.amountCents / 100, issued_on: i.issuedOn })),
    statuses: [...LEAD_STATUSES],
  };
}

const columnsOf = (form: LeadFormOutput) => ({
  mc: orNull(form.mc),
  truckQuantity: form.truck_quantity,
  carrier: form.carrier,
  contact: orNull(form.contact),
  phone: orNull(form.phone),
  email: orNull(form.email),
  comment: orNull(form.comment),
  status: form.status,
});

/**
 * Create, or update when an id is given (001 §4: create or update by whether the record has an id).
 * A row saved as Canceled is kept for the audit trail but leaves the list: `removed` tells the web.
 */
export async function saveLead(
  db: Db,
  user: AuthUser,
  kind: LeadKind,
  id: number | null,
  form: LeadFormOutput,
): Promise<{ message: string; row: LeadRow; removed: boolean }> {
  const before = id === null ? null : await findLead(db, user, kind, id);
  const customerId = form.customer_id === undefined ? (before?.customerId ?? user.customerId) : form.customer_id;
  if (customerId !== null && customerId !== undefined) {
    const allowed = await listCustomerOptions(db, user, { all: false });
    if (!allowed.some((c) => c.id === customerId))
      throw AppError.invalidField('customer_id', 'Choose a customer of the list.');
  }
  return db.transaction(async (tx) => {
    const values = { ...columnsOf(form), customerId: customerId ?? null };
    const [saved] = before
      ? await tx
          .update(salesLeads)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(salesLeads.id, before.id))
          .returning()
      : await tx
          .insert(salesLeads)
          .values({ companyId: user.companyId, kind, ...values })
          .returning();
    if (!saved) throw new AppError('internal', 'Lead not saved');
    const row = leadRow(saved);
    await writeAudit(tx, {
      actor: user,
      entity: LEAD_ENTITY[kind],
      entityId: saved.id,
      action: before ? 'update' : 'create',
      before: before ? leadRow(before) : null,
      after: row,
    });
    return { message: MSG.savingSuccess, row, removed: saved.status === CANCELED };
  });
}

export async function deleteLead(db: Db, user: AuthUser, kind: LeadKind, id: number): Promise<void> {
  const before = await findLead(db, user, kind, id);
  await db.transaction(async (tx) => {
    await tx.delete(salesLeads).where(eq(salesLeads.id, id));
    await writeAudit(tx, {
      actor: user,
      entity: LEAD_ENTITY[kind],
      entityId: id,
      action: 'delete',
      before: leadRow(before),
    });
  });
}

/** …/destroyDescription and …/destroyInvoice: drafted deletions of one lead's rows, all or none. */
export async function destroyDrafted(
  db: Db,
  user: AuthUser,
  kind: LeadKind,
  which: 'description' | 'invoice',
  ids: number[],
): Promise<number> {
  const table = which === 'description' ? salesLeadDescriptions : salesLeadInvoices;
  const leadColumn: AnyPgColumn = table.leadId;
  const owners = await db.select({ leadId: table.leadId }).from(table).where(inArray(table.id, ids));
  const leadIds = [...new Set(owners.map((o) => o.leadId))];
  const [leadId] = leadIds;
  if (leadIds.length !== 1 || leadId === undefined)
    throw AppError.invalidField('ids', 'One of the selected records does not belong here.');
  await findLead(db, user, kind, leadId).catch(() => {
    throw AppError.invalidField('ids', 'One of the selected records does not belong here.');
  });
  return applyDraftedDeletions(db, {
    actor: user,
    table,
    entity: which === 'description' ? 'sales_lead_descriptions' : 'sales_lead_invoices',
    ids,
    ownerColumn: leadColumn,
    ownerId: leadId,
  });
}
