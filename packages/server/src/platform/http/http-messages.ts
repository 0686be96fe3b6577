import { formatBytes } from '../files/file-rules';

/** What the HTTP layer itself answers: malformed requests no module's contract sees (no spec text covers these). */
export const HTTP_MSG = {
  badPath: 'The request path is not valid.',
  pathTooLong: 'The request path is too long.',
  bodyTooLarge: (limit: number) => `The request body is too large: the limit is ${formatBytes(limit)}.`,
  fileTooLarge: 'The file is too large.',
} as const;
