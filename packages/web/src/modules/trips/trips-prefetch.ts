import { LIST_DEFAULT_PAGE_SIZE } from '@backhaul/shared';
import { hasToken, preferencesReady } from '../../platform/auth-store';
import { prefetchList } from '../../platform/data-table/list-query';
import { readListState } from '../../platform/data-table/list-state';
import { preferencesStore, storedPageSize } from '../../platform/preferences';

export const TRIPS_LIST_URL = '/trips/list';

/**
 * The trips page's first list request, started by its route beside the session check and the page's
 * code (issue 31): the request the page's table makes (the URL's state, the user's page size, else
 * 15), so the table finds the answer in the cache. The page size is the one read last time, else it
 * waits for the preferences read with the session (a size changed since only costs this request).
 * Nothing without a session.
 */
export async function prefetchTrips(search: string): Promise<void> {
  if (!hasToken()) return;
  let pageSize = storedPageSize();
  if (pageSize === undefined) {
    await preferencesReady();
    if (!hasToken()) return;
    pageSize = preferencesStore.get().pageSize;
  }
  await prefetchList(
    TRIPS_LIST_URL,
    readListState(new URLSearchParams(search), '', pageSize ?? LIST_DEFAULT_PAGE_SIZE),
  );
}
