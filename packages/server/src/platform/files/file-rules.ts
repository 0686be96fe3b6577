import { MSG } from '@backhaul/shared';
import { textProblem } from '@backhaul/shared/schemas/text';
import { AppError } from '../errors';

/** The spec's upload types (§5), each with the bytes its content must start with. */
const KINDS = {
  png: { mime: 'image/png', magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  jpeg: { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  bmp: { mime: 'image/bmp', magic: [[0x42, 0x4d]] },
  gif: {
    mime: 'image/gif',
    magic: [Array.from('GIF87a', (c) => c.charCodeAt(0)), Array.from('GIF89a', (c) => c.charCodeAt(0))],
  },
  pdf: { mime: 'application/pdf', magic: [Array.from('%PDF-', (c) => c.charCodeAt(0))] },
} as const;

type Kind = keyof typeof KINDS;

const EXTENSION_KIND: Record<string, Kind> = {
  png: 'png',
  jpeg: 'jpeg',
  jpg: 'jpeg',
  bmp: 'bmp',
  gif: 'gif',
  pdf: 'pdf',
};

/** Preview is allowed only for png, jpeg, bmp, pdf, gif, jpg (spec §5). */
export const PREVIEW_MIMES: ReadonlySet<string> = new Set(Object.values(KINDS).map((k) => k.mime));

export const FILE_NAME_FORBIDDEN = /[@#%&!]/;

// The spec says only "a clear message" for type and size; these are ours.
export const FILE_MSG = {
  badType: 'Only png, jpeg, jpg, bmp, gif and pdf files can be uploaded.',
  contentMismatch:
    'The file content does not match its type: only real png, jpeg, bmp, gif and pdf files are accepted.',
  tooLarge: (maxBytes: number) => `The file is too large: the limit is ${formatBytes(maxBytes)}.`,
  empty: 'The file is empty.',
  noFile: 'Choose a file to upload.',
  noPreview: 'This file type cannot be previewed.',
} as const;

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind the bytes really are, or null when they are none of the accepted types. */
export function sniffKind(data: Uint8Array): Kind | null {
  for (const [kind, spec] of Object.entries(KINDS) as [Kind, (typeof KINDS)[Kind]][]) {
    if (spec.magic.some((m) => m.length <= data.length && m.every((b, i) => data[i] === b))) return kind;
  }
  return null;
}

/**
 * The upload rules of spec §5, on the server: the name (forbidden characters, accepted extension)
 * and the content (magic bytes of that same type). Answers the mime type to store.
 */
export function checkUpload(name: string, data: Uint8Array, maxBytes: number): { mime: string } {
  // A multipart file name skips the JSON validator compiler: the same control-character rule here.
  const nameProblem = textProblem(name);
  if (nameProblem) throw AppError.invalidField('file', nameProblem);
  if (FILE_NAME_FORBIDDEN.test(name)) throw AppError.invalidField('file', MSG.invalidFileName);
  const expected = EXTENSION_KIND[extensionOf(name)];
  if (!expected) throw AppError.invalidField('file', FILE_MSG.badType);
  if (data.length === 0) throw AppError.invalidField('file', FILE_MSG.empty);
  if (data.length > maxBytes) throw new AppError('payload_too_large', FILE_MSG.tooLarge(maxBytes));
  if (sniffKind(data) !== expected) throw AppError.invalidField('file', FILE_MSG.contentMismatch);
  return { mime: KINDS[expected].mime };
}

/** A name safe for a Content-Disposition header; the stored original name is never a path. */
export function safeBaseName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const clean = Array.from(base, (c) => (c.charCodeAt(0) < 32 || c === '"' ? '_' : c)).join('');
  return clean.slice(0, 200) || 'file';
}
