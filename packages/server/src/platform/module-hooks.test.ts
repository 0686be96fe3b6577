import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { references, sqlHook } from './module-hooks';

const render = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query);

describe('module hooks', () => {
  it('an SQL hook is resolved when the query is built, and names itself when nothing provided it', () => {
    const lastPaid = sqlHook<[ReturnType<typeof sql>]>('last payment');
    const column = sql`select ${lastPaid.sql(sql`invoices.id`)} as paid from invoices`;
    expect(() => render(column)).toThrow(/No SQL for "last payment"/);
    lastPaid.provide(
      (id) => sql`(select max(p.paid_on) from payments p where p.invoice_id = ${id} and p.amount > ${0})`,
    );
    const built = render(column);
    expect([built.sql, built.params]).toEqual([
      'select ((select max(p.paid_on) from payments p where p.invoice_id = invoices.id and p.amount > $1)) as paid from invoices',
      [0],
    ]);
  });

  it('references count each registered kind, and total them (0 when none registered)', () => {
    const uses = references();
    const id = sql`t.id`;
    expect(render(sql`${uses.total(id)}`).sql).toBe('(0)');
    expect(render(sql`${uses.count('drivers', id)}`).sql).toBe('((0)::int)');
    uses.register('drivers', (x) => sql`select count(*) from drivers d where d.type_id = ${x}`);
    uses.register('trailers', (x) => sql`select count(*) from trailers r where r.type_id = ${x}`);
    expect(render(sql`${uses.count('drivers', id)}`).sql).toBe(
      '((coalesce((select count(*) from drivers d where d.type_id = t.id), 0))::int)',
    );
    expect(render(sql`${uses.total(id)}`).sql).toBe(
      '((coalesce((select count(*) from drivers d where d.type_id = t.id), 0) + coalesce((select count(*) from trailers r where r.type_id = t.id), 0))::int)',
    );
  });
});
