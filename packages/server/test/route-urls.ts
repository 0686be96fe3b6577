import type { RegisteredRoute } from '../src/platform/http/route-registry';

/**
 * A URL that matches a route: a parameter with a regex takes its first literal alternative, other
 * parameters take `id` (1 unless told), a trailing wildcard takes "x".
 */
export function fillParams(url: string, id: string | number = 1): string {
  return url
    .replace(/:[A-Za-z_]+(?:\(([^)]*)\))?/g, (_m, re?: string) => {
      const literal = (re ?? '').split('|')[0]?.replace(/^\^/, '').replace(/\$$/, '') ?? '';
      return /^[\w-]+$/.test(literal) ? literal : String(id);
    })
    .replace(/\*$/, 'x');
}

const encodeChar = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

/**
 * Other spellings of one path that a router or proxy may treat as the same resource: percent-encoded
 * letters (the /api prefix too), other letter case, doubled slashes, dot segments, a trailing slash.
 */
export function pathSpellings(path: string): Array<{ how: string; url: string }> {
  const segments = path.split('/').slice(1);
  const [first = '', second = ''] = segments;
  const rest = segments.slice(1).join('/');
  const tail = segments.slice(2).join('/');
  const restOf = (s: string) => `/${first}/${[s, tail].filter(Boolean).join('/')}`;
  const letter = (s: string) => s.search(/[a-z]/i);
  const encodeFirstLetter = (s: string) => {
    const i = letter(s);
    return i < 0 ? s : `${s.slice(0, i)}${encodeChar(s[i] ?? '')}${s.slice(i + 1)}`;
  };
  const out = [
    { how: 'first segment percent-encoded', url: `/${encodeFirstLetter(first)}${rest ? `/${rest}` : ''}` },
    { how: 'every letter of the first segment encoded', url: `/${[...first].map(encodeChar).join('')}/${rest}` },
    { how: 'first segment upper case', url: `/${first.toUpperCase()}/${rest}` },
    { how: 'leading doubled slash', url: `/${path}` },
    { how: 'dot segment before the path', url: `/x/..${path}` },
    { how: 'encoded dot segment', url: `/x/%2e%2e${path}` },
    { how: 'single-dot segment', url: `/.${path}` },
    { how: 'trailing slash', url: `${path}/` },
  ];
  if (second) {
    out.push(
      { how: 'second segment percent-encoded', url: restOf(encodeFirstLetter(second)) },
      { how: 'second segment upper case', url: restOf(second.toUpperCase()) },
      { how: 'doubled slash inside', url: `/${first}//${rest}` },
      { how: 'dot segment inside', url: `/${first}/x/../${rest}` },
    );
  }
  return out;
}

export const describeRoute = (r: Pick<RegisteredRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;
