import { orNull } from '@backhaul/shared/modules/customers/contact-fields';
import {
  type FactoringDetails,
  type FactoringFormOutput,
  type FactoringNote,
  PAYMENT_TYPES,
} from '@backhaul/shared/modules/factoring/factoring.contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import { factoringCompanies, factoringNotes } from './factoring.table';

type FactoringRecord = typeof factoringCompanies.$inferSelect;

export const FACTORING_MSG = {
  inUse: (n: number) =>
    `The factoring company is set on ${n} customer${n === 1 ? '' : 's'}; choose another one for them first.`,
} as const;

const toDetails = (f: FactoringRecord): FactoringDetails => ({
  id: f.id,
  name: f.name,
  phone: f.phone,
  fax: f.fax,
  address: f.address,
  city: f.city,
  percent: f.percentBp / 100,
  email: f.email,
  state: f.state,
  zip: f.zip,
  payment_type: f.paymentType,
});

const columnsOf = (form: FactoringFormOutput) => ({
  name: form.name,
  phone: orNull(form.phone),
  fax: orNull(form.fax),
  email: orNull(form.email),
  address: orNull(form.address),
  city: orNull(form.city),
  state: orNull(form.state),
  zip: orNull(form.zip),
  percentBp: form.percent,
  paymentType: orNull(form.payment_type),
});

async function findFactoring(db: DbOrTx, user: AuthUser, id: number): Promise<FactoringRecord> {
  const [row] = await db
    .select()
    .from(factoringCompanies)
    .where(and(eq(factoringCompanies.id, id), eq(factoringCompanies.companyId, user.companyId)));
  if (!row) throw AppError.notFound();
  return row;
}

async function notesOf(db: DbOrTx, id: number): Promise<FactoringNote[]> {
  const rows = await db
    .select({ id: factoringNotes.id, text: factoringNotes.text, createdAt: factoringNotes.createdAt, by: users.name })
    .from(factoringNotes)
    .leftJoin(users, eq(users.id, factoringNotes.createdBy))
    .where(eq(factoringNotes.factoringCompanyId, id))
    .orderBy(asc(factoringNotes.id));
  return rows.map((n) => ({ id: n.id, text: n.text, created_at: n.createdAt.toISOString(), created_by: n.by }));
}

export async function getFactoring(db: Db, user: AuthUser, id: number) {
  const row = await findFactoring(db, user, id);
  return { factoring: toDetails(row), notes_rows: await notesOf(db, id), payment_type: [...PAYMENT_TYPES] };
}

export async function countFactoring(db: Db, user: AuthUser): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(factoringCompanies)
    .where(eq(factoringCompanies.companyId, user.companyId));
  return row?.n ?? 0;
}

/** Options for other forms (e.g. the customer's factoring company). */
export async function listFactoringOptions(db: Db, companyId: number) {
  return db
    .select({ id: factoringCompanies.id, name: factoringCompanies.name })
    .from(factoringCompanies)
    .where(eq(factoringCompanies.companyId, companyId))
    .orderBy(asc(factoringCompanies.name));
}

/** Create (id null) or update, with the notes added and removed in the same transaction. */
export async function saveFactoring(db: Db, user: AuthUser, id: number | null, form: FactoringFormOutput) {
  const before = id === null ? null : await findFactoring(db, user, id);
  return db.transaction(async (tx) => {
    const [saved] = before
      ? await tx
          .update(factoringCompanies)
          .set({ ...columnsOf(form), updatedAt: new Date() })
          .where(eq(factoringCompanies.id, before.id))
          .returning()
      : await tx
          .insert(factoringCompanies)
          .values({ companyId: user.companyId, ...columnsOf(form) })
          .returning();
    if (!saved) throw new AppError('internal', 'Factoring company not saved');
    if (form.remove_notes.length) {
      const removed = await tx
        .delete(factoringNotes)
        .where(and(inArray(factoringNotes.id, form.remove_notes), eq(factoringNotes.factoringCompanyId, saved.id)))
        .returning();
      if (removed.length !== new Set(form.remove_notes).size)
        throw AppError.invalidField('remove_notes', 'One of the selected notes does not belong here.');
      for (const note of removed)
        await writeAudit(tx, {
          actor: user,
          entity: 'factoring_notes',
          entityId: note.id,
          action: 'delete',
          before: note,
        });
    }
    if (form.new_notes.length) {
      const added = await tx
        .insert(factoringNotes)
        .values(form.new_notes.map((text) => ({ factoringCompanyId: saved.id, text, createdBy: user.id })))
        .returning();
      for (const note of added)
        await writeAudit(tx, {
          actor: user,
          entity: 'factoring_notes',
          entityId: note.id,
          action: 'create',
          after: note,
        });
    }
    const details = toDetails(saved);
    await writeAudit(tx, {
      actor: user,
      entity: 'factoring',
      entityId: saved.id,
      action: before ? 'update' : 'create',
      before: before ? toDetails(before) : null,
      after: details,
    });
    return { factoring: details, notes_rows: await notesOf(tx, saved.id) };
  });
}

/** A factoring company still set on customers cannot be deleted (412). */
export async function deleteFactoring(db: Db, user: AuthUser, id: number): Promise<void> {
  const before = await findFactoring(db, user, id);
  const used = (await db.execute(
    sql`select count(*)::int as n from customers where factoring_company_id = ${id} and company_id = ${user.companyId}`,
  )) as unknown as { rows: Array<{ n: number }> };
  const n = used.rows[0]?.n ?? 0;
  if (n > 0) throw AppError.precondition(FACTORING_MSG.inUse(n));
  await db.transaction(async (tx) => {
    await tx.delete(factoringCompanies).where(eq(factoringCompanies.id, id));
    await writeAudit(tx, {
      actor: user,
      entity: 'factoring',
      entityId: id,
      action: 'delete',
      before: toDetails(before),
    });
  });
}
