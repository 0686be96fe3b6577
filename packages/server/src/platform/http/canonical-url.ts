import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { HTTP_MSG } from './http-messages';

// RFC 3986 §2.3: percent-encoded unreserved characters mean the characters themselves.
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/gi;

/** RFC 3986 §5.2.4: resolves "." and ".." segments; ".." never climbs above the root. */
function removeDotSegments(segments: string[]): string[] {
  const out: string[] = [];
  for (const s of segments) {
    if (s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return out;
}

/**
 * The one spelling of a request path the router sees: unreserved characters decoded, doubled
 * slashes collapsed, dot segments resolved, no trailing slash. The query string is left as sent.
 * Routes then match whatever spelling a client or proxy chose, so one path has one answer.
 */
export function canonicalUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q);
  const decoded = rawPath.replace(ENCODED_UNRESERVED, (m) => String.fromCharCode(Number.parseInt(m.slice(1), 16)));
  const segments = removeDotSegments(decoded.split('/').filter((s) => s !== ''));
  return `/${segments.join('/')}${query}`;
}

const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** A backslash in the path, literal or encoded: a separator only on Windows, in no path of ours. */
export const hasBackslash = (url: string): boolean => /\\|%5c/i.test(pathOf(url));

/** A NUL in the path, encoded or raw: it ends a string in C and in file systems, and no path has one. */
export const hasNul = (url: string): boolean => /%00|\0/.test(pathOf(url));

/**
 * A path with a NUL is malformed whatever route it would reach: 400 before the guard, as the router
 * answers malformed percent-encoding (error-handler.ts, answerFrameworkError). A backslash is left to
 * the router: no route has one, so the path is not found, or a route's parameter refuses it (422).
 */
export function registerPathChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (hasNul(req.originalUrl)) throw AppError.badRequest(HTTP_MSG.badPath);
  });
}
