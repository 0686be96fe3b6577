import { z } from 'zod';

/**
 * The header's global search (Ctrl+K): one text, answered per group from the lists the caller may
 * read, each in its own row scope. A group is omitted when the caller may not see its list.
 */
export const SEARCH_GROUPS = ['trips', 'invoices', 'customers', 'drivers', 'trucks'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export const SEARCH_GROUP_LABELS: Record<SearchGroup, string> = {
  trips: 'Trips and loads',
  invoices: 'Invoices',
  customers: 'Customers',
  drivers: 'Drivers',
  trucks: 'Trucks',
};

/**
 * Besides the lists' groups: a driver's recent loads, one group per driver the text matches (the
 * first few of the drivers group), each load opening its trip.
 */
export const SEARCH_RESULT_GROUPS = [...SEARCH_GROUPS, 'driver_loads'] as const;
export type SearchResultGroup = (typeof SEARCH_RESULT_GROUPS)[number];

/** Results per group: enough to pick from, the list itself has the rest. */
export const SEARCH_GROUP_LIMIT = 6;

/** A driver's recent loads: for the first this many drivers matched, this many loads each (the next, then the last). */
export const SEARCH_DRIVER_LOADS = { drivers: 2, loads: 5 } as const;

/** Where a load stands, by its times and invoice (the palette's badge). */
export const LOAD_STATUSES = ['Planned', 'On the road', 'Delivered', 'Invoiced'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

/**
 * A load's status at `now` ("YYYY-MM-DD HH:mm", company time, as the list shows its times): invoiced
 * once on an invoice, delivered once its last delivery time has passed, on the road once picked up.
 */
export function loadStatus(
  load: { pickup: string | null; delivery: string | null; invoiced: boolean },
  now: string,
): LoadStatus {
  if (load.invoiced) return 'Invoiced';
  if (load.delivery && load.delivery <= now) return 'Delivered';
  if (load.pickup && load.pickup <= now) return 'On the road';
  return 'Planned';
}

export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Enter something to search for.').max(100, 'Search for at most 100 characters.'),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResultSchema = z.object({
  group: z.enum(SEARCH_RESULT_GROUPS),
  /** The record's id in its list (a load's id for trips and loads). */
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** Trips and loads: the trip the load belongs to (the detail view opens the trip). */
  trip_id: z.number().int().nullable(),
  /** A driver's recent load: where it stands. */
  status: z.enum(LOAD_STATUSES).optional(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({
  q: z.string(),
  groups: z.array(
    z.object({
      group: z.enum(SEARCH_RESULT_GROUPS),
      /** A driver's recent loads: the driver. */
      driver_id: z.number().int().optional(),
      label: z.string(),
      /** What this group's search covers (the list's search fields, plus its id). */
      fields: z.array(z.string()),
      results: z.array(SearchResultSchema),
    }),
  ),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
