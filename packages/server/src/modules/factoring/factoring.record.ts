import { SECTION } from '@backhaul/shared';
import { orNull } from '@backhaul/shared/modules/customers/contact-fields';
import {
  type FactoringDetails,
  FactoringFormSchema,
  type FactoringNote,
  FactoringRecordSchema,
} from '@backhaul/shared/modules/factoring/factoring.contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import { references } from '../../platform/module-hooks';
import { defineRecord } from '../../platform/record/define-record';
import { factoringCompanies, factoringNotes } from './factoring.table';

export const FACTORING_MSG = {
  inUse: (n: number) =>
    `The factoring company is set on ${n} customer${n === 1 ? '' : 's'}; choose another one for them first.`,
} as const;

const toDetails = (f: typeof factoringCompanies.$inferSelect): FactoringDetails => ({
  id: f.id,
  name: f.name,
  phone: f.phone,
  fax: f.fax,
  address: f.address,
  city: f.city,
  percent: f.percentMilli / 1000,
  email: f.email,
  state: f.state,
  zip: f.zip,
  payment_type: f.paymentType,
});

async function notesOf(db: DbOrTx, id: number): Promise<FactoringNote[]> {
  const rows = await db
    .select({ id: factoringNotes.id, text: factoringNotes.text, createdAt: factoringNotes.createdAt, by: users.name })
    .from(factoringNotes)
    .leftJoin(users, eq(users.id, factoringNotes.createdBy))
    .where(eq(factoringNotes.factoringCompanyId, id))
    .orderBy(asc(factoringNotes.id));
  return rows.map((n) => ({ id: n.id, text: n.text, created_at: n.createdAt.toISOString(), created_by: n.by }));
}

/** Customers (a module above this one) point at factoring companies: they register their count from their routes. */
export const factoringUses = references();

/** A factoring company (000 §7) with its notes, added and removed with the save. */
export const factoringRecord = defineRecord({
  table: factoringCompanies,
  section: SECTION.FactoringCompanies,
  form: FactoringFormSchema,
  row: FactoringRecordSchema,
  toRow: async (f, { tx }) => ({ factoring: toDetails(f), notes_rows: await notesOf(tx, f.id) }),
  audit: toDetails,
  toValues: (form) => ({
    name: form.name,
    phone: orNull(form.phone),
    fax: orNull(form.fax),
    email: orNull(form.email),
    address: orNull(form.address),
    city: orNull(form.city),
    state: orNull(form.state),
    zip: orNull(form.zip),
    percentMilli: form.percent,
    paymentType: orNull(form.payment_type),
  }),
  children: [
    {
      table: factoringNotes,
      owner: factoringNotes.factoringCompanyId,
      field: 'new_notes',
      remove: (form) => form.remove_notes,
      removeField: 'remove_notes',
      rows: (form, { user }) => form.new_notes.map((text) => ({ values: { text, createdBy: user.id } })),
    },
  ],
  hooks: {
    // A factoring company still set on customers cannot be deleted (412).
    beforeDelete: async ({ tx, id }) => {
      const [used] = await rowsOf<{ n: number }>(tx, sql`select ${factoringUses.total(sql`${id}`)} as n`);
      if (used && used.n > 0) throw AppError.precondition(FACTORING_MSG.inUse(used.n));
    },
  },
});
