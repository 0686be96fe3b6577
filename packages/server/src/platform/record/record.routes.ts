import {
  ACTION,
  IdParamsSchema,
  MessageBodySchema,
  type RecordOperation,
  type RecordRoutes,
  type RouteSpec,
} from '@backhaul/shared';
import type { FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Access, AuthContext, AuthUser } from '../auth/access';
import { caller } from '../auth/guard';
import type { FileOwner } from '../files/files.service';
import type { App, AppDeps } from '../http/types';
import type { AnyRecord } from './define-record';
import { createRecord, deleteRecord, getRecord, updateRecord } from './record.service';

export type FormContext<Q = Record<string, unknown>> = { db: Db; user: AuthUser; auth: AuthContext; query: Q };

export type RecordRoutesOptions<Row, Q extends z.ZodObject = z.ZodObject> = {
  tags: string[];
  /** The key the record answers under ({ city }, { item }); null spreads the row into the answer. */
  key: string | null;
  /** The calls to mount, from the contract (`recordRoutes('/trucks')`, or the register's own paths). */
  routes: RecordRoutes;
  /** Default: the section for get, create 8 for the create form and create, edit 9 or view 10 for the edit form, edit 9, delete 11. */
  access?: Partial<Record<RecordOperation, Access>>;
  forms?: {
    /** GET …/create's query string (e.g. a preselected customer). */
    query?: Q;
    /** What the form chooses from, merged into both form answers (`row` is null on create). */
    options?: (ctx: FormContext<Partial<z.output<Q>>> & { row: Row | null }) => Promise<Record<string, unknown>>;
    optionsSchema?: z.ZodObject;
    /** Replaces the edit form's answer (default { [key]: row, ...options }). */
    edit?: (ctx: FormContext & { id: number }) => Promise<unknown>;
    editSchema?: z.ZodType;
  };
  /**
   * A live topic (registered by the module with `live.registerTopic`) told of every create, update
   * and delete once its transaction has committed: `{ topic, id, action }`, no row.
   */
  liveTopic?: string;
  /** The create call updates the record whose id the body names, when it names one (001 §4: "by whether the record has an id"). */
  createUpdatesBy?: (form: never) => number | null | undefined;
  /** Replaces a save's answer (default { message, [key]: row }). */
  saved?: { answer: (row: Row, message: string) => unknown; schema: z.ZodType };
};

const ParentParamsSchema = z.object({ parentId: z.coerce.number().int().positive() });

/**
 * Mounts a record's calls with the contract's schemas (so OpenAPI documents them), access per call
 * and the record's messages. Handlers are one line each: every rule lives in the record.
 */
export function registerRecordRoutes<Row, Q extends z.ZodObject = z.ZodObject>(
  app: App,
  deps: Pick<AppDeps, 'database' | 'files'> & Partial<Pick<AppDeps, 'live'>>,
  record: AnyRecord & { toRow: (...args: never[]) => Row | Promise<Row> },
  opts: RecordRoutesOptions<Row, Q>,
): void {
  const { db } = deps.database;
  const { section } = record;
  const { routes } = opts;
  const access: Record<RecordOperation, Access> = {
    get: { section },
    createForm: { section, action: ACTION.CREATE },
    editForm: { section, action: [ACTION.EDIT, ACTION.VIEW] },
    create: { section, action: ACTION.CREATE },
    update: { section, action: ACTION.EDIT },
    remove: { section, action: ACTION.DELETE },
    ...opts.access,
  };
  const keyed = (row: z.ZodType) =>
    opts.key === null ? (row as z.ZodObject) : z.object({ [opts.key]: row } as Record<string, z.ZodType>);
  const wrap = (row: unknown): Record<string, unknown> =>
    opts.key === null ? (row as Record<string, unknown>) : { [opts.key]: row };
  const options = opts.forms?.options;
  const optionsSchema = opts.forms?.optionsSchema ?? z.object({});
  const savedSchema = opts.saved?.schema ?? keyed(record.row).extend({ message: z.string() });
  const answerSaved = (row: Row, message: string) =>
    opts.saved ? opts.saved.answer(row, message) : { message, ...wrap(row) };
  const context = (req: FastifyRequest): FormContext<Partial<z.output<Q>>> => {
    const auth = caller(req);
    return { db, user: auth.user, auth, query: (req.query ?? {}) as Partial<z.output<Q>> };
  };
  const mount = (op: RecordOperation, schema: Record<string, unknown>, handler: (req: FastifyRequest) => unknown) => {
    const spec: RouteSpec | undefined = routes[op];
    if (!spec) return;
    const [method, url] = spec.split(' ') as [HTTPMethods, string];
    app.route({
      method,
      url,
      config: { access: access[op] },
      schema: { tags: opts.tags, ...(url.includes(':id') ? { params: IdParamsSchema } : {}), ...schema },
      handler,
    });
  };
  const idOf = (req: FastifyRequest) => (req.params as { id: number }).id;
  const userOf = (req: FastifyRequest) => caller(req).user;
  // After the engine's transaction (the handler's write has committed): a listener that reads again sees it.
  const told = async (req: FastifyRequest, id: number, action: 'created' | 'updated' | 'deleted') => {
    if (opts.liveTopic && deps.live)
      await deps.live.publish(userOf(req).companyId, { topic: opts.liveTopic, id, action });
  };
  const idIn = (row: unknown) => Number((row as { id?: unknown } | null)?.id ?? 0);

  mount('get', { response: { 200: keyed(record.row) } }, async (req) =>
    wrap(await getRecord(db, record, userOf(req), idOf(req))),
  );
  mount(
    'createForm',
    { ...(opts.forms?.query ? { querystring: opts.forms.query } : {}), response: { 200: optionsSchema } },
    async (req) => (options ? options({ ...context(req), row: null }) : {}),
  );
  mount(
    'editForm',
    { response: { 200: opts.forms?.editSchema ?? keyed(record.row).extend(optionsSchema.shape) } },
    async (req) => {
      const ctx = context(req);
      if (opts.forms?.edit) return opts.forms.edit({ ...ctx, id: idOf(req) });
      const row = (await getRecord(db, record, ctx.user, idOf(req))) as Row;
      return { ...wrap(row), ...(options ? await options({ ...ctx, row }) : {}) };
    },
  );
  // A record under a parent is created at a URL naming it, e.g. 'POST /trucks/notes/:parentId/store'.
  mount(
    'create',
    {
      body: record.form,
      response: { 200: savedSchema },
      ...(String(routes.create).includes(':parentId') ? { params: ParentParamsSchema } : {}),
    },
    async (req) => {
      const id = opts.createUpdatesBy?.(req.body as never);
      if (id) {
        const row = await updateRecord(db, record, userOf(req), id, req.body);
        await told(req, id, 'updated');
        return answerSaved(row, record.messages.updated);
      }
      const parentId = (req.params as { parentId?: number }).parentId;
      const row = await createRecord(db, record, userOf(req), req.body, parentId === undefined ? {} : { parentId });
      await told(req, idIn(row), 'created');
      return answerSaved(row, record.messages.created);
    },
  );
  mount('update', { body: record.form, response: { 200: savedSchema } }, async (req) => {
    const row = await updateRecord(db, record, userOf(req), idOf(req), req.body);
    await told(req, idOf(req), 'updated');
    return answerSaved(row, record.messages.updated);
  });
  mount('remove', { response: { 200: MessageBodySchema } }, async (req) => {
    const id = idOf(req);
    await deleteRecord(db, record, userOf(req), id);
    // The record's files (an entity owned by this table) go with it: rows, then bytes.
    await deps.files.sweepOrphans({ owner: record.table as FileOwner, id, actor: userOf(req) });
    await told(req, id, 'deleted');
    return { message: record.messages.deleted };
  });
}
