import type { CityForm, CityRow } from '@backhaul/shared/modules/cities/cities.contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { lookupList } from '../../platform/list/run-list';
import { citiesList } from './cities.list';
import { cities } from './cities.table';

type CityRecord = typeof cities.$inferSelect;

const toRow = (c: CityRecord): CityRow => ({ id: c.id, city: c.city, zip_codes: c.zipCodes, state: c.state });
const actorOf = (user: AuthUser) => ({ id: user.id, companyId: user.companyId });
const normalizeZips = (zips: string) =>
  zips
    .split(',')
    .map((z) => z.trim())
    .filter(Boolean)
    .join(', ');

async function findCity(db: Db, id: number): Promise<CityRecord> {
  const [city] = await db.select().from(cities).where(eq(cities.id, id));
  if (!city) throw AppError.notFound();
  return city;
}

export async function getCity(db: Db, id: number): Promise<CityRow> {
  return toRow(await findCity(db, id));
}

async function assertUnique(db: Db, form: CityForm, exceptId?: number): Promise<void> {
  const same = and(
    eq(cities.state, form.state),
    sql`lower(${cities.city}) = lower(${form.city})`,
    exceptId ? ne(cities.id, exceptId) : undefined,
  );
  const [clash] = await db.select({ id: cities.id }).from(cities).where(same);
  if (clash) throw AppError.invalidField('city', `${form.city}, ${form.state} is already in the list.`);
}

export async function createCity(db: Db, user: AuthUser, form: CityForm): Promise<CityRow> {
  await assertUnique(db, form);
  return db.transaction(async (tx) => {
    const [city] = await tx
      .insert(cities)
      .values({ city: form.city, state: form.state, zipCodes: normalizeZips(form.zip_codes) })
      .returning();
    if (!city) throw new AppError('internal', 'City not created');
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: 'city',
      entityId: city.id,
      action: 'create',
      after: toRow(city),
    });
    return toRow(city);
  });
}

export async function updateCity(db: Db, user: AuthUser, id: number, form: CityForm): Promise<CityRow> {
  const before = await findCity(db, id);
  await assertUnique(db, form, id);
  return db.transaction(async (tx) => {
    const [city] = await tx
      .update(cities)
      .set({ city: form.city, state: form.state, zipCodes: normalizeZips(form.zip_codes), updatedAt: new Date() })
      .where(eq(cities.id, id))
      .returning();
    if (!city) throw AppError.notFound();
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: 'city',
      entityId: id,
      action: 'update',
      before: toRow(before),
      after: toRow(city),
    });
    return toRow(city);
  });
}

export async function deleteCity(db: Db, user: AuthUser, id: number): Promise<void> {
  const before = await findCity(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(cities).where(eq(cities.id, id));
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: 'city',
      entityId: id,
      action: 'delete',
      before: toRow(before),
    });
  });
}

/** The address pickers' lookup, through the list engine: by city name prefix or zip code, optionally within a state. */
export function lookupCities(
  db: Db,
  user: AuthUser,
  q: { search: string; state?: string | undefined; limit: number },
): Promise<CityRow[]> {
  return lookupList<CityRow>(db, citiesList, user, {
    text: q.search,
    limit: q.limit,
    columns: ['id', 'city', 'zip_codes', 'state'],
    filters: q.state ? { state: { values: [q.state.toUpperCase()] } } : {},
  });
}
