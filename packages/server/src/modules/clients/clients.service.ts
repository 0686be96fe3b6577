import {
  checkImportRows,
  type ImportError,
  type ImportRow,
  LEAD_STATUSES,
  type LeadEditResponse,
  type LeadKind,
} from '@backhaul/shared/modules/clients/clients.contract';
import { orNull } from '@backhaul/shared/modules/customers/contact-fields';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { findRecord } from '../../platform/record/record.service';
import { listCustomerOptions } from '../customers';
import { LEAD_RECORDS, toLeadRow } from './clients.record';
import { salesLeadDescriptions, salesLeadInvoices, salesLeads } from './clients.table';

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

async function existingMcs(db: DbOrTx, user: AuthUser, kind: LeadKind): Promise<Set<string>> {
  const rows = await db
    .select({ mc: salesLeads.mc })
    .from(salesLeads)
    .where(and(eq(salesLeads.companyId, user.companyId), eq(salesLeads.kind, kind), isNotNull(salesLeads.mc)));
  return new Set(rows.map((r) => r.mc as string));
}

/** POST …/import: the parsed rows and every row's errors; nothing is saved. */
export async function checkImport(db: Db, user: AuthUser, kind: LeadKind, rows: ImportRow[]) {
  const { errors } = checkImportRows(rows, await existingMcs(db, user, kind));
  return { rows, errors };
}

const importErrorFields = (rows: readonly ImportRow[], errors: readonly ImportError[]) => {
  const fields: Record<string, string[]> = {};
  for (const e of errors) {
    const index = rows.findIndex((r) => r.row === e.row);
    const key = `rows.${index}.${e.field}`;
    fields[key] = [...(fields[key] ?? []), `Row ${e.row}: ${e.message}`];
  }
  return fields;
};

/** POST …/saveImport: saves every row only when none has an error (else 422 listing them), in one transaction. */
export async function saveImport(db: Db, user: AuthUser, kind: LeadKind, rows: ImportRow[]): Promise<number> {
  return db.transaction(async (tx) => {
    const { errors, leads } = checkImportRows(rows, await existingMcs(tx, user, kind));
    if (errors.length) throw AppError.validation(importErrorFields(rows, errors));
    const saved = await tx
      .insert(salesLeads)
      .values(
        leads.map((l) => ({
          companyId: user.companyId,
          kind,
          mc: orNull(l.mc),
          truckQuantity: l.truck_quantity,
          carrier: l.carrier,
          contact: orNull(l.contact),
          phone: orNull(l.phone),
          email: orNull(l.email),
          comment: orNull(l.comment),
          customerId: user.customerId,
        })),
      )
      .returning();
    for (const lead of saved)
      await writeAudit(tx, {
        actor: user,
        entity: LEAD_RECORDS[kind].entity,
        entityId: lead.id,
        action: 'import',
        after: toLeadRow(lead),
      });
    return saved.length;
  });
}
