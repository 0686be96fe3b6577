import { ACTION, can, SECTION } from '@backhaul/shared';
import type { MilesPlace } from '@backhaul/shared/modules/mileage/mileage.contract';
import type { PpwType } from '@backhaul/shared/modules/trips/trips.contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { AuthContext } from '../../platform/auth/access';
import { clock, SQL_NOW } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { FilesService } from '../../platform/files/files.service';
import type { Mailer } from '../../platform/mail/mailer';
import { defineCommand, runCommand } from '../../platform/record/command';
import { brokers } from '../brokers';
import { customers } from '../customers';
import { loads } from './loads.table';
import { ppwMail } from './trips.mail';
import { loadRecord } from './trips.record';
import { loadInScope, tripFiles } from './trips.service';

/** PPW files are platform files of entity 'loads', category 'ppw' (000 §3 "load_files"). */
export const LOAD_FILES = { entity: 'loads', ppw: 'ppw' } as const;

const TZ = 'America/Chicago';

/**
 * Who may see and add a load's files (Trips file actions 23-26), and the rule of 000 §4: a PPW
 * file created sets ppw=1, ppw_created_by and ppw_date on its load in the same transaction.
 */
export function registerLoadFiles(files: FilesService, db: Db): void {
  const trips = (auth: AuthContext, actions: number[]) => can(auth.grants, { section: SECTION.Trips, action: actions });
  const inScope = async (auth: AuthContext, entityId: string) => {
    try {
      await loadInScope(db, auth, Number(entityId));
      return true;
    } catch {
      return false;
    }
  };
  files.registerEntity(LOAD_FILES.entity, {
    view: async (auth, id) =>
      trips(auth, [ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD, ACTION.VIEW]) && (await inScope(auth, id)),
    upload: async (auth, id) => trips(auth, [ACTION.FILE_UPLOAD, ACTION.CREATE_EDIT_TRIP]) && (await inScope(auth, id)),
    remove: async (auth, id) => trips(auth, [ACTION.FILE_DELETE]) && (await inScope(auth, id)),
    owner: loads,
  });
  files.addStoreHook(LOAD_FILES.entity, async (tx, file, audit) => {
    if (file.category !== LOAD_FILES.ppw) return;
    await tx
      .update(loads)
      .set({ ppw: 1, ppwCreatedBy: file.uploadedBy, ppwDate: clock.now(), updatedAt: clock.now() })
      .where(and(eq(loads.id, Number(file.entityId)), eq(loads.companyId, file.companyId ?? -1)));
    await audit({
      entity: loadRecord.entity,
      entityId: file.entityId,
      action: 'ppw',
      after: { ppw: 1, file_id: file.id },
    });
  });
}

async function ppwState(db: DbOrTx, loadId: number) {
  const result = (await db.execute(
    sql`select id as load_id, ppw, ppw_created_by, to_char(ppw_date at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as ppw_date
    from loads where id = ${loadId}`,
  )) as unknown as {
    rows: Array<{ load_id: number; ppw: number; ppw_created_by: number | null; ppw_date: string | null }>;
  };
  const row = result.rows[0];
  if (!row) throw AppError.notFound();
  return {
    load_id: Number(row.load_id),
    ppw: Number(row.ppw),
    ppw_created_by: row.ppw_created_by,
    ppw_date: row.ppw_date,
  };
}

/** GET /loads/ppw/:id: the load's files and its PPW flag. */
export async function listPpw(db: Db, auth: AuthContext, loadId: number) {
  await loadInScope(db, auth, loadId);
  return { load_files: await tripFiles(db, auth, [loadId]), load: await ppwState(db, loadId) };
}

/** POST /loads/ppw/:id: one uploaded PPW file (the upload rules of 000 §5 apply). */
export async function uploadPpw(
  db: Db,
  files: FilesService,
  auth: AuthContext,
  loadId: number,
  upload: { name: string; data: Buffer; type: PpwType | null },
) {
  await loadInScope(db, auth, loadId);
  const { type, ...bytes } = upload;
  const stored = await files.upload({
    auth,
    entity: LOAD_FILES.entity,
    entityId: String(loadId),
    category: LOAD_FILES.ppw,
    docType: type,
    ...bytes,
  });
  const [file] = (await tripFiles(db, auth, [loadId])).filter((f) => f.id === stored.id);
  if (!file) throw new AppError('internal', 'PPW file not stored');
  return { file, load: await ppwState(db, loadId) };
}

/** The PPW mail went out: the load's history keeps to whom and which files. */
const ppwSent = defineCommand<{ loadId: number; after: unknown }, void>({
  action: 'send_ppw',
  run: ({ input, audit }) =>
    audit({ entity: loadRecord.entity, entityId: input.loadId, action: 'send_ppw', after: input.after }),
});

/**
 * POST /loads/sendPPW/:id (every PPW file of the load) and /loads/ppwSelected/:id (the chosen
 * files): one mail through the PPW template with the files attached, to the given address or the
 * broker's, else the customer's.
 */
export async function sendPpw(
  db: Db,
  deps: { files: FilesService; mailer: Mailer },
  auth: AuthContext,
  loadId: number,
  body: { email: string; files?: number[] | undefined },
) {
  await loadInScope(db, auth, loadId);
  const result = (await db.execute(
    sql`select b.email_address as broker_email, c.email as customer_email, co.name as company
    from loads l left join ${brokers} b on b.id = l.broker_id left join ${customers} c on c.id = l.customer_id
      left join companies co on co.id = l.company_id where l.id = ${loadId}`,
  )) as unknown as {
    rows: Array<{ broker_email: string | null; customer_email: string | null; company: string | null }>;
  };
  const info = result.rows[0];
  const to = body.email || info?.broker_email || info?.customer_email;
  if (!to) throw AppError.invalidField('email', 'The broker has no e-mail address: enter one.');
  const all = (await tripFiles(db, auth, [loadId])).filter((f) =>
    body.files ? body.files.includes(f.id) : f.category === LOAD_FILES.ppw,
  );
  if (body.files && all.length !== new Set(body.files).size)
    throw AppError.invalidField('files', 'Choose files of this load.');
  if (!all.length) throw AppError.precondition('This load has no PPW files to send.');
  const attachments = await Promise.all(
    all.map(async (f) => {
      const { file, body: content } = await deps.files.read(f.id);
      return { filename: file.originalName, content, contentType: file.mime };
    }),
  );
  const mail = ppwMail({ company: info?.company ?? 'Backhaul', loadId });
  const sent = await deps.mailer.send({
    ...mail,
    to,
    attachments,
    companyId: auth.user.companyId,
    createdBy: auth.user.id,
  });
  if (sent.status === 'failed') throw new AppError('internal', sent.error ?? 'PPW mail failed');
  await runCommand(db, ppwSent, auth.user, { loadId, after: { to, files: all.map((f) => f.id), mail_id: sent.id } });
  return { mail_id: sent.id, status: sent.status, to, files: all.length };
}

/**
 * Where the truck's empty miles start: the last delivery (city, state copied on its loads) before
 * a company-time "YYYY-MM-DD[ HH:mm]" (default now). One index range read (truck, delivery desc).
 */
export async function findPreviousDelivery(
  db: DbOrTx,
  opts: { companyId: number; truckId: number; before?: string | null; timeZone: string },
): Promise<MilesPlace | null> {
  const before = opts.before
    ? sql`(${opts.before.length === 10 ? `${opts.before} 00:00` : opts.before})::timestamp at time zone ${opts.timeZone}`
    : SQL_NOW;
  const [row] = await db
    .select({ city: loads.deliveryCity, state: loads.deliveryState })
    .from(loads)
    .where(and(eq(loads.companyId, opts.companyId), eq(loads.truckId, opts.truckId), lt(loads.deliveryAt, before)))
    .orderBy(sql`${desc(loads.deliveryAt)} nulls first`, sql`${desc(loads.id)} nulls first`)
    .limit(1);
  return row?.city && row.state ? { city: row.city, state: row.state } : null;
}
