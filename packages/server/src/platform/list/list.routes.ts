import { can, MSG } from '@backhaul/shared';
import { SaveSettingsBodySchema, SaveSettingsResponseSchema } from '@backhaul/shared/list/list.contract';
import { z } from 'zod';
import type { Access } from '../auth/access';
import { caller } from '../auth/guard';
import { AppError } from '../errors';
import type { App, RouteModule } from '../http/types';
import { findList, type ListDefinition } from './define-list';
import { normalizeSettings, resetSettings, saveSettings } from './list-settings';
import { runList } from './run-list';

const SectionParams = z.object({ section: z.string().regex(/^[\w-]{1,64}$/, 'Unknown list.') });

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

/** Column settings of every list: POST /:section/settings (000 §7, 001 §2). */
export const listRoutes: RouteModule = {
  name: 'list',
  register(app, { database: { db } }) {
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
        const def = listFor(req.params.section, grants);
        if ('reset' in req.body) {
          await resetSettings(db, def, user.id);
          return { message: MSG.savingSuccess, settings: null };
        }
        const settings = await saveSettings(db, def, user.id, req.body.settings);
        return { message: MSG.savingSuccess, settings: normalizeSettings(def, settings) };
      },
    });
  },
};
