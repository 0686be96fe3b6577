// A factoring schedule on paper and by mail: its PDF, the download and sending it with the loads'
// paperwork (split from schedules.service.ts by responsibility).
import { MSG } from '@backhaul/shared';
import { formatMilliPercent, formatMoney } from '@backhaul/shared/formats/formats';
import { SCHEDULE_LOAD_STATUS_LABELS } from '@backhaul/shared/modules/schedules/schedules.contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { companies } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import { type FilesService, fileLink } from '../../platform/files/files.service';
import type { MailAttachment, Mailer } from '../../platform/mail/mailer';
import { createPdf } from '../../platform/pdf/pdf.document';
import { runCommand } from '../../platform/record/command';
import { factoringScheduleMail } from './schedules.mail';
import { getSchedule, markSent } from './schedules.service';

async function companyName(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? 'Backhaul';
}

/** The schedule PDF through the platform pdf: header, terms, the loads with totals, page numbers. */
export async function schedulePdf(db: DbOrTx, user: AuthUser, id: number) {
  const s = await getSchedule(db, user, id);
  const pdf = createPdf({
    company: { name: await companyName(db, user.companyId) },
    title: `Schedule #${s.id}`,
    subtitle: s.name,
  });
  pdf.keyValues([
    ['Factoring company', s.factoring ?? ''],
    ['Fee', formatMilliPercent(Math.round(s.factoring_percent * 1000))],
    ['Created', `${s.create_at}${s.created_by ? ` by ${s.created_by}` : ''}`],
    ['Loads', `${s.load_count} (applied ${s.applied_load}, not processed ${s.not_processed})`],
  ]);
  pdf.table({
    columns: [
      { id: 'load_id', title: 'Load', width: 0.8 },
      { id: 'customer', title: 'Customer', width: 2.4 },
      { id: 'broker', title: 'Broker', width: 2.4 },
      { id: 'broker_number', title: 'Broker #', width: 1.2 },
      { id: 'delivery_date', title: 'Delivered', width: 1.2 },
      { id: 'gross', title: 'Gross', width: 1.3, kind: 'money' },
      { id: 'expected_factoring', title: 'Expected', width: 1.3, kind: 'money' },
      { id: 'amount_factoring', title: 'Paid', width: 1.3, kind: 'money' },
      { id: 'status_label', title: 'Status', width: 1.3 },
    ],
    rows: s.loads.map((l) => ({ ...l, status_label: SCHEDULE_LOAD_STATUS_LABELS[l.status] })),
    totals: { gross: s.gross, expected_factoring: s.expected, amount_factoring: s.amount },
  });
  pdf.keyValues([
    ['Total gross', formatMoney(s.gross)],
    ['Expected from factoring', formatMoney(s.expected)],
    ['Paid by factoring', formatMoney(s.amount)],
  ]);
  return { name: `schedule-${s.id}.pdf`, data: await pdf.toBuffer(), schedule: s };
}

/** POST /schedules/download/:id: the PDF stored as the caller's download; answers its link. */
export async function downloadSchedule(db: DbOrTx, files: FilesService, user: AuthUser, id: number) {
  const pdf = await schedulePdf(db, user, id);
  const file = await files.store({
    companyId: user.companyId,
    entity: 'exports',
    entityId: user.id,
    category: 'schedule',
    name: pdf.name,
    mime: 'application/pdf',
    data: pdf.data,
    uploadedBy: user.id,
  });
  return { link: fileLink(file.id) };
}

async function ppwAttachments(db: DbOrTx, files: FilesService, user: AuthUser, id: number): Promise<MailAttachment[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select f.id from files f join schedule_loads sl on f.entity = 'loads' and f.entity_id = sl.load_id::text
      where sl.schedule_id = ${id} and f.company_id = ${user.companyId} and f.category = 'ppw' order by sl.load_id, f.id`,
  );
  return Promise.all(
    rows.map(async (r) => {
      const { file, body } = await files.read(Number(r.id));
      return { filename: file.originalName, content: body, contentType: file.mime };
    }),
  );
}

/**
 * POST /schedules/send/:id: the schedule PDF and its loads' PPW files to the chosen addresses
 * (factoring-schedule template, the caller's message first); recorded as a sent action.
 */
export async function sendSchedule(
  db: Db,
  deps: { files: FilesService; mailer: Mailer },
  user: AuthUser,
  id: number,
  body: { emails: string[]; message: string },
) {
  const pdf = await schedulePdf(db, user, id);
  const s = pdf.schedule;
  const mail = factoringScheduleMail({
    company: await companyName(db, user.companyId),
    factoringCompany: s.factoring ?? '',
    schedule: `#${s.id} ${s.name}`,
    invoices: s.load_count,
    total: s.gross,
  });
  const attachments = [
    { filename: pdf.name, content: pdf.data, contentType: 'application/pdf' },
    ...(await ppwAttachments(db, deps.files, user, id)),
  ];
  const to = body.emails.join(', ');
  const sent = await deps.mailer.send({
    ...mail,
    text: body.message ? `${body.message}\n\n${mail.text}` : mail.text,
    html: body.message ? `<p>${escapeHtml(body.message)}</p>${mail.html}` : mail.html,
    to,
    attachments,
    companyId: user.companyId,
    createdBy: user.id,
  });
  if (sent.status === 'failed') throw AppError.precondition(`The schedule was not sent: ${sent.error ?? 'mail error'}`);
  await runCommand(db, markSent, user, { id, text: `Sent to ${to}${body.message ? `: ${body.message}` : ''}` });
  return { message: MSG.messageSent, mail_id: sent.id, status: sent.status };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
