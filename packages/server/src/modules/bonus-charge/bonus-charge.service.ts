import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { signedCents, statementOfEntrySql } from './bonus-charge.columns';
import { bonusCharges as t } from './bonus-charge.table';

/** The statement that pays the entry, or null. */
export async function statementOfEntry(db: DbOrTx, o: { companyId: number; id: number }): Promise<number | null> {
  const [row] = await rowsOf<{ statement_id: number | null }>(
    db,
    sql`select ${statementOfEntrySql(t.id)} as statement_id from ${t} where ${t.id} = ${o.id} and ${t.companyId} = ${o.companyId}`,
  );
  return row?.statement_id ? Number(row.statement_id) : null;
}

export type EntryRow = {
  id: number;
  type: string;
  /** Signed: charges and deductions negative. */
  cents: number;
  salary_month: string;
  additional: boolean;
  description: string;
};

/**
 * A person's entries a staff statement may take: month entries of salary months `since`…`to` (the
 * statement's and earlier ones), or every "Additional {year}" entry; `unclaimed` keeps out those
 * another statement holds.
 */
export async function entriesFor(
  db: DbOrTx,
  o: {
    companyId: number;
    employeeId: number;
    additional: boolean;
    since: string;
    to: string;
    unclaimed: (key: SQL) => SQL;
  },
): Promise<EntryRow[]> {
  const rows = await rowsOf<EntryRow & { cents: string }>(
    db,
    sql`select ${t.id} as id, ${t.type} as type, ${signedCents()} as cents,
        to_char(${t.salaryMonth}, 'YYYY-MM-DD') as salary_month, ${t.additional} as additional, ${t.description} as description
      from ${t}
      where ${t.companyId} = ${o.companyId} and ${t.employeeId} = ${o.employeeId} and ${t.additional} = ${o.additional}
        ${o.additional ? sql`` : sql`and ${t.salaryMonth} between ${o.since} and ${o.to}`}
        and ${o.unclaimed(sql`${t.id}::text`)}
      order by ${t.salaryMonth}, ${t.id}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), cents: Number(r.cents) }));
}
