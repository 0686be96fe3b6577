import { SECTION } from '@backhaul/shared';
import { addDays } from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Mailer } from '../../platform/mail/mailer';
import { DUE_WINDOW_DAYS } from '../../platform/registry/expiry';
import { drivers } from '../drivers';
import { trailers } from '../trailers';
import { trucks } from '../trucks';
import { type DigestItem, expiryDigestMail } from './expiry-digest.template';

export const EXPIRY_DIGEST_JOB = 'expiry-digest.daily';
export const EXPIRY_DIGEST_MSG = {
  sent: (recipients: number, items: number) =>
    `Expiry digest sent to ${recipients} recipient${recipients === 1 ? '' : 's'} (${items} item${items === 1 ? '' : 's'}).`,
  nothingDue: 'Nothing falls due in the next 30 days: no digest was sent.',
  noRecipients: 'No active user holds the Safety section: no digest was sent.',
} as const;

/**
 * Another module's dates that fall due (a driver's qualification file, a unit's preventive
 * maintenance): it answers its items due on or before `horizon` (overdue ones included).
 */
export type DueSource = (db: DbOrTx, companyId: number, today: string, horizon: string) => Promise<DigestItem[]>;
const sources = new Map<string, DueSource>();

/** Adds a module's due dates to the digest and to every reader of `collectDueItems` (registered from its routes). */
export function registerDueSource(name: string, source: DueSource): void {
  sources.set(name, source);
}

/**
 * What falls due within 30 days or is overdue on `today` (a company-time YYYY-MM-DD): active
 * drivers' CDL and medical card, active trucks' and trailers' annual inspection and registration,
 * and what other modules register (`registerDueSource`). Trucks and trailers are read straight
 * from their tables (read-only).
 */
export async function collectDueItems(db: DbOrTx, companyId: number, today: string): Promise<DigestItem[]> {
  const [own, ...others] = await Promise.all([
    ownDueItems(db, companyId, today),
    ...[...sources.values()].map((source) => source(db, companyId, today, addDays(today, DUE_WINDOW_DAYS))),
  ]);
  // One order whatever order the sources read their rows in (the answer's ETag depends on it).
  return [...(own ?? []), ...others.flat()].sort(
    (a, b) =>
      a.dueOn.localeCompare(b.dueOn) ||
      a.kind.localeCompare(b.kind) ||
      a.unit.localeCompare(b.unit) ||
      (a.detail ?? '').localeCompare(b.detail ?? '') ||
      a.entity.localeCompare(b.entity) ||
      a.entityId - b.entityId,
  );
}

async function ownDueItems(db: DbOrTx, companyId: number, today: string): Promise<DigestItem[]> {
  const horizon = sql`${today}::date + ${DUE_WINDOW_DAYS}::int`;
  const rows = await rowsOf<{
    kind: string;
    unit: string;
    detail: string | null;
    due_on: string;
    days: number;
    entity: DigestItem['entity'];
    entity_id: number;
  }>(
    db,
    sql`
      select kind, unit, detail, due_on::text as due_on, (due_on - ${today}::date)::int as days, entity, entity_id from (
        select 'Driver CDL' as kind, d.name as unit, d.cdl_number as detail, d.cdl_expires_on as due_on,
            'driver' as entity, d.id as entity_id
          from ${drivers} d where d.company_id = ${companyId} and d.active
        union all
        select 'Driver medical card', d.name, null, d.medical_card_expires_on, 'driver', d.id
          from ${drivers} d where d.company_id = ${companyId} and d.active
        union all
        select 'Truck annual inspection', 'Truck ' || t.truck_number, null, t.annual_inspection_date, 'truck', t.id
          from ${trucks} t where t.company_id = ${companyId} and t.status = 'active'
        union all
        select 'Truck registration', 'Truck ' || t.truck_number, t.plate, t.registration_expires_on, 'truck', t.id
          from ${trucks} t where t.company_id = ${companyId} and t.status = 'active'
        union all
        select 'Trailer annual inspection', 'Trailer ' || r.trailer_number, null, r.annual_inspection_date, 'trailer', r.id
          from ${trailers} r where r.company_id = ${companyId} and r.status = 'active'
        union all
        select 'Trailer registration', 'Trailer ' || r.trailer_number, r.plate, r.registration_expires_on, 'trailer', r.id
          from ${trailers} r where r.company_id = ${companyId} and r.status = 'active'
      ) due
      where due_on is not null and due_on <= ${horizon}
      order by due_on, kind, unit`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    unit: r.unit,
    detail: r.detail,
    dueOn: r.due_on,
    days: Number(r.days),
    entity: r.entity,
    entityId: Number(r.entity_id),
  }));
}

/** Active users of the company whose role grants the Safety section (54) itself. */
export async function safetyRecipients(db: Db, companyId: number): Promise<Array<{ email: string; name: string }>> {
  return rowsOf(
    db,
    sql`select distinct u.email, u.name from users u
      join role_permissions rp on rp.role_id = u.permission_role_id
      where u.company_id = ${companyId} and u.active and rp.section_id = ${SECTION.Safety} and rp.action_id = 0
      order by u.email`,
  );
}

/** Mails the digest of one company to each safety user; nothing is sent when nothing is due. */
export async function sendExpiryDigest(opts: {
  db: Db;
  mailer: Mailer;
  companyId: number;
  today: string;
  createdBy?: number | null;
}): Promise<{ recipients: number; items: number; message: string }> {
  const items = await collectDueItems(opts.db, opts.companyId, opts.today);
  if (items.length === 0) return { recipients: 0, items: 0, message: EXPIRY_DIGEST_MSG.nothingDue };
  const recipients = await safetyRecipients(opts.db, opts.companyId);
  if (recipients.length === 0) return { recipients: 0, items: items.length, message: EXPIRY_DIGEST_MSG.noRecipients };
  const [company] = await rowsOf<{ name: string }>(
    opts.db,
    sql`select name from companies where id = ${opts.companyId}`,
  );
  for (const r of recipients) {
    const mail = expiryDigestMail({
      company: company?.name ?? 'Backhaul',
      recipient: r.name,
      today: opts.today,
      items,
    });
    await opts.mailer.send({ ...mail, to: r.email, companyId: opts.companyId, createdBy: opts.createdBy ?? null });
  }
  return {
    recipients: recipients.length,
    items: items.length,
    message: EXPIRY_DIGEST_MSG.sent(recipients.length, items.length),
  };
}

/** The daily job: every company's digest for the day it was scheduled for. */
export async function sendAllDigests(db: Db, mailer: Mailer, today: string) {
  const companies = await rowsOf<{ id: number }>(db, sql`select id from companies order by id`);
  const results = [];
  for (const c of companies)
    results.push({ company: c.id, ...(await sendExpiryDigest({ db, mailer, companyId: c.id, today })) });
  return results;
}
