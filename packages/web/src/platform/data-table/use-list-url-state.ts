import { TABLE_DEFAULT_PAGE_SIZE } from '@backhaul/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useStore } from '../create-store';
import { preferencesStore } from '../preferences';
import { changeListState, type ListState, readListState, writeListState } from './list-state';

/**
 * A DataTable's state in the address bar (`?f=`, `sort`, `page`…, under `urlPrefix`). Writes start
 * from the address bar as it is now, not from the render's params: a callback kept from an older
 * render (a debounced search or filter) must not bring back a sort or a `?trip=` changed since.
 * The page size starts from the user's choice (User account settings), else the list's own default.
 */
export function useListUrlState(urlPrefix: string, listDefaultLimit: number | undefined) {
  const preferred = useStore(preferencesStore).pageSize;
  const defaultLimit = preferred ?? listDefaultLimit ?? TABLE_DEFAULT_PAGE_SIZE;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, urlPrefix, defaultLimit), [params, urlPrefix, defaultLimit]);
  const current = useCallback(
    () => readListState(new URLSearchParams(window.location.search), urlPrefix, defaultLimit),
    [urlPrefix, defaultLimit],
  );
  const setState = useCallback(
    (next: ListState) =>
      setParams(() => writeListState(new URLSearchParams(window.location.search), next, urlPrefix, defaultLimit), {
        replace: true,
      }),
    [setParams, urlPrefix, defaultLimit],
  );
  const update = (patch: Partial<ListState>) => setState(changeListState(current(), patch));
  /** `?open=<id>` (the global search's link), read once and forgotten. */
  const openParam = params.get(`${urlPrefix}open`);
  const forgetOpen = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete(`${urlPrefix}open`);
          return next;
        },
        { replace: true },
      ),
    [setParams, urlPrefix],
  );
  return { state, defaultLimit, current, setState, update, openParam, forgetOpen };
}
