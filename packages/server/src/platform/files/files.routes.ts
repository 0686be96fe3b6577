import { IdParamsSchema, MSG } from '@backhaul/shared';
import { z } from 'zod';
import { caller } from '../auth/guard';
import type { LinkSigner } from '../auth/signed-links';
import { AppError } from '../errors';
import type { RouteModule } from '../http/types';
import { PREVIEW_MIMES } from './file-rules';
import { type FileMode, fileLink } from './files.service';
import type { FileRow } from './files.table';
import { readUpload } from './read-upload';

const FileSchema = z.object({
  id: z.number().int(),
  entity: z.string(),
  entity_id: z.string(),
  category: z.string().nullable(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploaded_by: z.number().int().nullable(),
  created_at: z.string(),
  url: z.string(),
  preview_url: z.string().nullable(),
});

const DEFAULT_LINK_SECONDS = 15 * 60;
const MAX_LINK_SECONDS = 7 * 24 * 3600;

const FileLinkBodySchema = z
  .object({
    mode: z.enum(['download', 'preview']).optional(),
    expires_in: z.number().int().min(60).max(MAX_LINK_SECONDS).optional(),
  })
  .optional();

/**
 * An absolute signed link to a file, valid for `seconds` (at most a week): for mail and other places
 * outside the browser session. Whoever holds it can fetch the file until it expires.
 */
export async function signFileLink(
  links: LinkSigner,
  publicUrl: string,
  opts: { id: number; mode: FileMode; seconds: number },
): Promise<{ url: string; expires_at: string }> {
  const expiresAt = new Date(Date.now() + Math.min(opts.seconds, MAX_LINK_SECONDS) * 1000);
  const path = await links.sign(`/api/files/${opts.id}/${opts.mode}`, expiresAt);
  return { url: `${publicUrl}${path}`, expires_at: expiresAt.toISOString() };
}

export function fileJson(f: FileRow): z.infer<typeof FileSchema> {
  return {
    id: f.id,
    entity: f.entity,
    entity_id: f.entityId,
    category: f.category,
    name: f.originalName,
    mime: f.mime,
    size: f.size,
    uploaded_by: f.uploadedBy,
    created_at: new Date(f.createdAt).toISOString(),
    url: fileLink(f.id),
    preview_url: PREVIEW_MIMES.has(f.mime) ? `/api/files/${f.id}/preview` : null,
  };
}

const EntityParams = z.object({
  entity: z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/),
  entityId: z.string().regex(/^[\w-]{1,64}$/),
});

const contentDisposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Nightly: files whose owning row went without them (a cascade, a module's own delete). */
export const FILES_SWEEP_JOB = 'files-sweep';

export const filesRoutes: RouteModule = {
  name: 'files',
  register(app, { files, links, config, jobs }) {
    jobs.define(FILES_SWEEP_JOB, async () => ({ removed: await files.sweepOrphans() }));
    jobs.scheduleDaily(FILES_SWEEP_JOB, { hour: 3, minute: 30, timeZone: 'America/Chicago' });
    // Access per record is the entity's callback (files.service); the route only needs a session.
    app.post('/files/upload/:entity/:entityId', {
      config: { access: 'session' },
      schema: { tags: ['Files'], params: EntityParams, response: { 200: z.object({ file: FileSchema }) } },
      handler: async (req) => {
        const auth = caller(req);
        if (!files.isRegistered(req.params.entity)) throw AppError.notFound();
        // The spec's rules (§5: name, type by name and content, size) are the files service's.
        const { name, data, fields } = await readUpload(req, { maxBytes: files.maxBytes });
        const category = fields.category?.slice(0, 64) ?? null;
        const row = await files.upload({ auth, ...req.params, category, name, data });
        return { file: fileJson(row) };
      },
    });

    app.get('/files/list/:entity/:entityId', {
      config: { access: 'session' },
      schema: { tags: ['Files'], params: EntityParams, response: { 200: z.object({ rows: z.array(FileSchema) }) } },
      handler: async (req) => ({
        rows: (await files.list(caller(req), req.params.entity, req.params.entityId)).map(fileJson),
      }),
    });

    for (const mode of ['download', 'preview'] as const) {
      app.get(`/files/:id/${mode}`, {
        // The web's links carry the session cookie; a signed link (POST /files/:id/link) needs none.
        config: { access: 'session', signedLinks: true },
        schema: { tags: ['Files'], params: IdParamsSchema },
        handler: async (req, reply) => {
          const { file, body } = req.signedLink
            ? await files.openLinked(req.params.id, mode)
            : await files.open(caller(req), req.params.id, mode);
          return reply
            .header('content-type', file.mime)
            .header('content-length', body.length)
            .header('x-content-type-options', 'nosniff')
            .header('cache-control', 'private, no-store')
            .header(
              'content-disposition',
              contentDisposition(mode === 'preview' ? 'inline' : 'attachment', file.originalName),
            )
            .send(body);
        },
      });
    }

    app.post('/files/:id/link', {
      config: { access: 'session' },
      schema: {
        tags: ['Files'],
        description: 'A link to the file that works without a session until it expires (e.g. to send by mail).',
        params: IdParamsSchema,
        body: FileLinkBodySchema,
        response: { 200: z.object({ url: z.string(), expires_at: z.string() }) },
      },
      handler: async (req) => {
        const { mode = 'download', expires_in = DEFAULT_LINK_SECONDS } = req.body ?? {};
        const file = await files.visible(caller(req), req.params.id, mode);
        return signFileLink(links, config.publicUrl, { id: file.id, mode, seconds: expires_in });
      },
    });

    app.delete('/files/:id', {
      config: { access: 'session' },
      schema: { tags: ['Files'], params: IdParamsSchema, response: { 200: z.object({ message: z.string() }) } },
      handler: async (req) => {
        await files.remove(caller(req), req.params.id);
        return { message: MSG.recordDeleted };
      },
    });
  },
};
