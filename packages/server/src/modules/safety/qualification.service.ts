import { MSG, SECTION } from '@backhaul/shared';
import {
  completenessLabel,
  QUALIFICATION_FILE_ENTITY,
  type QUALIFICATION_KIND_KEYS,
  QUALIFICATION_KINDS,
  QUALIFICATION_MSG,
  type QualificationFileResponse,
  type QualificationItem,
  type QualificationItemFormOutput,
  QualificationItemFormSchema,
  type QualificationRecord,
  QualificationRecordSchema,
  type QualificationState,
  STORED_QUALIFICATION_KINDS,
  type StoredQualificationKind,
} from '@backhaul/shared/modules/safety/qualification.contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { DUE_WINDOW_DAYS } from '../../platform/registry/expiry';
import { driverScope, drivers } from '../drivers';
import type { DigestItem } from '../expiry-digest';
import { forgetExpiring } from './expiring-cache';
import { driverQualificationItems } from './safety.table';

type ItemRow = typeof driverQualificationItems.$inferSelect;

/** `date` plus `months` calendar months; the 31st of a shorter month falls back to its last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Whole days from `today` to `date` (negative when `date` is past). */
export const daysBetween = (today: string, date: string): number =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** missing without a record; expired before today; due within 30 days; valid otherwise (or without a date). */
export function itemState(present: boolean, expiresOn: string | null, today: string): QualificationState {
  if (!present) return 'missing';
  if (!expiresOn) return 'valid';
  const days = daysBetween(today, expiresOn);
  if (days < 0) return 'expired';
  return days <= DUE_WINDOW_DAYS ? 'due' : 'valid';
}

/** The expiry a form asks for: its own date, or the kind's validity after the date performed. */
export function expiryOf(form: Pick<QualificationItemFormOutput, 'kind' | 'performed_on' | 'expires_on'>) {
  if (form.expires_on) return form.expires_on;
  const months = QUALIFICATION_KINDS[form.kind].validMonths;
  return months ? addMonths(form.performed_on, months) : null;
}

/** The drivers a caller reaches (a customer user: its customer's only), as the drivers module scopes them. */
const driverReach = (user: AuthUser, id: unknown) =>
  sql`exists (select 1 from ${drivers} where ${drivers.id} = ${id} and ${driverScope(user)})`;

const toRecord = (r: ItemRow): QualificationRecord => ({
  id: r.id,
  driver_id: r.driverId,
  kind: r.kind,
  performed_on: r.performedOn,
  expires_on: r.expiresOn,
  note: r.note,
});

/** One record of a driver's qualification file, created under the driver (POST /drivers/:parentId/qualification). */
export const qualificationRecord = defineRecord({
  table: driverQualificationItems,
  section: SECTION.Safety,
  parent: { column: driverQualificationItems.driverId, reach: driverReach },
  form: QualificationItemFormSchema,
  row: QualificationRecordSchema,
  toRow: toRecord,
  toValues: (form: QualificationItemFormOutput, ctx) => ({
    kind: form.kind,
    performedOn: form.performed_on,
    expiresOn: expiryOf(form),
    note: form.note,
    ...(ctx.before ? {} : { createdBy: ctx.user.id }),
  }),
  hooks: {
    beforeSave: ({ form }) => {
      const expires = expiryOf(form);
      if (expires && expires < form.performed_on)
        throw AppError.invalidField('expires_on', QUALIFICATION_MSG.expiresBeforePerformed);
    },
    // The Expiring badge's kept answer (expiring-cache.ts) reads these items: it reads again.
    afterSave: ({ user }) => forgetExpiring(user.companyId),
    afterDelete: ({ user }) => forgetExpiring(user.companyId),
  },
  messages: { created: MSG.savingSuccess, updated: MSG.savingSuccess, deleted: MSG.removalSuccess },
});

/** The driver, if the caller reaches it (else 404). */
export async function driverOf(db: DbOrTx, user: AuthUser, driverId: number) {
  const [driver] = await rowsOf<{
    id: number;
    name: string;
    cdl_number: string | null;
    cdl_expires_on: string | null;
    medical_card_expires_on: string | null;
  }>(
    db,
    sql`select id, name, cdl_number, cdl_expires_on::text, medical_card_expires_on::text from ${drivers}
      where ${drivers.id} = ${driverId} and ${driverScope(user)}`,
  );
  if (!driver) throw AppError.notFound();
  return driver;
}

/** Whether a stored item's driver is one the caller reaches (for its files). */
export async function itemVisible(db: DbOrTx, user: AuthUser, itemId: string): Promise<boolean> {
  if (!/^\d+$/.test(itemId)) return false;
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select q.id from driver_qualification_items q join ${drivers} on ${drivers.id} = q.driver_id
      where q.id = ${Number(itemId)} and q.company_id = ${user.companyId} and ${driverScope(user)}`,
  );
  return Boolean(row);
}

/**
 * A driver's qualification file: the six items (the latest record of each stored kind, CDL and
 * medical card from the driver), every stored record, and how complete it is on `today`.
 */
export async function qualificationFile(
  db: DbOrTx,
  user: AuthUser,
  driverId: number,
  today = clock.today(),
): Promise<QualificationFileResponse> {
  const driver = await driverOf(db, user, driverId);
  const [records, files] = await Promise.all([
    rowsOf<{
      id: number;
      driver_id: number;
      kind: string;
      performed_on: string;
      expires_on: string | null;
      note: string;
    }>(
      db,
      sql`select id, driver_id, kind, performed_on::text, expires_on::text, note from driver_qualification_items
        where driver_id = ${driverId} and company_id = ${user.companyId}
        order by performed_on desc, id desc`,
    ),
    rowsOf<{ id: number; name: string; entity_id: string }>(
      db,
      sql`select f.id, f.original_name as name, f.entity_id from files f
        join driver_qualification_items q on f.entity_id = q.id::text
        where f.entity = ${QUALIFICATION_FILE_ENTITY} and f.company_id = ${user.companyId} and q.driver_id = ${driverId}
        order by f.id desc`,
    ),
  ]);
  const history = records.map((r) => ({ ...r, id: Number(r.id), driver_id: Number(r.driver_id) }));
  const filesOf = (id: number) =>
    files.filter((f) => f.entity_id === String(id)).map((f) => ({ id: Number(f.id), name: f.name }));
  const item = (
    kind: (typeof QUALIFICATION_KIND_KEYS)[number],
    found: { id: number | null; performed_on: string | null; expires_on: string | null; note: string } | null,
  ): QualificationItem => ({
    kind,
    label: QUALIFICATION_KINDS[kind].label,
    source: QUALIFICATION_KINDS[kind].stored ? 'file' : 'driver',
    id: found?.id ?? null,
    performed_on: found?.performed_on ?? null,
    expires_on: found?.expires_on ?? null,
    days_left: found?.expires_on ? daysBetween(today, found.expires_on) : null,
    state: itemState(found !== null, found?.expires_on ?? null, today),
    note: found?.note ?? '',
    files: found?.id ? filesOf(found.id) : [],
  });
  const onDriver = (expiresOn: string | null, note: string) =>
    expiresOn ? { id: null, performed_on: null, expires_on: expiresOn, note } : null;
  const items: QualificationItem[] = [
    item('cdl', onDriver(driver.cdl_expires_on, driver.cdl_number ? `CDL ${driver.cdl_number}` : '')),
    item('medical_card', onDriver(driver.medical_card_expires_on, '')),
    ...STORED_QUALIFICATION_KINDS.map((kind) => item(kind, history.find((r) => r.kind === kind) ?? null)),
  ];
  const counts = {
    total: items.length,
    present: items.filter((i) => i.state !== 'missing').length,
    expired: items.filter((i) => i.state === 'expired').length,
    due: items.filter((i) => i.state === 'due').length,
  };
  return {
    driver: { id: Number(driver.id), name: driver.name },
    today,
    items,
    history,
    completeness: {
      ...counts,
      complete: counts.present === counts.total && counts.expired === 0,
      label: completenessLabel(counts),
    },
  };
}

/**
 * The expiry digest's source (registered from the routes): the latest record of each stored kind
 * of every active driver, due on or before `horizon` (overdue included).
 */
export async function qualificationDueItems(
  db: DbOrTx,
  companyId: number,
  today: string,
  horizon: string,
): Promise<DigestItem[]> {
  const rows = await rowsOf<{ kind: StoredQualificationKind; unit: string; due_on: string; entity_id: number }>(
    db,
    sql`select q.kind, d.name as unit, q.expires_on::text as due_on, d.id as entity_id
      from (select distinct on (driver_id, kind) driver_id, kind, expires_on from driver_qualification_items
            where company_id = ${companyId} order by driver_id, kind, performed_on desc, id desc) q
      join ${drivers} d on d.id = q.driver_id and d.active
      where q.expires_on is not null and q.expires_on <= ${horizon}::date
      order by q.expires_on, d.name`,
  );
  return rows.map((r) => ({
    kind: `Driver ${QUALIFICATION_KINDS[r.kind]?.label ?? r.kind}`,
    unit: r.unit,
    detail: null,
    dueOn: r.due_on,
    days: daysBetween(today, r.due_on),
    entity: 'driver',
    entityId: Number(r.entity_id),
  }));
}
