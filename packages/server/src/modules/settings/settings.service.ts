import {
  type AccountSettings,
  type AccountSettingsForm,
  MOTIVATION_DEFAULTS,
  PAY_DEFAULTS,
  SETTINGS_SAVED,
  SHOP_DEFAULTS,
  type SystemSettings,
  type SystemSettingsForm,
  USER_PAGE_SIZES,
  type UserAccountSettings,
} from '@backhaul/shared/modules/settings/settings.contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { departments, users } from '../../platform/auth/auth.table';
import { companies } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import { accountingServices } from '../accounting-services';
import { trailerTypeOptions } from '../general';
import { replaceRecipients as replaceTruckRoadRecipients, recipients as truckRoadRecipients } from '../truck-road';
import { departmentsResource } from './settings.records';
import { companySettings, userPreferences, workSchedules } from './settings.table';

/** What a company starts with before anyone saves (the offline mileage's fitted road factor). */
const SYSTEM_DEFAULTS = (companyName: string): SystemSettingsForm => ({
  setting: { company_name: companyName, default_page_size: 20 },
  maps: { provider: 'offline', road_factor: 1.104 },
  trailer_type: { default_id: null },
  report_contacts: [],
  statistics_data: { sales_person_id: null, manager_id: null, after_hours: null, shift_id: null },
  dispatcher: { default_dispatcher_id: null, default_trip_status: '' },
  trucksOnTheRoad: [],
});

const ACCOUNT_DEFAULTS = {
  setting: { remit_to: '', invoice_prefix: '', next_invoice_number: 1, payment_terms_days: 15 },
  default_service_id: null as number | null,
  zelleAccount: { name: '', email: '', phone: '' },
  /** Cents. */
  pay: { min_weekly_pay: Math.round(PAY_DEFAULTS.min_weekly_pay * 100) },
  /** Markup in hundredths of a percent (15 % = 1500). */
  shop: {
    sublet_markup_bp: Math.round(SHOP_DEFAULTS.sublet_markup_percent * 100),
    labor_taxable: SHOP_DEFAULTS.labor_taxable as boolean,
  },
  motivation: { safe_driving_min_miles: MOTIVATION_DEFAULTS.safe_driving_min_miles as number },
};
type StoredAccount = typeof ACCOUNT_DEFAULTS;

async function stored(db: DbOrTx, companyId: number, lock = false) {
  const q = db.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

async function companyName(db: DbOrTx, companyId: number): Promise<string> {
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return c?.name ?? '';
}

/** The system settings as saved (defaults where nothing is saved yet): what other screens read. */
export async function readSystemSettings(db: DbOrTx, companyId: number): Promise<SystemSettingsForm> {
  const row = await stored(db, companyId);
  const defaults = SYSTEM_DEFAULTS(await companyName(db, companyId));
  const saved = (row?.system ?? {}) as Partial<SystemSettingsForm>;
  // The trucks-on-the-road recipients have one home, the truck-road module's list (its send dialog
  // keeps it too); what was once saved here is ignored.
  return { ...defaults, ...saved, trucksOnTheRoad: await truckRoadRecipients(db, companyId) };
}

const departmentList = (db: DbOrTx, companyId: number) =>
  db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.companyId, companyId))
    .orderBy(asc(departments.name));

/** GET /settings/system and /settings/new-system-settings. */
export async function getSystemSettings(db: DbOrTx, user: AuthUser): Promise<SystemSettings> {
  const [values, depts, people, trailerTypes, shifts] = await Promise.all([
    readSystemSettings(db, user.companyId),
    departmentList(db, user.companyId),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.companyId, user.companyId), eq(users.active, true), isNull(users.customerId)))
      .orderBy(asc(users.name)),
    trailerTypeOptions(db, user),
    db
      .select({ id: workSchedules.id, name: workSchedules.name })
      .from(workSchedules)
      .where(eq(workSchedules.companyId, user.companyId))
      .orderBy(asc(workSchedules.startTime)),
  ]);
  return {
    ...values,
    departments: depts,
    options: { users: people, trailer_types: trailerTypes.map((t) => ({ id: t.value, name: t.label })), shifts },
  };
}

/** The chosen ids must be the company's own; 422 on the field otherwise. */
async function checkRefs(db: DbOrTx, user: AuthUser, form: SystemSettingsForm) {
  const settings = await getSystemSettings(db, user);
  const has = (list: Array<{ id: number }>, id: number | null) => id === null || list.some((o) => o.id === id);
  const errors: Record<string, string[]> = {};
  const check = (ok: boolean, field: string) => {
    if (!ok) errors[field] = ['Choose from the list.'];
  };
  check(has(settings.options.trailer_types, form.trailer_type.default_id), 'trailer_type.default_id');
  check(has(settings.options.users, form.statistics_data.sales_person_id), 'statistics_data.sales_person_id');
  check(has(settings.options.users, form.statistics_data.manager_id), 'statistics_data.manager_id');
  check(has(settings.options.shifts, form.statistics_data.shift_id), 'statistics_data.shift_id');
  check(has(settings.options.users, form.dispatcher.default_dispatcher_id), 'dispatcher.default_dispatcher_id');
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/** POST /settings/system and /settings/new-system-settings: saved whole, audited. */
export async function saveSystemSettings(db: Db, user: AuthUser, form: SystemSettingsForm) {
  await checkRefs(db, user, form);
  await db.transaction(async (tx) => {
    const before = await stored(tx, user.companyId, true);
    await tx
      .insert(companySettings)
      .values({ companyId: user.companyId, system: form })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { system: form, updatedAt: new Date() } });
    await replaceTruckRoadRecipients(tx, user.companyId, form.trucksOnTheRoad);
    // The company's name is the one documents and mails print.
    await tx.update(companies).set({ name: form.setting.company_name }).where(eq(companies.id, user.companyId));
    await writeAudit(tx, {
      actor: user,
      entity: 'system_settings',
      entityId: user.companyId,
      action: 'update',
      before: before?.system ?? null,
      after: form,
    });
  });
  return { message: SETTINGS_SAVED, ...(await getSystemSettings(db, user)) };
}

/** GET /settings/departments. */
export const getDepartments = async (db: DbOrTx, user: AuthUser) => ({
  departments: await departmentList(db, user.companyId),
});

/**
 * POST /settings/departments: the whole list in one transaction — rows with an id renamed, rows
 * without one added, the company's departments missing from the list deleted (refused, all or
 * nothing, when something still uses one).
 */
export async function saveDepartments(db: Db, user: AuthUser, rows: Array<{ id?: number | undefined; name: string }>) {
  const names = rows.map((r) => r.name.toLowerCase());
  const dup = names.findIndex((n, i) => names.indexOf(n) !== i);
  if (dup >= 0) throw AppError.invalidField(`departments.${dup}.name`, `${rows[dup]?.name} is already in the list.`);
  await db.transaction(async (tx) => {
    const current = await tx.select().from(departments).where(eq(departments.companyId, user.companyId)).for('update');
    const known = new Map(current.map((d) => [d.id, d]));
    rows.forEach((r, i) => {
      if (r.id !== undefined && !known.has(r.id))
        throw AppError.invalidField(`departments.${i}.id`, 'This department is not in the list.');
    });
    const keep = rows.flatMap((r) => (r.id === undefined ? [] : [r.id]));
    const gone = current.filter((d) => !keep.includes(d.id));
    const { hooks } = departmentsResource.record;
    for (const d of gone) await hooks?.beforeDelete?.({ tx, user, id: d.id, before: d });
    if (gone.length)
      await tx.delete(departments).where(
        and(
          eq(departments.companyId, user.companyId),
          inArray(
            departments.id,
            gone.map((d) => d.id),
          ),
        ),
      );
    for (const r of rows) {
      if (r.id === undefined) await tx.insert(departments).values({ companyId: user.companyId, name: r.name });
      else if (known.get(r.id)?.name !== r.name)
        await tx.update(departments).set({ name: r.name }).where(eq(departments.id, r.id));
    }
    const after = await departmentList(tx, user.companyId);
    await writeAudit(tx, {
      actor: user,
      entity: 'departments',
      entityId: user.companyId,
      action: 'update',
      before: current.map((d) => ({ id: d.id, name: d.name })),
      after,
    });
  });
  return { message: SETTINGS_SAVED, ...(await getDepartments(db, user)) };
}

async function readAccount(db: DbOrTx, companyId: number): Promise<StoredAccount> {
  const row = await stored(db, companyId);
  const saved = (row?.account ?? {}) as Partial<StoredAccount>;
  return { ...ACCOUNT_DEFAULTS, ...saved };
}

/** What an invoice prints about paying: the remit-to address, the Zelle account and the terms. */
export async function invoicePaymentDetails(db: DbOrTx, companyId: number) {
  const account = await readAccount(db, companyId);
  return {
    remitTo: account.setting.remit_to,
    zelle: account.zelleAccount,
    termsDays: account.setting.payment_terms_days,
    defaultServiceId: account.default_service_id,
  };
}

/** The pay rules statements follow (cents). */
export async function payRules(db: DbOrTx, companyId: number): Promise<{ minWeeklyPayCents: number }> {
  const account = await readAccount(db, companyId);
  return { minWeeklyPayCents: account.pay?.min_weekly_pay ?? ACCOUNT_DEFAULTS.pay.min_weekly_pay };
}

/** Shop billing rules: the markup on vendors' (sublet) invoices in basis points, and whether labour is taxed. */
export async function shopRules(
  db: DbOrTx,
  companyId: number,
): Promise<{ subletMarkupBasisPoints: number; laborTaxable: boolean }> {
  const shop = { ...ACCOUNT_DEFAULTS.shop, ...(await readAccount(db, companyId)).shop };
  return { subletMarkupBasisPoints: shop.sublet_markup_bp, laborTaxable: shop.labor_taxable };
}

/** The motivation programme's rules: the miles a driver must drive in the month for the safe-driving bonus. */
export async function motivationRules(db: DbOrTx, companyId: number): Promise<{ safeDrivingMinMiles: number }> {
  const motivation = { ...ACCOUNT_DEFAULTS.motivation, ...(await readAccount(db, companyId)).motivation };
  return { safeDrivingMinMiles: motivation.safe_driving_min_miles };
}

/** The company's payment terms in days (invoices' due dates read it). */
export async function paymentTermsDays(db: DbOrTx, companyId: number): Promise<number> {
  return (await readAccount(db, companyId)).setting.payment_terms_days;
}

/** GET /settings/account: accounting settings, services (status, name, default) and the Zelle account. */
export async function getAccountSettings(db: DbOrTx, user: AuthUser): Promise<AccountSettings> {
  const account = await readAccount(db, user.companyId);
  const services = await db
    .select({ id: accountingServices.id, name: accountingServices.name, status: accountingServices.status })
    .from(accountingServices)
    .where(eq(accountingServices.companyId, user.companyId))
    .orderBy(asc(accountingServices.id));
  return {
    setting: account.setting,
    service: services.map((s) => ({ ...s, default: s.id === account.default_service_id })),
    zelleAccount: account.zelleAccount,
    pay: { min_weekly_pay: (account.pay?.min_weekly_pay ?? ACCOUNT_DEFAULTS.pay.min_weekly_pay) / 100 },
    shop: {
      sublet_markup_percent: (account.shop?.sublet_markup_bp ?? ACCOUNT_DEFAULTS.shop.sublet_markup_bp) / 100,
      labor_taxable: account.shop?.labor_taxable ?? ACCOUNT_DEFAULTS.shop.labor_taxable,
    },
    motivation: {
      safe_driving_min_miles:
        account.motivation?.safe_driving_min_miles ?? ACCOUNT_DEFAULTS.motivation.safe_driving_min_miles,
    },
  };
}

/**
 * POST /settings/account: services are renamed, (de)activated or added — never deleted, since
 * invoices point at them; status 0 retires one.
 */
export async function saveAccountSettings(db: Db, user: AuthUser, form: AccountSettingsForm) {
  await db.transaction(async (tx) => {
    const before = await getAccountSettings(tx, user);
    const ids = form.service.flatMap((s) => (s.id === undefined ? [] : [s.id]));
    const mine = ids.length
      ? await tx
          .select({ id: accountingServices.id })
          .from(accountingServices)
          .where(and(eq(accountingServices.companyId, user.companyId), inArray(accountingServices.id, ids)))
      : [];
    form.service.forEach((s, i) => {
      if (s.id !== undefined && !mine.some((m) => m.id === s.id))
        throw AppError.invalidField(`service.${i}.id`, 'This service is not in the list.');
    });
    let defaultId: number | null = null;
    for (const s of form.service) {
      let id = s.id;
      if (id === undefined) {
        const [made] = await tx
          .insert(accountingServices)
          .values({ companyId: user.companyId, name: s.name, status: s.status })
          .returning({ id: accountingServices.id });
        id = made?.id;
      } else
        await tx
          .update(accountingServices)
          .set({ name: s.name, status: s.status })
          .where(eq(accountingServices.id, id));
      if (s.default && id !== undefined) defaultId = id;
    }
    const account: StoredAccount = {
      setting: form.setting,
      default_service_id: defaultId,
      zelleAccount: form.zelleAccount,
      pay: { min_weekly_pay: form.pay.min_weekly_pay },
      shop: {
        sublet_markup_bp: Math.round(form.shop.sublet_markup_percent * 100),
        labor_taxable: form.shop.labor_taxable,
      },
      motivation: { safe_driving_min_miles: form.motivation.safe_driving_min_miles },
    };
    await tx
      .insert(companySettings)
      .values({ companyId: user.companyId, account })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { account, updatedAt: new Date() } });
    await writeAudit(tx, {
      actor: user,
      entity: 'account_settings',
      entityId: user.companyId,
      action: 'update',
      before,
      after: form,
    });
  });
  return { message: SETTINGS_SAVED, ...(await getAccountSettings(db, user)) };
}

/** GET /settings/user-account: the caller's page size, the company's (when saved) and the choices. */
export async function getUserAccountSettings(db: DbOrTx, user: AuthUser): Promise<UserAccountSettings> {
  const [[pref], row] = await Promise.all([
    db.select({ pageSize: userPreferences.pageSize }).from(userPreferences).where(eq(userPreferences.userId, user.id)),
    stored(db, user.companyId),
  ]);
  const company = (row?.system as Partial<SystemSettingsForm> | null)?.setting?.default_page_size ?? null;
  return { page_size: pref?.pageSize ?? null, company_page_size: company, page_sizes: [...USER_PAGE_SIZES] };
}

/** POST /settings/user-account: the caller's own preferences, audited; nobody saves another's. */
export async function saveUserAccountSettings(db: Db, user: AuthUser, form: { page_size: number | null }) {
  await db.transaction(async (tx) => {
    const before = await getUserAccountSettings(tx, user);
    await tx
      .insert(userPreferences)
      .values({ userId: user.id, pageSize: form.page_size })
      .onConflictDoUpdate({ target: userPreferences.userId, set: { pageSize: form.page_size, updatedAt: new Date() } });
    await writeAudit(tx, {
      actor: user,
      entity: 'user_preferences',
      entityId: user.id,
      action: 'update',
      before: { page_size: before.page_size },
      after: form,
    });
  });
  return { message: SETTINGS_SAVED, ...(await getUserAccountSettings(db, user)) };
}

/**
 * Takes the next `count` invoice numbers of the company (Accounting settings: prefix and next
 * number) and moves the counter past them, in the caller's transaction: the settings row's lock
 * makes parallel invoices take distinct numbers.
 */
export async function allocateInvoiceNumbers(tx: DbOrTx, companyId: number, count: number): Promise<string[]> {
  if (count <= 0) return [];
  await tx.execute(sql`insert into company_settings (company_id) values (${companyId}) on conflict do nothing`);
  const [row] = await rowsOf<{ first: number; prefix: string }>(
    tx,
    sql`update company_settings set
          account = coalesce(account, '{}'::jsonb) || jsonb_build_object('setting',
            coalesce(account->'setting', ${JSON.stringify(ACCOUNT_DEFAULTS.setting)}::jsonb)
            || jsonb_build_object('next_invoice_number',
                 coalesce((account->'setting'->>'next_invoice_number')::int, 1) + ${count}::int)),
          updated_at = now()
        where company_id = ${companyId}
        returning (account->'setting'->>'next_invoice_number')::int - ${count}::int as first,
                  coalesce(account->'setting'->>'invoice_prefix', '') as prefix`,
  );
  const first = Number(row?.first ?? 1);
  return Array.from({ length: count }, (_, i) => `${row?.prefix ?? ''}${first + i}`);
}
