import { textProblem } from '@backhaul/shared/schemas/text';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { extensionOf, FILE_MSG, sniffKind } from './file-rules';

/** What an upload may be: the spec's file types (§5) and spreadsheets for imports. */
export type UploadKind = 'png' | 'jpeg' | 'bmp' | 'gif' | 'pdf' | 'xlsx' | 'csv';

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Text: no NUL byte in the first 64 KB (binary files, zips and UTF-16 all have them). */
const looksLikeText = (data: Uint8Array) => !data.subarray(0, 64 * 1024).includes(0);

const KINDS: Record<UploadKind, { extensions: readonly string[]; mime: string; matches: (d: Uint8Array) => boolean }> =
  {
    png: { extensions: ['png'], mime: 'image/png', matches: (d) => sniffKind(d) === 'png' },
    jpeg: { extensions: ['jpeg', 'jpg'], mime: 'image/jpeg', matches: (d) => sniffKind(d) === 'jpeg' },
    bmp: { extensions: ['bmp'], mime: 'image/bmp', matches: (d) => sniffKind(d) === 'bmp' },
    gif: { extensions: ['gif'], mime: 'image/gif', matches: (d) => sniffKind(d) === 'gif' },
    pdf: { extensions: ['pdf'], mime: 'application/pdf', matches: (d) => sniffKind(d) === 'pdf' },
    // An .xlsx is a zip package; exceljs reads what is inside.
    xlsx: {
      extensions: ['xlsx'],
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      matches: (d) => ZIP.every((b, i) => d[i] === b),
    },
    csv: { extensions: ['csv'], mime: 'text/csv', matches: looksLikeText },
  };

const listWords = (words: readonly string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

export const UPLOAD_MSG = {
  badType: (types: readonly UploadKind[]) =>
    `Only ${listWords(types.flatMap((t) => KINDS[t].extensions))} files can be uploaded.`,
  mismatch: (types: readonly UploadKind[]) =>
    `The file content does not match its type: only real ${listWords(types)} files are accepted.`,
} as const;

export type Upload = {
  name: string;
  data: Buffer;
  /** The kind the name and content agree on (null when `types` was not given). */
  kind: UploadKind | null;
  mime: string | null;
  /** The multipart's text fields, by name (first value). */
  fields: Record<string, string>;
};

/**
 * Reads one file from a multipart request, with its text fields. 422 on `file` when there is none
 * or its name has a control character (422 on a field with one); 413 above `maxBytes`. With `types`, the name's extension and the content must both be one of
 * them, else a 422 on `file` (`badType` / `mismatch` replace the messages). Later files are drained.
 */
export async function readUpload(
  req: FastifyRequest,
  opts: { maxBytes: number; types?: readonly UploadKind[]; badType?: string; mismatch?: string },
): Promise<Upload> {
  if (!req.isMultipart()) throw AppError.invalidField('file', FILE_MSG.noFile);
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
      } else if (!file) file = { name: part.filename, data: await part.toBuffer() };
      else await part.toBuffer();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', FILE_MSG.tooLarge(opts.maxBytes));
    throw err;
  }
  if (!file) throw AppError.invalidField('file', FILE_MSG.noFile);
  // Multipart skips the JSON validator compiler: the same control-character rule for the name and fields.
  const nameProblem = textProblem(file.name);
  if (nameProblem) throw AppError.invalidField('file', nameProblem);
  for (const [field, value] of Object.entries(fields)) {
    const problem = textProblem(value);
    if (problem) throw AppError.invalidField(field, problem);
  }
  if (!opts.types) return { ...file, kind: null, mime: null, fields };

  const ext = extensionOf(file.name);
  const kind = opts.types.find((t) => KINDS[t].extensions.includes(ext));
  if (!kind) throw AppError.invalidField('file', opts.badType ?? UPLOAD_MSG.badType(opts.types));
  if (file.data.length === 0) throw AppError.invalidField('file', FILE_MSG.empty);
  if (!KINDS[kind].matches(file.data))
    throw AppError.invalidField('file', opts.mismatch ?? UPLOAD_MSG.mismatch(opts.types));
  return { ...file, kind, mime: KINDS[kind].mime, fields };
}
