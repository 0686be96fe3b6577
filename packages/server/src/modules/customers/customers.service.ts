import { ACTION, can, type GrantSet, SECTION } from '@backhaul/shared';
import { orNull } from '@backhaul/shared/modules/customers/contact-fields';
import {
  ALL_CUSTOMERS,
  CUSTOMER_SERVICES,
  type CustomerCard,
  type CustomerContact,
  type CustomerDetails,
  CustomerDetailsSchema,
  type CustomerException,
  type CustomerFormOptions,
  type CustomerFormOutput,
  CustomerFormSchema,
  FIND_US_OPTIONS,
  FROZEN,
  FROZEN_LABELS,
  type Option,
} from '@backhaul/shared/modules/customers/customers.contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { users } from '../../platform/auth/auth.table';
import { AppError } from '../../platform/errors';
import { fileJson } from '../../platform/files/files.routes';
import type { FilesService } from '../../platform/files/files.service';
import { files } from '../../platform/files/files.table';
import { references } from '../../platform/module-hooks';
import { defineRecord } from '../../platform/record/define-record';
import { createRecord, deleteRecord, updateRecord } from '../../platform/record/record.service';
import { applyDraftedDeletions } from '../../platform/registry/drafted-deletions';
import { factoringCompanies, listFactoringOptions } from '../factoring';
import { contactTypes } from '../settings';
import { customerContacts, customerExceptions, customers } from './customers.table';

export const CUSTOMERS_ENTITY = 'customers';

export const CUSTOMER_MSG = {
  divisionIdRequired: 'The Division ID is required to update a customer.',
  divisionIdOnCreate: 'A new customer has no Division ID yet.',
  unknownManager: 'Choose a sale manager of the company.',
  unknownFactoring: 'Choose a factoring company of the list.',
  balance: 'The customer has an open balance; settle it before deleting.',
} as const;

type CustomerRecord = typeof customers.$inferSelect;

/** The row scope as drizzle conditions (the list engine uses the SQL twin in customers.list.ts). */
const scoped = (user: AuthUser, id?: number) =>
  and(
    eq(customers.companyId, user.companyId),
    user.customerId === null ? undefined : eq(customers.id, user.customerId),
    id === undefined ? undefined : eq(customers.id, id),
  );

const detailsSelect = {
  record: customers,
  saleManager: users.name,
  factoringCompany: sql<
    string | null
  >`(select f.name from ${factoringCompanies} f where f.id = ${customers.factoringCompanyId})`,
};

function toDetails(r: {
  record: CustomerRecord;
  saleManager: string | null;
  factoringCompany: string | null;
}): Omit<CustomerDetails, 'contacts'> {
  const c = r.record;
  return {
    id: c.id,
    name: c.name,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    sale_manager: r.saleManager,
    sale_manager_id: c.saleManagerId,
    email: c.email,
    phone: c.phone,
    frozen: c.frozen,
    services: c.services.join(', '),
    services_list: c.services,
    balance: c.balanceCents / 100,
    find_us: c.findUs,
    mc_number: c.mcNumber,
    dot_number: c.dotNumber,
    address: c.address,
    city: c.city,
    state: c.state,
    zip: c.zip,
    factoring_company_id: c.factoringCompanyId,
    factoring_company: r.factoringCompany,
  };
}

/** A customer's contacts with their type's name (Settings → Contact types, read by table name). */
async function contactsOf(db: DbOrTx, customerId: number): Promise<CustomerContact[]> {
  return rowsOf<CustomerContact>(
    db,
    sql`select cc.id, ct.id as type_id, ct.name as type, cc.name, cc.phone, cc.email
        from customer_contacts cc left join ${contactTypes} ct on ct.id = cc.type_id
        where cc.customer_id = ${customerId} order by cc.id`,
  );
}

async function findDetails(db: DbOrTx, user: AuthUser, id: number): Promise<CustomerDetails> {
  const [row] = await db
    .select(detailsSelect)
    .from(customers)
    .leftJoin(users, eq(users.id, customers.saleManagerId))
    .where(scoped(user, id));
  if (!row) throw AppError.notFound();
  return { ...toDetails(row), contacts: await contactsOf(db, id) };
}

/**
 * The customer filter list other screens use (001 §3, §9): 'All' with id 0 first, then the
 * customers the caller may see by name (a customer user: its own only).
 */
export async function listCustomerOptions(db: Db, user: AuthUser, opts: { all?: boolean } = {}): Promise<Option[]> {
  const rows = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(scoped(user))
    .orderBy(asc(customers.name));
  return opts.all === false ? rows : [{ ...ALL_CUSTOMERS }, ...rows];
}

export async function formOptions(db: Db, user: AuthUser): Promise<CustomerFormOptions> {
  const managers = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, user.companyId), isNull(users.customerId), eq(users.active, true)))
    .orderBy(asc(users.name));
  return {
    sale_managers: managers,
    factoring_companies: await listFactoringOptions(db, user.companyId),
    services: [...CUSTOMER_SERVICES],
    find_us: [...FIND_US_OPTIONS],
    frozen: Object.entries(FROZEN_LABELS).map(([id, name]) => ({ id: Number(id), name })),
    contact_types: await rowsOf<{ id: number; name: string }>(
      db,
      sql`select id, name from ${contactTypes} where company_id = ${user.companyId} order by name`,
    ),
  };
}

async function exceptionsOf(db: DbOrTx, customerId: number): Promise<CustomerException[]> {
  const rows = await db
    .select()
    .from(customerExceptions)
    .where(eq(customerExceptions.customerId, customerId))
    .orderBy(asc(customerExceptions.id));
  return rows.map((e) => ({ id: e.id, text: e.text, created_at: e.createdAt.toISOString() }));
}

/**
 * The drivers, trucks, trailers, trips… of a customer belong to modules above this one (they point
 * at customers): each registers its count here from its routes, so customers never reads their
 * tables. They hold the customer: its delete is refused naming them (the record's `heldBy`).
 */
export const customerLinks = references();
// Its users (a platform table): the customer's own logins.
customerLinks.register('users', (id) => sql`select count(*) from users where customer_id = ${id}`);

async function countLinks(db: DbOrTx, customerId: number) {
  const id = sql`${customerId}`;
  const [row] = await rowsOf<{ drivers: number; trucks: number; trailers: number }>(
    db,
    sql`select ${customerLinks.count('drivers', id)} as drivers, ${customerLinks.count('trucks', id)} as trucks,
      ${customerLinks.count('trailers', id)} as trailers`,
  );
  return row ?? { drivers: 0, trucks: 0, trailers: 0 };
}

/** GET /customers/:id: the card with exceptions, files and what is linked to the customer. */
export async function getCard(db: Db, user: AuthUser, id: number): Promise<CustomerCard> {
  const customer = await findDetails(db, user, id);
  const fileRows = await db
    .select()
    .from(files)
    .where(and(eq(files.entity, CUSTOMERS_ENTITY), eq(files.entityId, String(id)), eq(files.companyId, user.companyId)))
    .orderBy(asc(files.id));
  const { drivers, trucks, trailers } = await countLinks(db, id);
  return {
    customer,
    exceptions: await exceptionsOf(db, id),
    files: fileRows.map(fileJson),
    counts: { drivers, trucks, trailers },
  };
}

export async function getDescription(db: Db, user: AuthUser, id: number) {
  const customer = await findDetails(db, user, id);
  const description = await exceptionsOf(db, id);
  return { id, name: customer.name, description, count: description.length };
}

async function checkReferences(db: DbOrTx, user: AuthUser, form: CustomerFormOutput) {
  const errors: Record<string, string[]> = {};
  if (form.sale_manager_id !== null) {
    const [m] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, form.sale_manager_id), eq(users.companyId, user.companyId), isNull(users.customerId)));
    if (!m) errors.sale_manager_id = [CUSTOMER_MSG.unknownManager];
  }
  if (form.factoring_company_id !== null) {
    const options = await listFactoringOptions(db, user.companyId);
    if (!options.some((o) => o.id === form.factoring_company_id))
      errors.factoring_company_id = [CUSTOMER_MSG.unknownFactoring];
  }
  const typeIds = form.contacts.flatMap((c) => (c.type_id === null ? [] : [c.type_id]));
  if (typeIds.length) {
    const known = new Set(
      (
        await rowsOf<{ id: number }>(
          db,
          sql`select id from ${contactTypes} where company_id = ${user.companyId} and id in ${typeIds}`,
        )
      ).map((r) => Number(r.id)),
    );
    form.contacts.forEach((c, i) => {
      if (c.type_id !== null && !known.has(c.type_id)) errors[`contacts.${i}.type_id`] = ['Choose from the list.'];
    });
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

const columnsOf = (form: CustomerFormOutput) => ({
  name: form.name,
  email: orNull(form.email),
  phone: orNull(form.phone),
  mcNumber: orNull(form.mc_number),
  dotNumber: orNull(form.dot_number),
  address: orNull(form.address),
  city: orNull(form.city),
  state: orNull(form.state),
  zip: orNull(form.zip),
  saleManagerId: form.sale_manager_id,
  factoringCompanyId: form.factoring_company_id,
  frozen: form.frozen,
  services: [...new Set(form.services)],
  findUs: orNull(form.find_us),
});

/**
 * A customer (001 §3): the company's; a customer user reaches only its own. New exception texts
 * are added with the save; deletions are drafts sent to /customers/deleteExceptions.
 */
export const customerRecord = defineRecord({
  table: customers,
  section: SECTION.Customers,
  scope: { row: (user) => (user.customerId === null ? undefined : eq(customers.id, user.customerId)) },
  form: CustomerFormSchema,
  row: CustomerDetailsSchema,
  toRow: (c, { tx, user }) => findDetails(tx, user, c.id),
  toValues: columnsOf,
  children: [
    {
      table: customerExceptions,
      owner: customerExceptions.customerId,
      field: 'exceptions',
      rows: (form, { user }) => form.exceptions.map((text) => ({ values: { text, createdBy: user.id } })),
    },
    {
      table: customerContacts,
      owner: customerContacts.customerId,
      field: 'contacts',
      errorKey: 'name',
      notOwned: 'This contact does not belong to the customer.',
      remove: (form) => form.contacts_removed,
      removeField: 'contacts_removed',
      rows: (form) =>
        form.contacts.map((c) => ({
          id: c.id,
          values: { typeId: c.type_id, name: c.name, phone: orNull(c.phone), email: orNull(c.email?.toLowerCase()) },
        })),
    },
  ],
  hooks: {
    beforeSave: ({ tx, user, form }) => checkReferences(tx, user, form),
    beforeDelete: ({ before }) => {
      if (before.balanceCents !== 0) throw AppError.precondition(CUSTOMER_MSG.balance);
    },
  },
  // Rows still pointing at the customer refuse its delete; Frozen is how it stops instead.
  heldBy: customerLinks,
  active: (c) => c.frozen !== FROZEN.Frozen,
});

/**
 * POST /customers/:type: create, or update keyed by division_id (001 §3). Create needs 8 and is
 * never open to a customer user; update needs 9 and stays inside the caller's row scope.
 */
export async function saveCustomer(
  db: Db,
  auth: { user: AuthUser; grants: GrantSet },
  type: 'create' | 'update',
  form: CustomerFormOutput,
): Promise<CustomerDetails> {
  const { user, grants } = auth;
  const action = type === 'create' ? ACTION.CREATE : ACTION.EDIT;
  if (!can(grants, { section: SECTION.Customers, action })) throw AppError.forbidden();
  if (type === 'update' && form.division_id === undefined)
    throw AppError.invalidField('division_id', CUSTOMER_MSG.divisionIdRequired);
  if (type === 'create' && form.division_id !== undefined)
    throw AppError.invalidField('division_id', CUSTOMER_MSG.divisionIdOnCreate);
  if (type === 'create' && user.customerId !== null) throw AppError.forbidden();
  return form.division_id === undefined
    ? createRecord(db, customerRecord, user, form)
    : updateRecord(db, customerRecord, user, form.division_id, form);
}

/**
 * DELETE /customers/:id. A customer still carrying drivers, trucks, trailers, users, trips… is
 * refused (412 'Deletion error: …' naming them, counted: its `heldBy`), and so is one with an open
 * balance: deleting it would orphan them. Its exceptions and contacts go with it (cascade).
 */
export async function deleteCustomer(db: Db, filesService: FilesService, user: AuthUser, id: number): Promise<void> {
  await deleteRecord(db, customerRecord, user, id);
  // Its documents go with it: rows (audited), then bytes.
  await filesService.sweepOrphans({ owner: customers, id, actor: user });
}

/** The one customer all drafted ids belong to, inside the caller's scope (else 422). */
async function ownerOfDrafts(db: Db, user: AuthUser, owners: Array<number | string>): Promise<number> {
  const distinct = [...new Set(owners.map(Number))];
  if (distinct.length !== 1 || !Number.isInteger(distinct[0]))
    throw AppError.invalidField('ids', 'One of the selected records does not belong here.');
  const id = distinct[0] as number;
  const [mine] = await db.select({ id: customers.id }).from(customers).where(scoped(user, id));
  if (!mine) throw AppError.invalidField('ids', 'One of the selected records does not belong here.');
  return id;
}

/** POST /customers/deleteExceptions: the card's drafted exception deletions, all or none. */
export async function deleteExceptions(db: Db, user: AuthUser, ids: number[]): Promise<number> {
  const rows = await db
    .select({ customerId: customerExceptions.customerId })
    .from(customerExceptions)
    .where(inArray(customerExceptions.id, ids));
  const ownerId = await ownerOfDrafts(
    db,
    user,
    rows.map((r) => r.customerId),
  );
  return applyDraftedDeletions(db, {
    actor: user,
    table: customerExceptions,
    ids,
    ownerColumn: customerExceptions.customerId,
    ownerId,
  });
}

/** POST /customers/deleteFail: the card's drafted file deletions, all or none; bytes removed after. */
export async function deleteFiles(db: Db, filesService: FilesService, user: AuthUser, ids: number[]): Promise<number> {
  const rows = await db
    .select()
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.entity, CUSTOMERS_ENTITY), eq(files.companyId, user.companyId)));
  if (rows.length !== new Set(ids).size)
    throw AppError.invalidField('ids', 'One of the selected records does not belong here.');
  const ownerId = await ownerOfDrafts(
    db,
    user,
    rows.map((r) => r.entityId),
  );
  const deleted = await applyDraftedDeletions(db, {
    actor: user,
    table: files,
    ids,
    ownerColumn: files.entityId,
    ownerId,
  });
  for (const f of rows) await filesService.storage.remove(f.storageKey).catch(() => {});
  return deleted;
}
