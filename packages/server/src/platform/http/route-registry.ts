import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';

export type RegisteredRoute = { method: string; url: string; access: Access | undefined };

/** Records every route as it is registered, so a test can walk them all. */
export function trackRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (opts) => {
    // The OpenAPI document and its UI are public by nature.
    if (opts.url.startsWith('/api/docs')) opts.config = { ...opts.config, access: 'public' };
    for (const method of [opts.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: opts.url, access: opts.config?.access });
    }
  });
  return routes;
}
