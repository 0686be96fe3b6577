// Driver statements: the PDF and mailing it to the driver (getEmail, send).
import { MSG } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  STATEMENT_CONTRACT_TYPES,
  STATEMENT_MSG,
} from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { writeAudit } from '../../platform/audit/audit';
import type { AuthUser } from '../../platform/auth/access';
import { companies } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { createPdf } from '../../platform/pdf/pdf.document';
import { driverStatementMail } from '../drivers';
import { driverStatements } from './driver-pay.table';
import { statementDetail } from './driver-statements.service';

async function companyName(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? 'Backhaul';
}

/** The statement as a PDF through the platform pdf. */
export async function statementPdf(db: DbOrTx, user: AuthUser, id: number) {
  const s = await statementDetail(db, user, id);
  const company = await companyName(db, user.companyId);
  const pdf = createPdf({ company: { name: company }, title: `Driver statement #${s.id}`, subtitle: s.driver });
  pdf.keyValues([
    ['Driver', s.driver],
    ['Period', `${s.date_from} – ${s.date_to}`],
    [
      'Contract',
      `${STATEMENT_CONTRACT_TYPES[s.contract_type as keyof typeof STATEMENT_CONTRACT_TYPES] ?? s.contract_type}, ${s.rate}`,
    ],
    ['Status', `${s.status}, ${s.paid_status}`],
  ]);
  pdf.table({
    columns: [
      { id: 'date', title: 'Date', width: 1.1 },
      { id: 'type', title: 'Type', width: 1.4 },
      { id: 'description', title: 'Description', width: 3.6 },
      { id: 'count_action', title: 'Count', width: 1.8 },
      { id: 'schedule', title: 'Schedule', width: 1.4 },
      { id: 'amount', title: 'Amount', width: 1.3, kind: 'money' },
    ],
    rows: s.lines,
    totals: { amount: s.amount },
  });
  pdf.keyValues([
    ['Statement amount', formatMoney(s.amount)],
    ['Paid', formatMoney(s.paid_amount)],
    ['Due', formatMoney(s.due)],
  ]);
  return { name: `driver-statement-${s.id}.pdf`, data: await pdf.toBuffer(), statement: s, company };
}

/** POST /drivers-statements/getEmail: each chosen statement's driver and e-mail address. */
export async function statementEmails(db: DbOrTx, user: AuthUser, ids: number[]) {
  const rows = await rowsOf<{ id: number; driver: string; email: string | null }>(
    db,
    sql`select s.id, d.name as driver, d.email from driver_statements s join drivers d on d.id = s.driver_id
      where s.company_id = ${user.companyId} and s.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) order by s.id`,
  );
  if (rows.length !== new Set(ids).size) throw AppError.notFound();
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })) };
}

/** POST /drivers-statements/send: each statement's PDF to its driver, or to the typed address. */
export async function sendStatements(
  db: Db,
  mailer: Mailer,
  user: AuthUser,
  body: { rows: number[]; email?: string | undefined },
) {
  const { rows } = await statementEmails(db, user, body.rows);
  const missing = rows.filter((r) => !body.email && !r.email);
  if (missing.length) throw AppError.invalidField('email', STATEMENT_MSG.noEmail);
  let sent = 0;
  for (const r of rows) {
    const pdf = await statementPdf(db, user, r.id);
    const s = pdf.statement;
    const mail = driverStatementMail({
      company: pdf.company,
      driver: s.driver,
      period: `${s.date_from} to ${s.date_to}`,
      amount: s.amount,
    });
    const result = await mailer.send({
      ...mail,
      to: body.email ?? (r.email as string),
      attachments: [{ filename: pdf.name, content: pdf.data, contentType: 'application/pdf' }],
      companyId: user.companyId,
      createdBy: user.id,
    });
    if (result.status === 'failed')
      throw AppError.precondition(`The statement was not sent: ${result.error ?? 'mail error'}`);
    await db.transaction(async (tx) => {
      await tx.update(driverStatements).set({ sentAt: new Date() }).where(eq(driverStatements.id, r.id));
      await writeAudit(tx, {
        actor: user,
        entity: 'driver_statement',
        entityId: r.id,
        action: 'send',
        after: { to: body.email ?? r.email },
      });
    });
    sent++;
  }
  return { message: MSG.messageSent, sent };
}
