import { ACTION } from '@backhaul/shared';
import type { App } from '../http/types';
import type { ListDefinition } from '../list/define-list';
import { type ListFiltersRoute, registerListRoute } from '../list/list.routes';
import type { runList } from '../list/run-list';

/**
 * The list calls every registry repeats ("GET or POST /{section} and /{section}/list", 001 §7):
 * - POST `${prefix}/list` (and each of `postUrls`) with the list request, `body` rewriting it first
 *   (e.g. the spec's filter_<column> names);
 * - GET `${prefix}` and `${prefix}/list` (or `getUrls`): the first page with the defaults;
 * - POST `${prefix}/filters`: the filter options alone (`filters.request` picks the request,
 *   `filters.keys` the answer's keys; default { limit: 1 } → { filter });
 * - POST `${prefix}/filterLogs`: the change log, needing both edit (9) and view (10) (001 §6).
 * Every call needs the list's section (view), like registerListRoute.
 */
export function registerRegistryListRoutes(
  app: App,
  db: Parameters<typeof runList>[0],
  opts: {
    prefix: string;
    list: ListDefinition;
    changeLog?: ListDefinition;
    tags: string[];
    body?: (body: unknown) => unknown;
    postUrls?: string[];
    getUrls?: string[];
    filters?: Omit<ListFiltersRoute, 'url'> | false;
  },
): void {
  const { prefix, list, tags } = opts;
  const access = { section: list.section };
  const rewrite = opts.body ?? ((body: unknown) => body);
  const filters: ListFiltersRoute | undefined =
    opts.filters === false ? undefined : { url: `${prefix}/filters`, ...opts.filters };
  (opts.postUrls ?? [`${prefix}/list`]).forEach((url, i) => {
    registerListRoute(app, db, list, {
      url,
      access,
      tags,
      prepare: (body) => ({ request: rewrite(body) }),
      // The filters' URL goes with the first list URL.
      ...(i === 0 && filters ? { filters } : {}),
    });
  });
  for (const url of opts.getUrls ?? [prefix, `${prefix}/list`]) {
    registerListRoute(app, db, list, { url, method: 'GET', access, tags });
  }
  if (opts.changeLog) {
    registerListRoute(app, db, opts.changeLog, {
      url: `${prefix}/filterLogs`,
      tags,
      access: { section: list.section, action: [ACTION.EDIT, ACTION.VIEW], match: 'all' },
    });
  }
}
