import { LEAD_IMPORT, type LeadKind } from '@backhaul/shared/modules/clients/clients.contract';
import { orNull } from '@backhaul/shared/modules/customers/contact-fields';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { ImportSpec } from '../../platform/import/import';
import { LEAD_RECORDS, toLeadRow } from './clients.record';
import { salesLeads } from './clients.table';

/** The leads spreadsheet of one kind: MCs already in that kind's list are duplicates; the platform audits the saved rows. */
export const leadImport = (kind: LeadKind): ImportSpec<typeof LEAD_IMPORT.columns> => ({
  definition: LEAD_IMPORT,
  async existing(db, user) {
    const rows = await db
      .select({ mc: salesLeads.mc })
      .from(salesLeads)
      .where(and(eq(salesLeads.companyId, user.companyId), eq(salesLeads.kind, kind), isNotNull(salesLeads.mc)));
    return { mc: new Set(rows.map((r) => r.mc as string)) };
  },
  async save(tx, user, leads) {
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
    return { entity: LEAD_RECORDS[kind].entity, rows: saved.map((lead) => ({ id: lead.id, after: toLeadRow(lead) })) };
  },
});
