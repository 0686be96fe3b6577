import { Readable } from 'node:stream';
import { can, MSG } from '@backhaul/shared';
import {
  type ExportBody,
  ExportBodySchema,
  ExportResponseSchema,
  listResponseSchema,
  SaveSettingsBodySchema,
  SaveSettingsResponseSchema,
} from '@backhaul/shared/list/list.contract';
import { z } from 'zod';
import type { Access, AuthUser } from '../auth/access';
import { caller } from '../auth/guard';
import { AppError } from '../errors';
import type { ExportService } from '../export/export.service';
import type { App, RouteModule } from '../http/types';
import {
  exportKindOf,
  findList,
  type ListArgs,
  type ListColumn,
  type ListDefinition,
  mayExport,
  tableColumns,
} from './define-list';
import { normalizeSettings, resetSettings, saveSettings } from './list-settings';
import {
  compileList,
  JsonRows,
  type ListAnswer,
  refuseDataErrors,
  runList,
  runListStreamed,
  selectTotals,
  streamList,
} from './run-list';

const SectionParams = z.object({ section: z.string().regex(/^[\w-]{1,64}$/, 'Unknown list.') });
const RequestKeyParams = z.object({ requestKey: z.string().regex(/^[\w-]{1,64}$/, 'Unknown list.') });

/**
 * Rows per keyset batch of an export: a file is written at the writer's pace, so smaller batches
 * keep less in memory (two in flight) at the same speed.
 */
const EXPORT_BATCH = 2000;

/** The columns to write: the caller's visible ones in its order, or the definition's default. */
function exportColumns(def: ListDefinition, ids: string[] | undefined): ListColumn[] {
  const known = new Map(tableColumns(def).map((c) => [c.id, c]));
  if (!ids?.length) return tableColumns(def).filter((c) => !c.hidden);
  const errors: Record<string, string[]> = {};
  ids.forEach((id, i) => {
    if (!known.has(id)) errors[`columns.${i}`] = [`Unknown column "${id}".`];
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
  return ids.map((id) => known.get(id) as ListColumn);
}

/** The list a generic route names, if the caller may read it (404 for an unknown key). */
export function listFor(key: string, grants: Parameters<typeof can>[0]): ListDefinition {
  const def = findList(key);
  if (!def) throw AppError.notFound('Not found');
  if (!can(grants, { section: def.section })) throw AppError.forbidden();
  return def;
}

/** Keys renamed where the API register names others (e.g. rows → trips), and keys a route adds. */
type AnswerShape = { keys?: Record<string, string>; extra?: z.ZodRawShape };

/**
 * The response schema of a list route, for OpenAPI: the engine's keys (renamed where the register
 * says), one property per column of the definition in `rows`, and the route's own keys.
 */
export function listAnswerSchema(def: ListDefinition, shape: AnswerShape = {}) {
  const row = z.object(Object.fromEntries(def.columns.map((c) => [c.id, z.unknown().meta({ description: c.title })])));
  const engine = Object.entries(listResponseSchema(row).shape).map(([k, v]) => [shape.keys?.[k] ?? k, v]);
  return z.object({ ...Object.fromEntries(engine), ...shape.extra });
}

/** The bytes JSON.stringify would write for `entries` as an object, with streamed rows written as they come. */
async function* jsonChunks(entries: Array<[string, unknown]>): AsyncGenerator<string | Buffer> {
  let sep = '{';
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    const head = `${sep}${JSON.stringify(key)}:`;
    sep = ',';
    if (!(value instanceof JsonRows)) {
      yield head + JSON.stringify(value);
      continue;
    }
    yield `${head}[`;
    for await (const piece of value.pieces) yield piece;
    yield ']';
  }
  yield sep === '{' ? '{}' : '}';
}

/**
 * A list answer as the route sends it: keys renamed and added; when the rows are still coming
 * ('All'), a stream of the same JSON, written batch by batch (compressed on the way by
 * @fastify/compress), so the first bytes leave while the database reads the next batch.
 */
export function listReply(
  answer: ListAnswer,
  opts: { keys?: Record<string, string>; extra?: Record<string, unknown> } = {},
): Record<string, unknown> | Readable {
  const entries: Array<[string, unknown]> = Object.entries(answer).map(([k, v]) => [opts.keys?.[k] ?? k, v]);
  for (const [k, v] of Object.entries(opts.extra ?? {})) {
    // A key the answer has (a `sum` with one more total) is replaced where it stands.
    const at = entries.findIndex(([key]) => key === k);
    if (at >= 0) entries[at] = [k, v];
    else entries.push([k, v]);
  }
  if (!entries.some(([, v]) => v instanceof JsonRows)) return Object.fromEntries(entries);
  return Readable.from(jsonChunks(entries), { objectMode: false });
}

/** The engine's answer is written as it is: 15,000 rows are not checked again against the schema. */
const asIs = () => (data: unknown) => JSON.stringify(data);

/** What a route makes of the body before the engine runs: the engine's request, FROM arguments, keys to add. */
export type ListPrepared = { request: unknown; args?: ListArgs; extra?: Record<string, unknown> };

/** What a list route's hooks see of the request: the caller and the route's params. */
export type ListRouteContext<P> = { user: AuthUser; params: P };

/**
 * The filter options of a list alone (…/filters, a GET of the screen's filters): the answer to
 * `request` (default: the first row, with the options), its `keys` (default `filter`); `withBody`
 * puts the caller's body under the request (its filters narrow the options' counts).
 */
export type ListFiltersRoute = {
  url: string;
  method?: 'POST' | 'GET';
  request?: Record<string, unknown>;
  keys?: ReadonlyArray<keyof ListAnswer>;
  withBody?: boolean;
};

export type ListRouteOptions<P> = {
  url: string;
  method?: 'POST' | 'GET';
  access?: Access;
  tags?: string[];
  keys?: Record<string, string>;
  /** The route's params (`/dispatcher/statement/:id/list`), validated, for the hooks. */
  params?: z.ZodType<P>;
  /** The variant of the list the caller reads (a dispatcher user's own statements); default: the list. */
  listFor?: (user: AuthUser) => ListDefinition;
  /** Turns the body into the engine's request (may check the params first: a statement out of reach is a 404). */
  prepare?: (body: unknown, ctx: ListRouteContext<P>) => ListPrepared | Promise<ListPrepared>;
  /**
   * Keys computed per request from the engine's answer, added after its keys or put in place of
   * one (the months that have statements, a `sum` with one more total).
   */
  answer?: (
    list: ListAnswer,
    ctx: ListRouteContext<P> & { request: unknown; args: ListArgs },
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The schema of the keys `prepare` and `answer` add (OpenAPI). */
  extra?: z.ZodRawShape;
  /** The list's filter options alone, at these URLs. */
  filters?: ListFiltersRoute | readonly ListFiltersRoute[];
};

/**
 * Mounts a module's list endpoint: POST url with the list request (GET: the first page with the
 * defaults), answered by the engine, with its response schema. `keys` renames response keys where
 * the API register names others (rows → trips); `prepare` turns the body into the engine's request
 * (the spec's filter names, a report's window as `args`) and names keys to add after the engine's;
 * `answer` adds keys computed from the answer; `extra` is their schema; `filters` mounts the
 * filter options' URLs beside it.
 */
export function registerListRoute<P = Record<string, never>>(
  app: App,
  db: Parameters<typeof runList>[0],
  def: ListDefinition,
  opts: ListRouteOptions<P>,
): void {
  const method = opts.method ?? 'POST';
  const access = opts.access ?? { section: def.section };
  const listOf = (user: AuthUser) => (opts.listFor ? opts.listFor(user) : def);
  app.route({
    method,
    url: opts.url,
    config: { access },
    schema: {
      tags: opts.tags ?? [def.title],
      ...(opts.params ? { params: opts.params } : {}),
      ...(method === 'POST' ? { body: z.unknown() } : {}),
      response: { 200: listAnswerSchema(def, { keys: opts.keys, extra: opts.extra }) },
    },
    serializerCompiler: asIs,
    handler: async (req, reply) => {
      const { user } = caller(req);
      const ctx = { user, params: req.params as P };
      const body = method === 'GET' ? {} : req.body;
      const prepared = opts.prepare ? await opts.prepare(body, ctx) : { request: body };
      const args = prepared.args ?? {};
      const answer = await runListStreamed(db, listOf(user), user, prepared.request, {
        ...(prepared.args ? { args } : {}),
      });
      const added = opts.answer ? await opts.answer(answer, { ...ctx, request: prepared.request, args }) : {};
      const sent = listReply(answer, { keys: opts.keys, extra: { ...prepared.extra, ...added } });
      if (sent instanceof Readable) return reply.type('application/json; charset=utf-8').send(sent as never);
      return sent;
    },
  });
  for (const route of [opts.filters ?? []].flat()) {
    registerFiltersRoute(app, db, listOf, { ...route, access, tags: opts.tags ?? [def.title] });
  }
}

function registerFiltersRoute(
  app: App,
  db: Parameters<typeof runList>[0],
  listOf: (user: AuthUser) => ListDefinition,
  opts: ListFiltersRoute & { access: Access; tags: string[] },
): void {
  const method = opts.method ?? 'POST';
  const keys = opts.keys ?? ['filter'];
  app.route({
    method,
    url: opts.url,
    config: { access: opts.access },
    schema: { tags: opts.tags, ...(method === 'POST' ? { body: z.unknown() } : {}) },
    handler: async (req) => {
      const { user } = caller(req);
      const body = opts.withBody && req.body && typeof req.body === 'object' ? req.body : {};
      const answer = await runList(db, listOf(user), user, { ...body, ...(opts.request ?? { limit: 1 }) });
      return Object.fromEntries(keys.map((k) => [k, answer[k as keyof typeof answer]]));
    },
  });
}

/**
 * Mounts a list's column settings call (000 §7, 001 §2): save the caller's settings, or `reset`.
 * The generic POST /:section/settings uses it; a list whose register path differs mounts its own.
 */
export function registerSettingsRoute(
  app: App,
  db: Parameters<typeof runList>[0],
  opts: { url: string; access: Access; list: ListDefinition | ((req: { params: unknown }) => ListDefinition) },
): void {
  const listOf = opts.list;
  app.post(opts.url, {
    config: { access: opts.access },
    schema: {
      tags: ['Column settings'],
      ...(opts.url.includes(':') ? { params: SectionParams } : {}),
      body: SaveSettingsBodySchema,
      response: { 200: SaveSettingsResponseSchema },
    },
    handler: async (req) => {
      const { user } = caller(req);
      const def = typeof listOf === 'function' ? listOf(req) : listOf;
      if ('reset' in req.body) {
        await resetSettings(db, def, user.id);
        return { message: MSG.savingSuccess, settings: null };
      }
      const settings = await saveSettings(db, def, user.id, req.body.settings);
      return { message: MSG.savingSuccess, settings: normalizeSettings(def, settings) };
    },
  });
}

/** Writes a defined list with the caller's request (filters, search, sort, columns): what Export does. */
export async function exportDefinedList(opts: {
  db: Parameters<typeof runList>[0];
  exports: ExportService;
  def: ListDefinition;
  user: AuthUser;
  body: ExportBody;
  name?: string;
  args?: ListArgs;
}) {
  const { db, def, user } = opts;
  if (!mayExport(def, user)) throw AppError.forbidden();
  const { columns: ids, format = 'xlsx', ...request } = opts.body;
  const columns = exportColumns(def, ids);
  const compiled = compileList(
    def,
    user,
    { ...request, with_options: false },
    { args: opts.args ?? {}, withDefaults: true },
  );
  const totals = await refuseDataErrors(selectTotals(db, def, compiled));
  const sums = Object.fromEntries(columns.filter((c) => c.footer === 'sum').map((c) => [c.id, totals.sum[c.id] ?? 0]));
  return opts.exports.exportList({
    actor: { id: user.id, companyId: user.companyId },
    name: opts.name ?? def.title,
    format,
    columns: columns.map((c) => ({
      id: c.id,
      title: c.title,
      kind: exportKindOf(c),
      ...(c.footer ? { footer: c.footer } : {}),
    })),
    rows: streamList(db, def, compiled, columns, { batch: EXPORT_BATCH }),
    totals: sums,
    count: totals.total,
  });
}

/** Column settings of every list: POST /:section/settings (000 §7, 001 §2). */
export const listRoutes: RouteModule = {
  name: 'list',
  register(app, { database: { db }, exports }) {
    // Any list's settings by its key; the list's section is checked per request (403 or 404).
    registerSettingsRoute(app, db, {
      url: '/:section/settings',
      access: 'session',
      list: (req) => {
        const { section } = SectionParams.parse(req.params);
        return listFor(section, caller(req as Parameters<typeof caller>[0]).grants);
      },
    });

    // Export of any list from its definition: the caller's filters, search, sort and visible columns.
    app.post('/:requestKey/export', {
      config: { access: 'session' },
      schema: {
        tags: ['Export'],
        params: RequestKeyParams,
        body: ExportBodySchema,
        response: { 200: ExportResponseSchema },
      },
      handler: async (req) => {
        const { user, grants } = caller(req);
        return exportDefinedList({ db, exports, def: listFor(req.params.requestKey, grants), user, body: req.body });
      },
    });
  },
};
