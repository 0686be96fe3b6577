import { can, MSG } from '@backhaul/shared';
import {
  type ExportBody,
  ExportBodySchema,
  ExportResponseSchema,
  type SaveSettingsBody,
  SaveSettingsBodySchema,
  SaveSettingsResponseSchema,
} from '@backhaul/shared/list/list.contract';
import { z } from 'zod';
import type { Access, AuthUser } from '../auth/access';
import { caller } from '../auth/guard';
import { AppError } from '../errors';
import type { ExportService } from '../export/export.service';
import type { App, RouteModule } from '../http/types';
import { exportKindOf, findList, type ListColumn, type ListDefinition, mayExport, tableColumns } from './define-list';
import { normalizeSettings, resetSettings, saveSettings } from './list-settings';
import { compileList, refuseDataErrors, runList, selectTotals, streamList } from './run-list';

const SectionParams = z.object({ section: z.string().regex(/^[\w-]{1,64}$/, 'Unknown list.') });
const RequestKeyParams = z.object({ requestKey: z.string().regex(/^[\w-]{1,64}$/, 'Unknown list.') });

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

/**
 * Mounts a module's list endpoint: POST url with the list request, answered by runList.
 * `keys` renames response keys where the API register names others (e.g. rows → trips).
 */
export function registerListRoute(
  app: App,
  db: Parameters<typeof runList>[0],
  def: ListDefinition,
  opts: { url: string; access?: Access; tags?: string[]; keys?: Record<string, string> },
): void {
  app.post(opts.url, {
    config: { access: opts.access ?? { section: def.section } },
    schema: { tags: opts.tags ?? [def.title], body: z.unknown() },
    handler: async (req) => {
      const result = (await runList(db, def, caller(req).user, req.body)) as Record<string, unknown>;
      if (!opts.keys) return result;
      return Object.fromEntries(Object.entries(result).map(([k, v]) => [opts.keys?.[k] ?? k, v]));
    },
  });
}

/** Saves (or with `{ reset: true }` resets) the caller's column settings of a list: what /:section/settings does. */
export async function saveListSettings(
  db: Parameters<typeof runList>[0],
  def: ListDefinition,
  user: AuthUser,
  body: SaveSettingsBody,
) {
  if ('reset' in body) {
    await resetSettings(db, def, user.id);
    return { message: MSG.savingSuccess, settings: null };
  }
  const settings = await saveSettings(db, def, user.id, body.settings);
  return { message: MSG.savingSuccess, settings: normalizeSettings(def, settings) };
}

/** Writes a defined list with the caller's request (filters, search, sort, columns): what Export does. */
export async function exportDefinedList(opts: {
  db: Parameters<typeof runList>[0];
  exports: ExportService;
  def: ListDefinition;
  user: AuthUser;
  body: ExportBody;
  name?: string;
}) {
  const { db, def, user } = opts;
  if (!mayExport(def, user)) throw AppError.forbidden();
  const { columns: ids, format = 'xlsx', ...request } = opts.body;
  const columns = exportColumns(def, ids);
  const compiled = compileList(def, user, { ...request, with_options: false });
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
    rows: streamList(db, def, compiled, columns),
    totals: sums,
    count: totals.total,
  });
}

/** Column settings of every list: POST /:section/settings (000 §7, 001 §2). */
export const listRoutes: RouteModule = {
  name: 'list',
  register(app, { database: { db }, exports }) {
    const tags = ['Column settings'];
    app.post('/:section/settings', {
      config: { access: 'session' },
      schema: {
        tags,
        params: SectionParams,
        body: SaveSettingsBodySchema,
        response: { 200: SaveSettingsResponseSchema },
      },
      handler: async (req) => {
        const { user, grants } = caller(req);
        return saveListSettings(db, listFor(req.params.section, grants), user, req.body);
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
