// The spec extract lives in the shared package as data; its package exports only .ts modules.

import { describe, expect, it } from 'vitest';
import routesSpec from '../../../shared/src/spec/routes.json' with { type: 'json' };
import { ACCOUNT_TABS, flattenRoutes, ROUTE_BY_PATH } from './route-table';

describe('route table against routes.json', () => {
  const specPaths = routesSpec.routes.map((r) => r.path);

  it('has every route of the spec (hash tabs are tabs of /account; / and the error page live in the router)', () => {
    for (const path of specPaths) {
      if (path === '/' || path.startsWith('(')) continue;
      if (path.includes('#')) {
        expect(ACCOUNT_TABS).toContain(path.split('#')[1]);
        continue;
      }
      expect(ROUTE_BY_PATH.has(path), path).toBe(true);
    }
    expect(specPaths).toHaveLength(62);
  });

  it('uses the spec section names, and the spec redirects', () => {
    for (const r of routesSpec.routes) {
      const route = ROUTE_BY_PATH.get(r.path);
      if (route && r.section) expect(route.node.section, r.path).toBe(r.section.name);
    }
    for (const r of routesSpec.redirects) {
      const route = ROUTE_BY_PATH.get(r.from);
      if (!route) continue;
      const target =
        route.node.redirect ?? (route.node.defaultChild ? `${r.from}/${route.node.defaultChild}` : undefined);
      expect(target, r.from).toBe(r.to);
    }
  });

  it('has no route the spec does not list, besides the additions docs/spec-deviations.md names', () => {
    const additions = [
      '/safety/expiring',
      '/shop/downtime',
      '/shop/service-schedule',
      '/email/undo/:token',
      '/accounting/escrow-accounts',
      '/accounting/cash-advances',
      '/accounting/driver-hours',
      '/accounting/eld',
      '/accounting/employee-statements',
    ];
    for (const r of flattenRoutes()) expect([...specPaths, ...additions], r.fullPath).toContain(r.fullPath);
  });
});
