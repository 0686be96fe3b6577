// Driver statements: the PDF and mailing it to the driver (getEmail, send).
import { MSG } from '@backhaul/shared';
import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  STATEMENT_CONTRACT_TYPES,
  STATEMENT_MSG,
} from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { companies } from '../../platform/companies/companies.table';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { payStatements } from '../../platform/pay/pay.table';
import { createPdf } from '../../platform/pdf/pdf.document';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { driverStatementMail, drivers } from '../drivers';
import { driverStatementKind } from './driver-statements.kind';
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
    ...(s.final
      ? ([['Final statement', `Lease ended ${s.final.ended_on}; escrow returned, due by ${s.final.due_by}`]] as [
          string,
          string,
        ][])
      : []),
    ...(s.settlement_note ? ([['Written off', s.settlement_note]] as [string, string][]) : []),
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
    // A late line names the period it was earned in, unless its description does already (a carried balance).
    rows: s.lines.map((l) => ({
      ...l,
      description:
        l.earned && !l.description.includes(l.earned) ? `${l.description} (earned ${l.earned})` : l.description,
    })),
    totals: { amount: s.amount },
  });
  pdf.keyValues([
    ['Statement amount', formatMoney(s.amount)],
    ['Paid', formatMoney(s.paid_amount)],
    [s.due < 0 ? 'Owed by the driver' : 'Due', formatMoney(Math.abs(s.due))],
    ...(s.escrow
      ? ([['Escrow balance', `${formatMoney(s.escrow.balance)} of ${formatMoney(s.escrow.target)}`]] as [
          string,
          string,
        ][])
      : []),
    ...(s.advances_outstanding
      ? ([['Advances not yet recovered', formatMoney(s.advances_outstanding)]] as [string, string][])
      : []),
  ]);
  return { name: `driver-statement-${s.id}.pdf`, data: await pdf.toBuffer(), statement: s, company };
}

/** The statement was mailed to its driver (audited as 'send'). */
const markSent = defineCommand({
  action: 'send',
  target: { record: driverStatementKind.record, id: (i: { id: number }) => i.id },
  run: async ({ tx, row }: CommandContext<{ id: number }, typeof payStatements>) => {
    await tx.update(payStatements).set({ sentAt: clock.now() }).where(eq(payStatements.id, row.id));
  },
});

/** POST /drivers-statements/getEmail: each chosen statement's driver and e-mail address. */
export async function statementEmails(db: DbOrTx, user: AuthUser, ids: number[]) {
  const rows = await rowsOf<{ id: number; driver: string; email: string | null }>(
    db,
    sql`select s.id, d.name as driver, d.email from pay_statements s join ${drivers} d on d.id = s.payee_id
      where s.company_id = ${user.companyId} and s.kind = 'driver' and s.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) order by s.id`,
  );
  if (rows.length !== new Set(ids).size) throw AppError.notFound();
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })) };
}

/** POST /drivers-statements/send: each statement's PDF to its driver, or to the typed address. */
export async function sendStatements(
  db: DbOrTx,
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
    await runCommand(db, markSent, user, { id: r.id });
    sent++;
  }
  return { message: MSG.messageSent, sent };
}
