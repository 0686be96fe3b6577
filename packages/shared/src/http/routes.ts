/**
 * A record's calls as the API register writes them ('PUT /trucks/:id'), declared once in the
 * module's contract: the server mounts them (`registerRecordRoutes`), the web calls them
 * (`recordApi`). `:id` is the record, `:parentId` the record a new one is created under.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RouteSpec = `${HttpMethod} /${string}`;

/** get: one record; createForm / editForm: what a dialog loads; create, update, remove: the writes. */
export type RecordOperation = 'get' | 'createForm' | 'editForm' | 'create' | 'update' | 'remove';
export type RecordRoutes = Partial<Record<RecordOperation, RouteSpec>>;

/**
 * The usual six calls under `base` (the /info pattern): GET base/create, GET base/:id/edit,
 * POST base, PUT base/:id, DELETE base/:id; `changes` adds, replaces or (false) leaves one out.
 */
export function recordRoutes(
  base: `/${string}`,
  changes: Partial<Record<RecordOperation, RouteSpec | false>> = {},
): RecordRoutes {
  const routes: Partial<Record<RecordOperation, RouteSpec | false>> = {
    createForm: `GET ${base}/create`,
    editForm: `GET ${base}/:id/edit`,
    create: `POST ${base}`,
    update: `PUT ${base}/:id`,
    remove: `DELETE ${base}/:id`,
    ...changes,
  };
  return Object.fromEntries(Object.entries(routes).filter(([, v]) => v)) as RecordRoutes;
}

/** The method and the URL of a call for these parameters, e.g. ('PUT /trucks/:id', { id: 7 }) → PUT /trucks/7. */
export function routeCall(spec: RouteSpec, params: Record<string, string | number> = {}) {
  const [method, path] = spec.split(' ') as [HttpMethod, string];
  const url = path.replace(/:(\w+)(\([^)]*\))?/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${spec}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return { method, url };
}
