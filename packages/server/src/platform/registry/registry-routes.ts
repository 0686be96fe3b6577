import { ACTION } from '@backhaul/shared';
import { z } from 'zod';
import { caller } from '../auth/guard';
import type { App } from '../http/types';
import type { ListDefinition } from '../list/define-list';
import { registerListRoute } from '../list/list.routes';
import { runList } from '../list/run-list';

type ListResult = Awaited<ReturnType<typeof runList>>;

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
    filters?: { request?: Record<string, unknown>; keys?: Array<keyof ListResult> } | false;
  },
): void {
  const { prefix, list, tags } = opts;
  const access = { section: list.section };
  const rewrite = opts.body ?? ((body: unknown) => body);
  for (const url of opts.postUrls ?? [`${prefix}/list`]) {
    registerListRoute(app, db, list, { url, access, tags, prepare: (body) => ({ request: rewrite(body) }) });
  }
  for (const url of opts.getUrls ?? [prefix, `${prefix}/list`]) {
    registerListRoute(app, db, list, { url, method: 'GET', access, tags });
  }
  if (opts.filters !== false) {
    const request = opts.filters?.request ?? { limit: 1 };
    const keys = opts.filters?.keys ?? ['filter'];
    app.post(`${prefix}/filters`, {
      config: { access },
      schema: { tags, body: z.unknown() },
      handler: async (req) => {
        const result = await runList(db, list, caller(req).user, request);
        return Object.fromEntries(keys.map((k) => [k, result[k]]));
      },
    });
  }
  if (opts.changeLog) {
    registerListRoute(app, db, opts.changeLog, {
      url: `${prefix}/filterLogs`,
      tags,
      access: { section: list.section, action: [ACTION.EDIT, ACTION.VIEW], match: 'all' },
    });
  }
}
