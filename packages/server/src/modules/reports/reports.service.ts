import { MSG } from '@backhaul/shared';
import { addDays, formatMoney } from '@backhaul/shared/formats/formats';
import {
  REPORT_KINDS,
  type ReportCreateBodySchema,
  type ReportKind,
  type ReportRow,
} from '@backhaul/shared/modules/reports/reports.contract';
import { SAFETY_ACTION_KINDS, type SafetyActionKind } from '@backhaul/shared/modules/safety/safety.contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { FilesService } from '../../platform/files/files.service';
import type { Mailer } from '../../platform/mail/mailer';
import { reportMail } from '../../platform/mail/templates';
import { createPdf } from '../../platform/pdf/pdf.document';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { customers } from '../customers';
import { drivers } from '../drivers';
import { safetyActions, safetyExceptions } from '../safety';
import { readSystemSettings } from '../settings';
import { loads } from '../trips';
import { readReport, reportRecord, TZ } from './reports.record';
import { reports } from './reports.table';

export const REPORT_FILE_ENTITY = 'reports';

type Deps = { db: Db; files: FilesService; mailer: Mailer };

/** Last month in Chicago: the default period of a new report. */
function lastMonth(): { from: string; to: string } {
  const first = `${clock.today().slice(0, 8)}01`;
  const to = addDays(first, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

const companyName = async (db: DbOrTx, companyId: number) =>
  (await rowsOf<{ name: string }>(db, sql`select name from companies where id = ${companyId}`))[0]?.name ?? 'Backhaul';

/** The report's PDF: the loads delivered (customer and billing reports) or the safety record of the period. */
async function buildPdf(db: DbOrTx, user: AuthUser, r: typeof reports.$inferSelect): Promise<Buffer> {
  const [customer] = await rowsOf<{ name: string }>(db, sql`select name from ${customers} where id = ${r.customerId}`);
  const pdf = createPdf({
    company: { name: await companyName(db, user.companyId) },
    title: `${REPORT_KINDS[r.kind as ReportKind]}: ${customer?.name ?? ''}`,
    subtitle: `${r.periodFrom} — ${r.periodTo}`,
  });
  if (r.kind === 'safety') {
    const actions = await rowsOf<{ date: string; driver: string; kind: string; note: string }>(
      db,
      sql`select to_char(a.date, 'YYYY-MM-DD') as date, d.name as driver, a.kind, a.note from ${safetyActions} a
        join ${drivers} d on d.id = a.driver_id
        where a.company_id = ${user.companyId} and d.customer_id = ${r.customerId} and a.status <> 0
          and a.date between ${r.periodFrom} and ${r.periodTo} order by a.date, d.name, a.id`,
    );
    const exceptions = await rowsOf<{ date: string; driver: string | null; name: string; status: number }>(
      db,
      sql`select to_char(e.date, 'YYYY-MM-DD') as date, d.name as driver, e.name, e.status from ${safetyExceptions} e
        join ${drivers} d on d.id = e.driver_id
        where e.company_id = ${user.companyId} and d.customer_id = ${r.customerId}
          and e.date between ${r.periodFrom} and ${r.periodTo} order by e.date, e.id`,
    );
    pdf.keyValues([
      ['Customer', customer?.name ?? ''],
      ['Driver actions', String(actions.length)],
      ['Exceptions', `${exceptions.length} (${exceptions.filter((e) => e.status !== 0).length} open)`],
    ]);
    pdf.heading('Driver actions');
    pdf.table({
      columns: [
        { id: 'date', title: 'Date', width: 1.1, kind: 'date' },
        { id: 'driver', title: 'Driver', width: 1.8 },
        { id: 'kind', title: 'Action', width: 1.3 },
        { id: 'note', title: 'Note', width: 4 },
      ],
      rows: actions.map((a) => ({ ...a, kind: SAFETY_ACTION_KINDS[a.kind as SafetyActionKind] ?? a.kind })),
    });
    pdf.heading('Exceptions');
    pdf.table({
      columns: [
        { id: 'date', title: 'Date', width: 1.1, kind: 'date' },
        { id: 'driver', title: 'Driver', width: 1.8 },
        { id: 'name', title: 'Exception', width: 4 },
        { id: 'state', title: 'Status', width: 1 },
      ],
      rows: exceptions.map((e) => ({ ...e, state: e.status ? 'Open' : 'Closed' })),
    });
  } else {
    const delivered = await rowsOf<{
      load_id: number;
      delivered: string;
      route: string;
      driver: string | null;
      gross: string;
    }>(
      db,
      sql`select l.id as load_id, to_char(l.delivery_at at time zone ${TZ}, 'YYYY-MM-DD') as delivered,
          coalesce(l.pickup_city, '') || ' → ' || coalesce(l.delivery_city, '') as route, d.name as driver,
          l.gross_cents / 100.0 as gross
        from ${loads} l left join ${drivers} d on d.id = l.driver_id
        where l.company_id = ${user.companyId} and l.customer_id = ${r.customerId}
          and (l.delivery_at at time zone ${TZ})::date between ${r.periodFrom} and ${r.periodTo}
        order by l.delivery_at, l.id`,
    );
    const gross = delivered.reduce((s, l) => s + Number(l.gross), 0);
    pdf.keyValues([
      ['Customer', customer?.name ?? ''],
      ['Loads delivered', String(delivered.length)],
      ['Gross', formatMoney(gross)],
    ]);
    pdf.table({
      columns: [
        { id: 'load_id', title: 'Load', width: 0.8 },
        { id: 'delivered', title: 'Delivered', width: 1.1, kind: 'date' },
        { id: 'route', title: 'Route', width: 3 },
        { id: 'driver', title: 'Driver', width: 1.8 },
        { id: 'gross', title: 'Gross', width: 1.2, kind: 'money' },
      ],
      rows: delivered.map((l) => ({ ...l, gross: Number(l.gross) })),
      totals: { gross },
    });
  }
  return pdf.toBuffer();
}

/** Builds the report's PDF and keeps it as the report's file (a seeded report gets it on first send). */
async function storeDocument(deps: Deps, user: AuthUser, row: typeof reports.$inferSelect) {
  const data = await buildPdf(deps.db, user, row);
  const file = await deps.files.store({
    companyId: user.companyId,
    entity: REPORT_FILE_ENTITY,
    entityId: row.id,
    name: `${row.kind}-report-${row.id}.pdf`,
    mime: 'application/pdf',
    data,
    uploadedBy: user.id,
  });
  await deps.db.update(reports).set({ fileId: file.id }).where(eq(reports.id, row.id));
  return { file, body: data };
}

/** Sets or clears the pending flag in its own transaction, so a failure later never leaves it set. */
async function setPending(db: Db, id: number, values: Partial<typeof reports.$inferInsert>) {
  await db.update(reports).set(values).where(eq(reports.id, id));
}

/** The report's PDF is stored: it is ready (audited as its creation). */
const markReady = defineCommand({
  action: 'create',
  target: { record: reportRecord, id: (input: { id: number; fileId: number }) => input.id },
  run: async ({ tx, input }: CommandContext<{ id: number; fileId: number }, typeof reports>) => {
    await tx
      .update(reports)
      .set({ fileId: input.fileId, pending: false, status: 'created' })
      .where(eq(reports.id, input.id));
  },
});

/**
 * Creates one report per customer: the row (pending), its PDF stored as a file, then ready. A
 * failure resets the pending flag, marks the report failed and answers the error.
 */
export async function createReports(
  deps: Deps,
  user: AuthUser,
  kind: ReportKind,
  body: z.output<typeof ReportCreateBodySchema>,
) {
  const { db } = deps;
  const period = { ...lastMonth(), ...(body.from ? { from: body.from } : {}), ...(body.to ? { to: body.to } : {}) };
  if (period.from > period.to) throw AppError.invalidField('to', 'The period ends before it starts.');
  const ids = [...new Set(body.customers)];
  const found = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, user.companyId),
        inArray(customers.id, ids),
        user.customerId === null ? undefined : eq(customers.id, user.customerId),
      ),
    );
  if (found.length !== ids.length) throw AppError.invalidField('customers', 'Choose customers from the list.');
  const made: ReportRow[] = [];
  for (const customerId of ids) {
    const [row] = await db
      .insert(reports)
      .values({
        companyId: user.companyId,
        kind,
        customerId,
        periodFrom: period.from,
        periodTo: period.to,
        format: 'pdf',
        pending: true,
        status: 'creating',
        createdBy: user.id,
      })
      .returning();
    if (!row) throw AppError.notFound();
    try {
      const file = await deps.files.store({
        companyId: user.companyId,
        entity: REPORT_FILE_ENTITY,
        entityId: row.id,
        name: `${kind}-report-${row.id}.pdf`,
        mime: 'application/pdf',
        data: await buildPdf(db, user, row),
        uploadedBy: user.id,
      });
      await runCommand(db, markReady, user, { id: row.id, fileId: file.id });
    } catch (err) {
      await setPending(db, row.id, { pending: false, status: 'failed', error: String((err as Error).message ?? err) });
      throw err instanceof AppError ? err : AppError.precondition(MSG.somethingWrong);
    }
    made.push(await readReport(db, row.id));
  }
  return { message: MSG.savingSuccess, reports: made };
}

/** A report about to be sent is marked pending, so a second send waits for this one. */
const claimReport = defineCommand<{ id: number; kind: ReportKind | null }, typeof reports.$inferSelect>({
  action: 'claim',
  run: async ({ tx, input, lock }) => {
    const row = await lock(reportRecord, input.id);
    if (input.kind && row.kind !== input.kind) throw AppError.notFound();
    if (row.pending) throw AppError.precondition('The report is being created or sent; try again in a moment.');
    await tx.update(reports).set({ pending: true }).where(eq(reports.id, row.id));
    return row;
  },
});

/** The mail went out: the report is sent (audited before and after). */
const markSent = defineCommand({
  action: 'send',
  target: { record: reportRecord, id: (input: { id: number; email: string }) => input.id },
  run: async ({ tx, input }: CommandContext<{ id: number; email: string }, typeof reports>) => {
    await tx
      .update(reports)
      .set({ pending: false, status: 'sent', sentTo: input.email, sentAt: clock.now(), error: null })
      .where(eq(reports.id, input.id));
  },
});

/**
 * Sends a report's PDF by e-mail. The pending flag is set while it is sent and reset whatever
 * happens; a failed delivery answers the area's failure text (412) and marks the report failed.
 */
export async function sendReport(
  deps: Deps,
  user: AuthUser,
  opts: { id: number; kind: ReportKind | null; email: string; messages: { sent: string; failed: string } },
) {
  const { db } = deps;
  const claimed = await runCommand(db, claimReport, user, { id: opts.id, kind: opts.kind });
  try {
    const body = claimed.fileId
      ? (await deps.files.read(claimed.fileId)).body
      : await storeDocument(deps, user, claimed).then((file) => file.body);
    const [customer] = await rowsOf<{ name: string }>(
      db,
      sql`select name from ${customers} where id = ${claimed.customerId}`,
    );
    const mail = reportMail({
      company: await companyName(db, user.companyId),
      report: `${REPORT_KINDS[claimed.kind as ReportKind]} for ${customer?.name ?? 'the customer'}`,
      period: `${claimed.periodFrom} — ${claimed.periodTo}`,
    });
    const sent = await deps.mailer.send({
      ...mail,
      to: opts.email,
      attachments: [
        { filename: `${claimed.kind}-report-${claimed.id}.pdf`, content: body, contentType: 'application/pdf' },
      ],
      companyId: user.companyId,
      createdBy: user.id,
    });
    if (sent.status === 'failed') throw new Error(sent.error ?? 'failed');
  } catch (err) {
    await setPending(db, claimed.id, {
      pending: false,
      status: 'failed',
      error: String((err as Error).message ?? err),
    });
    throw AppError.precondition(opts.messages.failed);
  }
  await runCommand(db, markSent, user, { id: claimed.id, email: opts.email });
  return { message: opts.messages.sent, report: await readReport(db, claimed.id) };
}

/** GET /reports/options: the caller's customers (a customer user: its own). */
export async function reportOptions(db: Db, user: AuthUser) {
  const list = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, user.companyId),
        user.customerId === null ? undefined : eq(customers.id, user.customerId),
      ),
    )
    .orderBy(customers.name);
  return { customers: list, report_contacts: (await readSystemSettings(db, user.companyId)).report_contacts };
}
