/** The trip and load detail view: the trips list with its drawer open (a row click and the search link here). */
export const tripDetailPath = (tripId: number, loadId?: number | null): string =>
  `/trips/list?${new URLSearchParams({ trip: String(tripId), ...(loadId ? { load: String(loadId) } : {}) })}`;

export type RecordKind =
  | 'load'
  | 'invoice'
  | 'customer'
  | 'driver'
  | 'truck'
  | 'trailer'
  | 'work-order'
  | 'driver-statement';

const filterOn = (column: string, id: number) => JSON.stringify({ [column]: { op: 'eq', value: id } });
const listOpen = (path: string, column: string, id: number, prefix = '') =>
  `${path}?${new URLSearchParams({ [`${prefix}f`]: filterOn(column, id), [`${prefix}open`]: String(id) })}`;

/**
 * Where a record opens: a load in its trip's detail view; the others in their list filtered to the
 * record with `open=<id>`, which the DataTable turns into the record's own dialog.
 */
export function recordPath(kind: RecordKind, id: number, tripId?: number | null): string {
  switch (kind) {
    case 'load':
      return tripDetailPath(tripId ?? id, tripId ? id : null);
    case 'invoice':
      return listOpen('/accounting/customer-invoices', 'invoice_id', id, 'i');
    case 'customer':
      return listOpen('/maintenance/customers', 'id', id);
    case 'driver':
      return listOpen('/maintenance/drivers', 'id', id);
    case 'truck':
      return listOpen('/maintenance/trucks', 'id', id);
    case 'trailer':
      return listOpen('/maintenance/trailers', 'id', id);
    case 'work-order':
      return listOpen('/shop/work-orders', 'id', id);
    case 'driver-statement':
      return listOpen('/accounting/drivers-statements', 'id', id);
  }
}
