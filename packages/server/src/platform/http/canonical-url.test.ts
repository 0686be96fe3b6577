import { describe, expect, it } from 'vitest';
import { canonicalUrl, hasBackslash, hasNul } from './canonical-url';

describe('canonicalUrl', () => {
  it('decodes percent-encoded unreserved characters only', () => {
    expect(canonicalUrl('/%61pi/permission/create')).toBe('/api/permission/create');
    expect(canonicalUrl('/%41%50%49/%7Euser/a%2Db%5Fc%2E')).toBe('/API/~user/a-b_c.');
    // Reserved characters stay encoded: %2F is part of a segment, not a separator.
    expect(canonicalUrl('/api%2Fpermission/a%20b/%25')).toBe('/api%2Fpermission/a%20b/%25');
  });

  it('collapses doubled slashes, resolves dot segments and drops the trailing slash', () => {
    expect(canonicalUrl('//api//permission///create/')).toBe('/api/permission/create');
    expect(canonicalUrl('/api/x/../permission/./create')).toBe('/api/permission/create');
    expect(canonicalUrl('/api/x/%2e%2e/permission/%2E/create')).toBe('/api/permission/create');
    expect(canonicalUrl('/../../api/../../etc/passwd')).toBe('/etc/passwd');
    expect(canonicalUrl('/')).toBe('/');
    expect(canonicalUrl('/api/')).toBe('/api');
  });

  it('leaves the query string as sent', () => {
    expect(canonicalUrl('/api//live/?a=%61&b=/../x')).toBe('/api/live?a=%61&b=/../x');
    expect(canonicalUrl('/?x')).toBe('/?x');
  });
});

describe('hasNul and hasBackslash', () => {
  it('look at the path only, encoded in either case or raw', () => {
    expect(['/api/%00', '/a%00b', '/x\u0000'].map(hasNul)).toEqual([true, true, true]);
    expect(['/api/trips?note=%00', '/api/%000', '/api/%2500'].map(hasNul)).toEqual([false, true, false]);
    expect(['/api/x%5c', '/x%5Cy', '/a\\b'].map(hasBackslash)).toEqual([true, true, true]);
    expect(['/api/x?p=%5c', '/api/%255c', '/api/x'].map(hasBackslash)).toEqual([false, false, false]);
  });
});
