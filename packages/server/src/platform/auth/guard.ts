import { can } from '@backhaul/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../errors';
import type { Access, AuthContext } from './access';
import { findSession } from './session.repository';

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  // EventSource and file links cannot set headers: they may pass the token as ?token=.
  const q = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof q === 'string' && q && req.method === 'GET' ? q : null;
}

export function allows(auth: AuthContext, access: Access): boolean {
  if (access === 'public' || access === 'session') return true;
  if ('anyOf' in access) return access.anyOf.some((r) => can(auth.grants, r));
  return can(auth.grants, access);
}

/**
 * The one permission guard: runs before every handler under /api. A route with no declaration is
 * refused (and the route-walk test fails on it), so forgetting one can never open a route.
 */
export function registerGuard(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') && req.url !== '/api') return;
    const access = req.routeOptions.config?.access;
    if (req.routeOptions.url === undefined) return; // 404: let the not-found handler answer
    if (!access) throw new AppError('internal', `Route ${req.method} ${req.routeOptions.url} declares no access`);
    const token = bearerToken(req);
    req.auth = token ? await findSession(db, token) : null;
    if (access === 'public') return;
    if (!req.auth) throw AppError.unauthorized();
    if (!allows(req.auth, access)) throw AppError.forbidden();
  });
}

/** The caller of a protected route (the guard has already refused anonymous requests). */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw AppError.unauthorized();
  return req.auth;
}
