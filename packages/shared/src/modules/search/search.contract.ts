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

/** Results per group: enough to pick from, the list itself has the rest. */
export const SEARCH_GROUP_LIMIT = 6;

export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Enter something to search for.').max(100, 'Search for at most 100 characters.'),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResultSchema = z.object({
  group: z.enum(SEARCH_GROUPS),
  /** The record's id in its list (a load's id for trips and loads). */
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** Trips and loads: the trip the load belongs to (the detail view opens the trip). */
  trip_id: z.number().int().nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({
  q: z.string(),
  groups: z.array(
    z.object({
      group: z.enum(SEARCH_GROUPS),
      label: z.string(),
      /** What this group's search covers (the list's search fields, plus its id). */
      fields: z.array(z.string()),
      results: z.array(SearchResultSchema),
    }),
  ),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
