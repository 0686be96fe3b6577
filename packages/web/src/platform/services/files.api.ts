import { MSG } from '@backhaul/shared';
import { z } from 'zod';
import { API_BASE, api, webHeaders } from '../api-client';
import { ApiError, describeFailure } from '../api-errors';

export const StoredFileSchema = z.object({
  id: z.number(),
  entity: z.string(),
  entity_id: z.string(),
  category: z.string().nullable(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  uploaded_by: z.number().nullable(),
  created_at: z.string(),
  url: z.string(),
  preview_url: z.string().nullable(),
});
type StoredFile = z.infer<typeof StoredFileSchema>;

/** The spec's accepted types (§5), for the file input's accept attribute and a first check. */
export const UPLOAD_ACCEPT = '.png,.jpeg,.jpg,.bmp,.gif,.pdf';
const ACCEPTED = /\.(png|jpe?g|bmp|gif|pdf)$/i;

/** The message to show before uploading, or null; the server checks again, by content too. */
export function uploadProblem(name: string): string | null {
  if (/[@#%&!]/.test(name)) return MSG.invalidFileName;
  if (!ACCEPTED.test(name)) return 'Only png, jpeg, jpg, bmp, gif and pdf files can be uploaded.';
  return null;
}

/**
 * A multipart POST of one file and text fields (the JSON api client sends no forms); a failure is an
 * ApiError carrying the server's messages, like the api client's.
 */
export async function postUpload<T>(
  path: string,
  opts: { file: File; fields?: Record<string, string>; schema: z.ZodType<T> },
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(opts.fields ?? {})) form.append(name, value);
  form.append('file', opts.file, opts.file.name);
  const res = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    body: form,
    headers: webHeaders(),
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, body, describeFailure(res.status, body));
  return opts.schema.parse(body);
}

/** Multipart upload of a record's file (POST /files/upload/:entity/:entityId). */
export async function uploadFile(opts: { entity: string; entityId: string | number; file: File; category?: string }) {
  const { file } = await postUpload(`/files/upload/${opts.entity}/${opts.entityId}`, {
    file: opts.file,
    fields: opts.category ? { category: opts.category } : {},
    schema: z.object({ file: StoredFileSchema }),
  });
  return file;
}
