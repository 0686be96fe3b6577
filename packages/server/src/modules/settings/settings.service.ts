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
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { departments, users } from '../../platform/auth/auth.table';
import { clock, SQL_NOW } from '../../platform/clock';
import { companies } from '../../platform/companies/companies.table';
import { companyRecord } from '../../platform/companies/company.record';
import { AppError } from '../../platform/errors';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { deleteRecord, saveRecords } from '../../platform/record/record.service';
import { accountingServices, saveAccountingServices } from '../accounting-services';
import { trailerTypeOptions } from '../general';
import { departmentsResource } from './settings.records';
import { companySettings, userPreferences, workSchedules } from './settings.table';
import { truckRoadRecipients } from './truck-road-recipients';

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
    sublet_markup_milli: Math.round(SHOP_DEFAULTS.sublet_markup_percent * 1000),
    labor_taxable: SHOP_DEFAULTS.labor_taxable as boolean,
  },
  motivation: { safe_driving_min_miles: MOTIVATION_DEFAULTS.safe_driving_min_miles as number },
};
type StoredAccount = typeof ACCOUNT_DEFAULTS;

async function stored(db: DbOrTx, companyId: number) {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.companyId, companyId));
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
  return { ...defaults, ...saved, trucksOnTheRoad: await truckRoadRecipients().read(db, companyId) };
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

/** The system settings saved whole under the company's row lock, with the company's name and the truck-road recipients. */
const writeSystemSettings = defineCommand({
  action: 'update',
  run: async ({ tx, user, lock, audit, input: form }: CommandContext<SystemSettingsForm, typeof companies>) => {
    await lock(companyRecord, user.companyId);
    const before = await stored(tx, user.companyId);
    await tx
      .insert(companySettings)
      .values({ companyId: user.companyId, system: form })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { system: form, updatedAt: clock.now() } });
    await truckRoadRecipients().replace(tx, user.companyId, form.trucksOnTheRoad);
    // The company's name is the one documents and mails print.
    await tx.update(companies).set({ name: form.setting.company_name }).where(eq(companies.id, user.companyId));
    await audit({
      entity: companySettings,
      entityId: user.companyId,
      action: 'update',
      before: before?.system ?? null,
      after: form,
    });
  },
});

/** POST /settings/system and /settings/new-system-settings: saved whole, audited. */
export async function saveSystemSettings(db: Db, user: AuthUser, form: SystemSettingsForm) {
  await checkRefs(db, user, form);
  await runCommand(db, writeSystemSettings, user, form);
  return { message: SETTINGS_SAVED, ...(await getSystemSettings(db, user)) };
}

/** GET /settings/departments. */
export const getDepartments = async (db: DbOrTx, user: AuthUser) => ({
  departments: await departmentList(db, user.companyId),
});

type DepartmentRows = Array<{ id?: number | undefined; name: string }>;

/** A department batch error names the row as the caller sent it (`departments.<index in the list>.…`). */
function inListOrder(err: unknown, index: number[]): unknown {
  if (!(err instanceof AppError) || err.kind !== 'validation' || !err.fields) return err;
  const fields = Object.fromEntries(
    Object.entries(err.fields).map(([k, v]) => [
      k.replace(/^departments\.(\d+)\./, (_, n: string) => `departments.${index[Number(n)]}.`),
      v,
    ]),
  );
  return AppError.validation(fields, err.message);
}

/**
 * The company's departments locked (in id order), those missing from the list deleted through the
 * record (refused, all or nothing, while something uses one), then the new and renamed rows saved
 * as one batch of the record; each row audited as the department's own change.
 */
const writeDepartments = defineCommand({
  action: 'update',
  run: async ({ tx, user, lock, input: rows }: CommandContext<DepartmentRows, typeof departments>) => {
    const { record } = departmentsResource;
    const ids = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.companyId, user.companyId))
      .orderBy(asc(departments.id));
    const current = [];
    for (const { id } of ids) current.push(await lock(record, id));
    const known = new Map(current.map((d) => [d.id, d]));
    rows.forEach((r, i) => {
      if (r.id !== undefined && !known.has(r.id))
        throw AppError.invalidField(`departments.${i}.id`, 'This department is not in the list.');
    });
    const keep = new Set(rows.flatMap((r) => (r.id === undefined ? [] : [r.id])));
    for (const d of current) if (!keep.has(d.id)) await deleteRecord(tx, record, user, d.id);
    const changed = rows.flatMap((r, i) => (r.id === undefined || known.get(r.id)?.name !== r.name ? [i] : []));
    await saveRecords(
      tx,
      record,
      user,
      changed.map((i) => ({ id: rows[i]?.id ?? null, form: { name: rows[i]?.name ?? '' } })),
      { field: 'departments' },
    ).catch((err: unknown) => {
      throw inListOrder(err, changed);
    });
  },
});

/**
 * POST /settings/departments: the whole list in one transaction — rows with an id renamed, rows
 * without one added, the company's departments missing from the list deleted (refused, all or
 * nothing, when something still uses one).
 */
export async function saveDepartments(db: Db, user: AuthUser, rows: DepartmentRows) {
  const names = rows.map((r) => r.name.toLowerCase());
  const dup = names.findIndex((n, i) => names.indexOf(n) !== i);
  if (dup >= 0) throw AppError.invalidField(`departments.${dup}.name`, `${rows[dup]?.name} is already in the list.`);
  await runCommand(db, writeDepartments, user, rows);
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

/** Shop billing rules: the markup on vendors' (sublet) invoices in thousandths of a percent, and whether labour is taxed. */
export async function shopRules(
  db: DbOrTx,
  companyId: number,
): Promise<{ subletMarkupMilli: number; laborTaxable: boolean }> {
  const shop = { ...ACCOUNT_DEFAULTS.shop, ...(await readAccount(db, companyId)).shop };
  return { subletMarkupMilli: shop.sublet_markup_milli, laborTaxable: shop.labor_taxable };
}

/** The motivation programme's rules: the miles a driver must drive in the month for the safe-driving bonus. */
export async function motivationRules(db: DbOrTx, companyId: number): Promise<{ safeDrivingMinMiles: number }> {
  const motivation = { ...ACCOUNT_DEFAULTS.motivation, ...(await readAccount(db, companyId)).motivation };
  return { safeDrivingMinMiles: motivation.safe_driving_min_miles };
}

/**
 * The payment terms (days) saved in a company's accounting settings, as SQL over its id (null when
 * none is saved): the receivables lists compute due dates with it, row by row.
 */
export const savedPaymentTermsSql = (companyId: SQL): SQL =>
  sql`(select (cs.account->'setting'->>'payment_terms_days')::int from ${companySettings} cs where cs.company_id = ${companyId})`;

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
      sublet_markup_percent: (account.shop?.sublet_markup_milli ?? ACCOUNT_DEFAULTS.shop.sublet_markup_milli) / 1000,
      labor_taxable: account.shop?.labor_taxable ?? ACCOUNT_DEFAULTS.shop.labor_taxable,
    },
    motivation: {
      safe_driving_min_miles:
        account.motivation?.safe_driving_min_miles ?? ACCOUNT_DEFAULTS.motivation.safe_driving_min_miles,
    },
  };
}

/** The accounting settings saved whole under the company's row lock; the services through their module. */
const writeAccountSettings = defineCommand({
  action: 'update',
  run: async ({ tx, user, lock, audit, input: form }: CommandContext<AccountSettingsForm, typeof companies>) => {
    await lock(companyRecord, user.companyId);
    const before = await getAccountSettings(tx, user);
    const ids = await saveAccountingServices(tx, user.companyId, form.service);
    // The last row ticked as default is the default.
    const defaultId = ids.filter((_, i) => form.service[i]?.default).at(-1) ?? null;
    const account: StoredAccount = {
      setting: form.setting,
      default_service_id: defaultId,
      zelleAccount: form.zelleAccount,
      pay: { min_weekly_pay: form.pay.min_weekly_pay },
      shop: {
        sublet_markup_milli: Math.round(form.shop.sublet_markup_percent * 1000),
        labor_taxable: form.shop.labor_taxable,
      },
      motivation: { safe_driving_min_miles: form.motivation.safe_driving_min_miles },
    };
    await tx
      .insert(companySettings)
      .values({ companyId: user.companyId, account })
      .onConflictDoUpdate({ target: companySettings.companyId, set: { account, updatedAt: clock.now() } });
    await audit({ entity: companySettings, entityId: user.companyId, action: 'update', before, after: form });
  },
});

/**
 * POST /settings/account: services are renamed, (de)activated or added — never deleted, since
 * invoices point at them; status 0 retires one.
 */
export async function saveAccountSettings(db: Db, user: AuthUser, form: AccountSettingsForm) {
  await runCommand(db, writeAccountSettings, user, form);
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

const writeUserAccountSettings = defineCommand({
  action: 'update',
  run: async ({ tx, user, audit, input: form }: CommandContext<{ page_size: number | null }, typeof users>) => {
    const before = await getUserAccountSettings(tx, user);
    await tx
      .insert(userPreferences)
      .values({ userId: user.id, pageSize: form.page_size })
      .onConflictDoUpdate({
        target: userPreferences.userId,
        set: { pageSize: form.page_size, updatedAt: clock.now() },
      });
    await audit({
      entity: userPreferences,
      entityId: user.id,
      action: 'update',
      before: { page_size: before.page_size },
      after: form,
    });
  },
});

/** POST /settings/user-account: the caller's own preferences, audited; nobody saves another's. */
export async function saveUserAccountSettings(db: Db, user: AuthUser, form: { page_size: number | null }) {
  await runCommand(db, writeUserAccountSettings, user, form);
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
          updated_at = ${SQL_NOW}
        where company_id = ${companyId}
        returning (account->'setting'->>'next_invoice_number')::int - ${count}::int as first,
                  coalesce(account->'setting'->>'invoice_prefix', '') as prefix`,
  );
  const first = Number(row?.first ?? 1);
  return Array.from({ length: count }, (_, i) => `${row?.prefix ?? ''}${first + i}`);
}
