import { IdParamsSchema, MSG } from '@backhaul/shared';
import { z } from 'zod';
import { caller } from '../auth/guard';
import { AppError } from '../errors';
import type { RouteModule } from '../http/types';
import { FILE_MSG, PREVIEW_MIMES } from './file-rules';
import type { FileRow } from './files.table';

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

export const fileLink = (id: number) => `/api/files/${id}/download`;

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

export const filesRoutes: RouteModule = {
  name: 'files',
  register(app, { files }) {
    // Access per record is the entity's callback (files.service); the route only needs a session.
    app.post('/files/upload/:entity/:entityId', {
      config: { access: 'session' },
      schema: { tags: ['Files'], params: EntityParams, response: { 200: z.object({ file: FileSchema }) } },
      handler: async (req) => {
        const auth = caller(req);
        if (!files.isRegistered(req.params.entity)) throw AppError.notFound();
        if (!req.isMultipart()) throw AppError.invalidField('file', FILE_MSG.noFile);
        let category: string | null = null;
        let upload: { name: string; data: Buffer } | null = null;
        try {
          for await (const part of req.parts({ limits: { fileSize: files.maxBytes, files: 1 } })) {
            if (part.type === 'field') {
              if (part.fieldname === 'category' && typeof part.value === 'string') category = part.value.slice(0, 64);
            } else if (!upload) {
              upload = { name: part.filename, data: await part.toBuffer() };
            } else {
              await part.toBuffer();
            }
          }
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('payload_too_large', FILE_MSG.tooLarge(files.maxBytes));
          }
          throw err;
        }
        if (!upload) throw AppError.invalidField('file', FILE_MSG.noFile);
        const row = await files.upload({ auth, ...req.params, category, ...upload });
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
        config: { access: 'session' },
        schema: { tags: ['Files'], params: IdParamsSchema },
        handler: async (req, reply) => {
          const { file, body } = await files.open(caller(req), req.params.id, mode);
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
