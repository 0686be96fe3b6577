import type { TrailerOptions } from '@backhaul/shared/modules/trailers/trailers.contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { type CommandContext, defineCommand, runCommand } from '../../platform/record/command';
import { customers } from '../customers';
import * as general from '../general';
import { readSystemSettings } from '../settings';
import * as units from '../units';
import { haulerNumber } from './trailer-hauler';
import { assignmentOf, checkTrailerForm, trailerKind, trailerRecord } from './trailers.record';
import { trailers } from './trailers.table';

export { trailerKind } from './trailers.record';

export async function trailerOptions(db: DbOrTx, user: AuthUser): Promise<TrailerOptions> {
  const customerScope = user.customerId ? sql` and id = ${user.customerId}` : sql``;
  const [customerOptions, typeOptions, system] = await Promise.all([
    units.selectOptions(
      db,
      sql`select id as value, name as label from ${customers} where company_id = ${user.companyId}${customerScope} order by name`,
    ),
    general.trailerTypeOptions(db, user),
    readSystemSettings(db, user.companyId),
  ]);
  const preset = system.trailer_type.default_id;
  return {
    customers: customerOptions,
    trailer_types: typeOptions,
    default_trailer_type_id: typeOptions.some((t) => t.value === preset) ? preset : null,
  };
}

/** GET /trailers/getTrailerInfo: one trailer's type, size and reefer flag, or a customer's trailers. */
export async function trailerInfo(db: DbOrTx, user: AuthUser, q: { id?: number | null; customer_id?: number | null }) {
  const rows = await rowsOf<{
    id: number;
    trailer_number: string;
    trailer_type: string | null;
    reefer: boolean | null;
    size: string | null;
    customer_id: number | null;
    truck_number: string | null;
  }>(
    db,
    sql`select tr.id, tr.trailer_number, tt.name as trailer_type, tt.reefer, tr.size, tr.customer_id,
          ${haulerNumber.sql(sql`tr.id`, sql`tr.company_id`)} as truck_number
        from trailers tr left join ${general.trailerTypes} tt on tt.id = tr.trailer_type_id
        where tr.company_id = ${user.companyId}
          ${user.customerId ? sql`and tr.customer_id = ${user.customerId}` : sql``}
          ${q.id ? sql`and tr.id = ${q.id}` : sql``}
          ${q.customer_id ? sql`and tr.customer_id = ${q.customer_id}` : sql``}
          ${q.id ? sql`` : sql`and tr.status = 'active'`}
        order by lpad(tr.trailer_number, 12, '0') limit 500`,
  );
  const list = rows.map((r) => ({ ...r, reefer: Boolean(r.reefer) }));
  if (q.id && !list.length) throw AppError.notFound();
  return { trailer: q.id ? (list[0] ?? null) : null, trailers: list };
}

type AssignBody = { id: number; customer_id?: number | null; from_date?: string | null };

/**
 * POST /trailers/updateTruckCustomer: a change of customer from a date. The trailer's audit row is
 * written only when its customer changed.
 */
const assignTrailerCommand = defineCommand({
  action: 'update',
  target: { record: trailerRecord, id: (body: AssignBody) => body.id },
  auditUnchanged: true,
  run: async ({ tx, user, row, input: body }: CommandContext<AssignBody, typeof trailers>) => {
    if (body.customer_id === undefined) return;
    const current = await trailerRecord.toRow(row, { tx, user });
    await checkTrailerForm(tx, user, { ...current, customer_id: body.customer_id }, body.id);
    const [updated] = await tx
      .update(trailers)
      .set({ customerId: body.customer_id, updatedAt: clock.now() })
      .where(eq(trailers.id, body.id))
      .returning();
    if (!updated) throw AppError.notFound();
    await units.recordAssignment(tx, {
      user,
      kind: trailerKind,
      unitId: body.id,
      before: assignmentOf(row),
      after: assignmentOf(updated),
      fromDate: body.from_date ?? null,
    });
  },
});

export const assignTrailer = (db: Db, user: AuthUser, body: AssignBody): Promise<void> =>
  runCommand(db, assignTrailerCommand, user, body);
