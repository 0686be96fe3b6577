import { MSG } from '@backhaul/shared';
import {
  DRIVE_TYPES,
  REPORT_LINK_DAYS,
  ROAD_REASONS,
  type TruckRoadReport,
} from '@backhaul/shared/modules/truck-road/truck-road.contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import type { LinkSigner } from '../../platform/auth/signed-links';
import { clock, SQL_NOW } from '../../platform/clock';
import { companies } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { createPdf } from '../../platform/pdf/pdf.document';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { drivers } from '../drivers';
import { trucks, trucksOnTheRoadMail } from '../trucks';
import { readRoadRows, truckRoadRecord } from './truck-road.record';
import { truckRoad, truckRoadRecipients } from './truck-road.table';

const today = () => clock.today();

export async function recipients(db: DbOrTx, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ email: truckRoadRecipients.email })
    .from(truckRoadRecipients)
    .where(eq(truckRoadRecipients.companyId, companyId))
    .orderBy(truckRoadRecipients.email);
  return rows.map((r) => r.email);
}

/** The company's recipients become exactly these addresses (lower-cased, once each). */
export async function replaceRecipients(tx: DbOrTx, companyId: number, emails: readonly string[]) {
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
  await tx.delete(truckRoadRecipients).where(eq(truckRoadRecipients.companyId, companyId));
  if (unique.length) await tx.insert(truckRoadRecipients).values(unique.map((email) => ({ companyId, email })));
}

/** GET /truck-road: today, the days that have a report (newest first), the recipients and reasons. */
export async function start(db: Db, user: AuthUser) {
  const dates = await rowsOf<{ d: string }>(
    db,
    sql`select distinct to_char(date, 'YYYY-MM-DD') as d from truck_road where company_id = ${user.companyId} order by 1 desc limit 60`,
  );
  return {
    date: today(),
    dates: dates.map((d) => d.d),
    emails: await recipients(db, user.companyId),
    reasons: [...ROAD_REASONS],
  };
}

/** GET /truck-road/create: the fleet's active trucks and drivers. */
export async function options(db: Db, user: AuthUser) {
  const c = user.companyId;
  const [truckRows, driverRows] = await Promise.all([
    rowsOf<{ id: number; name: string }>(
      db,
      sql`select id, truck_number as name from ${trucks} where company_id = ${c} and status = 'active' order by truck_number`,
    ),
    rowsOf<{ id: number; name: string }>(
      db,
      sql`select id, name from ${drivers} where company_id = ${c} order by name`,
    ),
  ]);
  return { trucks: truckRows, drivers: driverRows, reasons: [...ROAD_REASONS], date: today() };
}

/** The fleet's trucks out on a day: active, not in the shop, with their driver. */
const FLEET = (
  companyId: number,
) => sql`select t.id as truck_id, t.driver_id, coalesce(t.truck_status = 'out_of_service', false) as out_of_service
  from ${trucks} t where t.company_id = ${companyId} and t.status = 'active' and coalesce(t.truck_status, 'on_road') <> 'in_shop'`;

/**
 * generate: a row for each truck of the fleet on the road that day and not yet on the report
 * (the unique day + truck index makes a repeated or parallel run add nothing twice).
 */
const generateDay = defineCommand<string, number>({
  action: 'generate',
  run: async ({ tx, user, input: date, audit }) => {
    const added = await rowsOf<{ id: number }>(
      tx,
      sql`insert into truck_road (company_id, date, truck_id, driver_id, out_of_service)
        select ${user.companyId}, ${date}::date, f.truck_id, f.driver_id, f.out_of_service from (${FLEET(user.companyId)}) f
        on conflict (company_id, date, truck_id) do nothing returning id`,
    );
    await audit({ entity: truckRoadRecord.entity, entityId: date, action: 'generate', after: { added: added.length } });
    return added.length;
  },
});

/** refresh: the day's rows take their truck's current driver and out-of-service state again. */
const refreshDay = defineCommand<string, number>({
  action: 'refresh',
  run: async ({ tx, user, input: date, audit }) => {
    const changed = await rowsOf<{ id: number }>(
      tx,
      sql`update truck_road r set driver_id = t.driver_id, out_of_service = coalesce(t.truck_status = 'out_of_service', false), updated_at = ${SQL_NOW}
        from ${trucks} t where t.id = r.truck_id and r.company_id = ${user.companyId} and r.date = ${date}::date
          and (r.driver_id is distinct from t.driver_id or r.out_of_service is distinct from coalesce(t.truck_status = 'out_of_service', false))
        returning r.id`,
    );
    await audit({
      entity: truckRoadRecord.entity,
      entityId: date,
      action: 'refresh',
      after: { changed: changed.length },
    });
    return changed.length;
  },
});

/**
 * updateTrucks: the day follows the fleet — trucks no longer out (sold, in the shop) leave unless
 * someone approved them, trucks now out are added; then the rows are refreshed. All or nothing.
 */
const followFleet = defineCommand<string, number>({
  action: 'update_trucks',
  run: async ({ tx, user, input: date, audit }) => {
    const gone = await rowsOf<{ id: number }>(
      tx,
      sql`delete from truck_road r where r.company_id = ${user.companyId} and r.date = ${date}::date
        and not r.dispatcher_approved and not r.shop_approved
        and r.truck_id not in (select truck_id from (${FLEET(user.companyId)}) f) returning r.id`,
    );
    if (gone.length)
      await audit({
        entity: truckRoadRecord.entity,
        entityId: date,
        action: 'delete',
        before: { ids: gone.map((g) => g.id) },
      });
    const added = await runCommand(tx, generateDay, user, date);
    await runCommand(tx, refreshDay, user, date);
    return added + gone.length;
  },
});

const dayCount =
  (command: typeof generateDay) =>
  async (db: Db, user: AuthUser, date = today()) => ({
    message: MSG.dataUpdated,
    date,
    count: await runCommand(db, command, user, date),
  });

export const generate = dayCount(generateDay);
export const refresh = dayCount(refreshDay);
export const updateTrucks = dayCount(followFleet);

type Approval = { id: number; field: 'dispatcher_approved' | 'shop_approved'; approved: boolean };

/** approved: one approval flag, with who set it and when. */
const approveRow = defineCommand({
  action: 'update',
  target: { record: truckRoadRecord, id: (body: Approval) => body.id },
  run: async ({ tx, user, input: body }: CommandContext<Approval, typeof truckRoad>) => {
    const stamp = body.approved ? { by: user.id, at: clock.now() } : { by: null, at: null };
    const values =
      body.field === 'dispatcher_approved'
        ? { dispatcherApproved: body.approved, dispatcherApprovedBy: stamp.by, dispatcherApprovedAt: stamp.at }
        : { shopApproved: body.approved, shopApprovedBy: stamp.by, shopApprovedAt: stamp.at };
    await tx
      .update(truckRoad)
      .set({ ...values, updatedAt: clock.now() })
      .where(eq(truckRoad.id, body.id));
    const [row] = await readRoadRows(tx, sql`r.id = ${body.id}`);
    return { message: MSG.savingSuccess, row: row as NonNullable<typeof row> };
  },
});

export const approve = (db: Db, user: AuthUser, body: Approval) => runCommand(db, approveRow, user, body);

/** The report's recipients become the company's list (system settings), audited. */
const keepRecipients = defineCommand<string[], void>({
  action: 'update',
  run: async ({ tx, user, input: emails, audit }) => {
    await replaceRecipients(tx, user.companyId, emails);
    await audit({ entity: truckRoadRecipients, entityId: user.companyId, action: 'update', after: emails });
  },
});

async function companyName(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? 'Backhaul';
}

/** The day's report as the signed link shows it, and as the mail's PDF prints it. */
export async function dayReport(
  db: DbOrTx,
  companyId: number,
  date: string,
  expiresAt: Date | null,
): Promise<TruckRoadReport> {
  return {
    company: await companyName(db, companyId),
    date,
    rows: await readRoadRows(db, sql`r.company_id = ${companyId} and r.date = ${date}::date`),
    expires_at: expiresAt ? expiresAt.toISOString() : null,
  };
}

/** The path the report's signed link signs: the company and day are part of what is signed. */
export const reportPath = (companyId: number, date: string) => `/api/truck-road/report/${companyId}/${date}`;

/**
 * send: the day's report to the recipients, who are kept as the company's list (system settings):
 * a PDF attached and a signed link to the read-only page, valid REPORT_LINK_DAYS days.
 */
export async function send(
  db: Db,
  deps: { mailer: Mailer; links: LinkSigner; publicUrl: string },
  user: AuthUser,
  body: { date?: string | undefined; emails: string[] },
) {
  const date = body.date ?? today();
  const emails = [...new Set(body.emails.map((e) => e.toLowerCase()))];
  await runCommand(db, keepRecipients, user, emails);
  const report = await dayReport(db, user.companyId, date, null);
  const expires = new Date(clock.now().getTime() + REPORT_LINK_DAYS * 86_400_000);
  const signed = await deps.links.sign(reportPath(user.companyId, date), expires);
  const query = signed.slice(signed.indexOf('?'));
  const link = `${deps.publicUrl}/shop/trucks-on-the-road${query}&company=${user.companyId}&date=${date}`;
  const pdf = createPdf({ company: { name: report.company }, title: 'Trucks on the road', subtitle: date });
  pdf.table({
    columns: [
      { id: 'truck', title: 'Truck', width: 1 },
      { id: 'driver', title: 'Driver', width: 2 },
      { id: 'drive', title: 'Drive', width: 0.8 },
      { id: 'location', title: 'Location', width: 1.6 },
      { id: 'status', title: 'Status', width: 2.2 },
      { id: 'approved', title: 'Approved', width: 1.4 },
    ],
    rows: report.rows.map((r) => ({
      ...r,
      drive: DRIVE_TYPES[r.drive_type_id as keyof typeof DRIVE_TYPES] ?? '',
      status: r.out_of_service ? `Out of service${r.reason ? `: ${r.reason}` : ''}` : 'Running',
      approved: [r.dispatcher_approved ? 'Dispatch' : '', r.shop_approved ? 'Shop' : ''].filter(Boolean).join(', '),
    })),
  });
  const attachment = {
    filename: `trucks-on-the-road-${date}.pdf`,
    content: await pdf.toBuffer(),
    contentType: 'application/pdf',
  };
  const mail = trucksOnTheRoadMail({ company: report.company, date, trucks: report.rows.length, link });
  let sent = 0;
  for (const to of emails) {
    const result = await deps.mailer.send({
      ...mail,
      to,
      attachments: [attachment],
      companyId: user.companyId,
      createdBy: user.id,
    });
    if (result.status !== 'failed') sent++;
  }
  if (sent === 0) throw AppError.precondition(MSG.reportSendingError);
  return { message: MSG.reportSent, sent, link };
}
