import { type RecordRoutes, type RouteSpec, routeCall } from '@backhaul/shared';
import type { z } from 'zod';
import { api, apiRequest } from '../api-client';

/**
 * A module's query keys, so every query of one module and its invalidation agree:
 * `keys.all` (everything of the module), `keys.list(...)`, `keys.record(id)`, `keys.form(id)`.
 */
export function queryKeys<N extends string>(name: N) {
  return {
    all: [name] as const,
    list: (...params: unknown[]) => [name, 'list', ...params] as const,
    record: (id: number | string | null) => [name, 'record', id] as const,
    form: (id: number | string | null, ...params: unknown[]) => [name, 'form', id, ...params] as const,
  };
}
type QueryKeys = ReturnType<typeof queryKeys>;

const call = <T>(spec: RouteSpec, params: Record<string, number | string>, body: unknown, schema?: z.ZodType<T>) => {
  const { method, url } = routeCall(spec, params);
  return apiRequest<T>(method, url, {
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: body ?? {} }),
    ...(schema ? { schema } : {}),
  });
};

/**
 * A record's calls from the routes its contract declares (the same the server mounts), with the
 * answers checked against the contract's schemas where given:
 * - `load(id)`: what a dialog opens with (…/:id/edit, or GET one; …/create for a new one, or {});
 * - `save(id, values)`: create (id null) or update; `deleteUrl(id)` and `remove(id)`.
 */
export function recordApi<L = Record<string, unknown>, S extends { message: string } = { message: string }>(opts: {
  name: string;
  routes: RecordRoutes;
  schemas?: { load?: z.ZodType<L>; saved?: z.ZodType<S> };
}) {
  const { routes, schemas } = opts;
  return {
    keys: queryKeys(opts.name),
    routes,
    load: async (id: number | null, query?: Record<string, string | number | undefined>): Promise<L> => {
      const spec = id === null ? routes.createForm : (routes.editForm ?? routes.get);
      if (!spec) return {} as L;
      const { method, url } = routeCall(spec, id === null ? {} : { id });
      return apiRequest<L>(method, url, {
        ...(query ? { query } : {}),
        ...(schemas?.load ? { schema: schemas.load } : {}),
      });
    },
    /** A record under another one is created with `{ parentId }` (e.g. a truck's note). */
    save: (id: number | null, values: unknown, params: Record<string, number> = {}): Promise<S> => {
      const spec = id === null ? routes.create : routes.update;
      if (!spec) throw new Error(`${opts.name}: no ${id === null ? 'create' : 'update'} call`);
      return call<S>(spec, id === null ? params : { id }, values, schemas?.saved);
    },
    deleteUrl: (id: number | string) => {
      if (!routes.remove) throw new Error(`${opts.name}: no remove call`);
      return routeCall(routes.remove, { id }).url;
    },
    remove: (id: number) => api.delete<{ message: string }>(routeCall(routes.remove as RouteSpec, { id }).url),
  };
}
export type RecordApi<L = Record<string, unknown>, S extends { message: string } = { message: string }> = ReturnType<
  typeof recordApi<L, S>
>;
