import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from '../auth/access';

export type RegisteredRoute = { method: string; url: string; readonly access: Access | undefined };

/**
 * Records every route as it is registered, so tests can walk them all (the route-walk, path
 * spellings and the authorization matrix). The access is read from the route's options when asked,
 * so a declaration added by a later onRoute hook (see declareRoutes) is seen.
 */
export function trackRoutes(app: FastifyInstance, opts: { docsPublic: boolean }): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    // The OpenAPI document and its UI describe every call: the company's staff only (not a customer's
    // users, who see a few screens of their own), unless DOCS_PUBLIC=1.
    if (route.url.startsWith('/api/docs')) setAccess(route, opts.docsPublic ? 'public' : 'staff');
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
      });
    }
  });
  return routes;
}

function setAccess(route: RouteOptions, access: Access): void {
  route.config = { ...route.config, access };
}

/**
 * Declares every route registered in this plugin context with the given access: used around the
 * web app's static files, which a plugin registers without our config. Anything else that declares
 * nothing is refused by the guard.
 */
export function declareRoutes(scope: FastifyInstance, access: Access): void {
  scope.addHook('onRoute', (route) => {
    if (!route.config?.access) setAccess(route, access);
  });
}
