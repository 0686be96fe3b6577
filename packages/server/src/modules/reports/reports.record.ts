import { SECTION } from '@backhaul/shared';
import {
  ReportCreateBodySchema,
  type ReportRow,
  ReportRowSchema,
} from '@backhaul/shared/modules/reports/reports.contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../platform/errors';
import { defineRecord } from '../../platform/record/define-record';
import { customers } from '../customers';
import { reports } from './reports.table';

export const TZ = 'America/Chicago';

const rowSql = sql`select r.id, r.kind, c.name as customer, to_char(r.period_from, 'YYYY-MM-DD') as period_from,
    to_char(r.period_to, 'YYYY-MM-DD') as period_to, r.status, r.pending, r.sent_to,
    to_char(r.sent_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as sent_at, u.name as created_by,
    to_char(r.created_at at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as created_at, r.file_id
  from reports r left join ${customers} c on c.id = r.customer_id left join users u on u.id = r.created_by`;

export async function readReport(db: DbOrTx, id: number): Promise<ReportRow> {
  const [row] = await rowsOf<ReportRow>(db, sql`${rowSql} where r.id = ${id}`);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * A report of one customer and period. A customer user reaches only its customer's reports. Reports
 * are made per customer by the service (row, PDF, then ready) and sent by commands on this record.
 */
export const reportRecord = defineRecord({
  table: reports,
  section: SECTION.Reports,
  scope: { row: (user) => (user.customerId === null ? undefined : eq(reports.customerId, user.customerId)) },
  form: ReportCreateBodySchema,
  row: ReportRowSchema,
  toRow: (r, { tx }) => readReport(tx, r.id),
});
