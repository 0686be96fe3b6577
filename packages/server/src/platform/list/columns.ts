import { type SQL, sql } from 'drizzle-orm';
import type { ListColumn } from './define-list';

/** What a declaration may still set or override on a built column (priority, hidden, a title…). */
type Extra = Partial<ListColumn>;

/**
 * A row named through a join: the name is shown and searched, the id behind it is what the list
 * filter compares (and, with `unique`, what the footer counts, so the totals need no join).
 */
export type NamedRef = {
  /** The name shown, e.g. sql`author.name`. */
  name: SQL;
  /** The id on the row, e.g. sql`fuel_rows.created_by`. */
  by: SQL;
  /** The list's join that reaches the name. */
  join: string;
  /** Footer: how many different ones the filtered rows hold. */
  unique?: boolean;
  /** The search box looks in the name. */
  search?: boolean;
};

const ref = (id: string, title: string, r: NamedRef, extra: Extra = {}): ListColumn => ({
  id,
  title,
  sql: r.name,
  filterSql: r.by,
  filter: 'list',
  joins: [r.join],
  ...(r.unique ? { footer: 'unique', footerSql: r.by } : {}),
  ...(r.search ? { search: true } : {}),
  ...extra,
});

/**
 * The columns lists keep declaring the same way (issue 29): a list declares what differs — its
 * expressions and joins — and the builder the rest (filter, footer, format, alignment). Each
 * builder answers a plain column spec; `extra` overrides any of it.
 */
export const col = {
  /** The row's id: a number filter, the count of rows in the footer, aligned left. */
  id: (expr: SQL, extra: Extra = {}): ListColumn => ({
    id: 'id',
    title: 'ID',
    sql: expr,
    filter: 'number',
    footer: 'count',
    align: 'left',
    ...extra,
  }),
  /** Who made the row (`created_by`), by name; filtered by user id. */
  createdBy: (r: NamedRef, extra: Extra = {}): ListColumn => ref('created_by', 'Created by', r, extra),
  /** A person or registry row on the row (driver, customer, dispatcher…), by name; filtered by id. */
  named: ref,
  /** The month of a date (`YYYY-MM`) as a list filter, sorted by the date itself. */
  month: (date: SQL, extra: Extra = {}): ListColumn => ({
    id: 'month',
    title: 'Month',
    sql: sql`to_char(${date}, 'YYYY-MM')`,
    filterSql: sql`to_char(${date}, 'YYYY-MM')`,
    sortSql: date,
    filter: 'list',
    format: 'text',
    ...extra,
  }),
  /** Money in integer cents (the runner answers dollars), a number filter and the sum in the footer. */
  money: (id: string, title: string, cents: SQL, extra: Extra = {}): ListColumn => ({
    id,
    title,
    sql: cents,
    filter: 'number',
    dollar: true,
    footer: 'sum',
    ...extra,
  }),
};
