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
