import { SECTION } from '@backhaul/shared';
import {
  LeadFormSchema,
  type LeadKind,
  type LeadRow,
  LeadRowSchema,
} from '@backhaul/shared/modules/clients/clients.contract';
import { orNull } from '@backhaul/shared/modules/customers/contact-fields';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { listCustomerOptions } from '../customers';
import { salesLeadDescriptions, salesLeadInvoices, salesLeads } from './clients.table';

export const toLeadRow = (l: typeof salesLeads.$inferSelect): LeadRow => ({
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

/**
 * A potential client or a client: one table told apart by `kind`; a customer user reaches only
 * its customer's leads. Descriptions and invoices are deleted in drafts (…/destroyDescription,
 * …/destroyInvoice).
 */
function defineLead(kind: LeadKind) {
  return defineRecord({
    table: salesLeads,
    section: SECTION.Customers,
    scope: {
      row: (user) =>
        and(
          eq(salesLeads.kind, kind),
          user.customerId === null ? undefined : eq(salesLeads.customerId, user.customerId),
        ),
    },
    form: LeadFormSchema,
    row: LeadRowSchema,
    toRow: toLeadRow,
    toValues: (form, { before, user }) => ({
      kind,
      mc: orNull(form.mc),
      truckQuantity: form.truck_quantity,
      carrier: form.carrier,
      contact: orNull(form.contact),
      phone: orNull(form.phone),
      email: orNull(form.email),
      comment: orNull(form.comment),
      status: form.status,
      customerId: (form.customer_id === undefined ? (before?.customerId ?? user.customerId) : form.customer_id) ?? null,
    }),
    children: [
      {
        table: salesLeadDescriptions,
        owner: salesLeadDescriptions.leadId,
        field: 'ids',
      },
      { table: salesLeadInvoices, owner: salesLeadInvoices.leadId, field: 'ids' },
    ],
    hooks: {
      beforeSave: async ({ tx, user, form, before }) => {
        const customerId = form.customer_id === undefined ? (before?.customerId ?? user.customerId) : form.customer_id;
        if (customerId === null) return;
        const allowed = await listCustomerOptions(tx, user, { all: false });
        if (!allowed.some((c) => c.id === customerId))
          throw AppError.invalidField('customer_id', 'Choose a customer of the list.');
      },
    },
  });
}

export const LEAD_RECORDS = { potential: defineLead('potential'), client: defineLead('client') } as const;
