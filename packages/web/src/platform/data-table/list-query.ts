import type { ListResponse } from '@backhaul/shared';
import { api } from '../api-client';
import { markPrefetched, queryClient } from '../query-client';
import { type ListState, toListRequest } from './list-state';

/**
 * Starts a list's page before its screen's code has loaded (a route loader, beside the session check),
 * under the key and with the body its DataTable uses (data-table.tsx), so the table finds the answer
 * in the cache. Nothing when the page is in the cache already; silent: a failure is the table's to
 * show when it asks again.
 */
export async function prefetchList(url: string, state: ListState): Promise<void> {
  const queryKey = ['list', url, state, []];
  if (queryClient.getQueryData(queryKey) !== undefined) return;
  const done = queryClient.prefetchQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.post<ListResponse<unknown>>(url, { ...toListRequest(state, true), keep: [] }, { signal, silent: true }),
  });
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query) markPrefetched(query);
  await done;
}
