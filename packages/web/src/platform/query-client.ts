import { QueryClient } from '@tanstack/react-query';

// The API client already alerts on failures, so queries do not retry into a second alert.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** How long a query fetched before its screen mounted (a route's prefetch) counts as fresh. */
export const PREFETCH_FRESH_MS = 10_000;
const prefetched = new WeakSet<object>();

/** Marks a query as fetched ahead of its screen (platform/data-table/list-query.ts prefetchList). */
export const markPrefetched = (query: object): void => {
  prefetched.add(query);
};

/** A staleTime: a prefetched query is fresh a while (its screen shows it without a second request), others at once stale. */
export const prefetchedStaleTime = (query: object): number => (prefetched.has(query) ? PREFETCH_FRESH_MS : 0);
