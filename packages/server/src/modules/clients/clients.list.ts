import { SECTION } from '@backhaul/shared';
import {
  CANCELED,
  COMMENT_CLIP,
  LEAD_PATHS,
  LEAD_TITLES,
  type LeadKind,
} from '@backhaul/shared/modules/clients/clients.contract';
import { and, ne, sql } from 'drizzle-orm';
import { col } from '../../platform/list/columns';
import { defineList, type ListDefinition } from '../../platform/list/define-list';
import { LEAD_RECORDS } from './clients.record';
import { salesLeads } from './clients.table';

/**
 * One list per kind with the same columns (001 §3): id, updated_at, mc, truck_quantity, carrier,
 * contact, phone, email, comment (clipped at 500). Canceled rows have left the list (001 §4).
 * Potential clients and clients have no section of their own in the spec: they use Customers (6).
 */
function defineLeadsList(kind: LeadKind): ListDefinition {
  return defineList({
    key: LEAD_PATHS[kind],
    title: LEAD_TITLES[kind],
    section: SECTION.Customers,
    from: sql`sales_leads`,
    rowKey: sql`sales_leads.id`,
    base: (user) => and(LEAD_RECORDS[kind].scope(user), ne(salesLeads.status, CANCELED)),
    defaultSort: { sort: 'updated_at', order: 'desc' },
    columns: [
      col.id(sql`sales_leads.id`),
      {
        id: 'updated_at',
        priority: 6,
        title: 'Updated',
        sql: sql`sales_leads.updated_at`,
        filter: 'date',
        dateType: 'timestamp',
      },
      { id: 'mc', title: 'MC', sql: sql`sales_leads.mc`, filter: 'note', search: true },
      {
        id: 'truck_quantity',
        priority: 5,
        title: 'Trucks',
        sql: sql`sales_leads.truck_quantity`,
        filter: 'number',
        footer: 'sum',
        align: 'right',
        exportKind: 'number',
      },
      { id: 'carrier', title: 'Carrier', sql: sql`sales_leads.carrier`, filter: 'note', search: true, clip: 40 },
      { id: 'contact', priority: 3, title: 'Contact', sql: sql`sales_leads.contact`, filter: 'note', search: true },
      { id: 'phone', priority: 4, title: 'Phone', sql: sql`sales_leads.phone`, filter: 'note', search: true },
      { id: 'email', priority: 3, title: 'E-mail', sql: sql`sales_leads.email`, filter: 'note', search: true },
      {
        id: 'comment',
        priority: 6,
        title: 'Comment',
        sql: sql`sales_leads.comment`,
        filter: 'note',
        clip: COMMENT_CLIP,
        sortable: false,
      },
      { id: 'status', title: 'Status', sql: sql`sales_leads.status`, filter: 'list', hidden: true },
    ],
  });
}

export const LEAD_LISTS: Record<LeadKind, ListDefinition> = {
  potential: defineLeadsList('potential'),
  client: defineLeadsList('client'),
};
