import type { BrokerFormOutput, BrokerRow } from '@backhaul/shared/modules/brokers/brokers.contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { AppError } from '../../platform/errors';
import { lookupList } from '../../platform/list/run-list';
import { brokersList } from './brokers.list';
import { brokers } from './brokers.table';

type BrokerRecord = typeof brokers.$inferSelect;

export const toBrokerRow = (b: BrokerRecord): BrokerRow => ({
  broker_id: b.id,
  broker: b.name,
  mc_number: b.mcNumber,
  pa_street_1: b.paStreet1,
  pa_city: b.paCity,
  pa_state: b.paState,
  pa_zip: b.paZip,
  email_address: b.emailAddress,
  local_phone: b.localPhone,
});

const actorOf = (user: AuthUser) => ({ id: user.id, companyId: user.companyId });
const blank = (v: string) => (v === '' ? null : v);
const columnsOf = (form: BrokerFormOutput) => ({
  name: form.broker,
  mcNumber: blank(form.mc_number),
  paStreet1: blank(form.pa_street_1),
  paCity: blank(form.pa_city),
  paState: blank(form.pa_state),
  paZip: blank(form.pa_zip),
  emailAddress: blank(form.email_address.toLowerCase()),
  localPhone: blank(form.local_phone),
});

async function findBroker(db: Db, user: AuthUser, id: number): Promise<BrokerRecord> {
  const [broker] = await db
    .select()
    .from(brokers)
    .where(and(eq(brokers.id, id), eq(brokers.companyId, user.companyId)));
  if (!broker) throw AppError.notFound();
  return broker;
}

export async function getBroker(db: Db, user: AuthUser, id: number): Promise<BrokerRow> {
  return toBrokerRow(await findBroker(db, user, id));
}

export async function createBroker(db: Db, user: AuthUser, form: BrokerFormOutput): Promise<BrokerRow> {
  return db.transaction(async (tx) => {
    const [broker] = await tx
      .insert(brokers)
      .values({ companyId: user.companyId, ...columnsOf(form) })
      .returning();
    if (!broker) throw new AppError('internal', 'Broker not created');
    const row = toBrokerRow(broker);
    await writeAudit(tx, { actor: actorOf(user), entity: 'broker', entityId: broker.id, action: 'create', after: row });
    return row;
  });
}

export async function updateBroker(db: Db, user: AuthUser, id: number, form: BrokerFormOutput): Promise<BrokerRow> {
  const before = await findBroker(db, user, id);
  return db.transaction(async (tx) => {
    const [broker] = await tx
      .update(brokers)
      .set({ ...columnsOf(form), updatedAt: new Date() })
      .where(and(eq(brokers.id, id), eq(brokers.companyId, user.companyId)))
      .returning();
    if (!broker) throw AppError.notFound();
    const row = toBrokerRow(broker);
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: 'broker',
      entityId: id,
      action: 'update',
      before: toBrokerRow(before),
      after: row,
    });
    return row;
  });
}

export async function deleteBroker(db: Db, user: AuthUser, id: number): Promise<void> {
  const before = await findBroker(db, user, id);
  await db.transaction(async (tx) => {
    await tx.delete(brokers).where(and(eq(brokers.id, id), eq(brokers.companyId, user.companyId)));
    await writeAudit(tx, {
      actor: actorOf(user),
      entity: 'broker',
      entityId: id,
      action: 'delete',
      before: toBrokerRow(before),
    });
  });
}

/** The brokers picker (POST /filterBrockers), through the list engine: name contains or MC number starts with the text. */
export function lookupBrokers(db: Db, user: AuthUser, q: { search: string; limit: number }): Promise<BrokerRow[]> {
  return lookupList<BrokerRow>(db, brokersList, user, {
    text: q.search,
    limit: q.limit,
    columns: [
      'broker_id',
      'broker',
      'mc_number',
      'pa_street_1',
      'pa_city',
      'pa_state',
      'pa_zip',
      'email_address',
      'local_phone',
    ],
  });
}
