import { APP_MSG, can, SESSION_COOKIE, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '@backhaul/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../errors';
import type { Access, AuthContext } from './access';
import { findSession } from './session.repository';
import type { LinkSigner, VerifiedLink } from './signed-links';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route also answers a signed link (signed-links.ts) without a session: file downloads. */
    signedLinks?: boolean;
  }
  interface FastifyRequest {
    /** Set by the guard when a route that takes signed links was reached through a valid one. */
    signedLink: VerifiedLink | null;
  }
}

export type Credential = { token: string; from: 'header' | 'cookie' };

/** The caller's session token: `Authorization: Bearer …` (API clients) or the web app's cookie. */
export function credentialOf(req: FastifyRequest): Credential | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice(7).trim();
    return token ? { token, from: 'header' } : null;
  }
  const cookie = req.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, from: 'cookie' } : null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser sends the session cookie with any request to our origin, also one another site's page
 * starts. A write authenticated by the cookie must therefore prove it comes from our own web app: the
 * web client header (another origin cannot set it without a CORS grant) and, when the browser says
 * where the request comes from, an allowed Origin.
 */
export function isCrossSiteWrite(req: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  if (req.headers[WEB_CLIENT_HEADER] !== WEB_CLIENT_VALUE) return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (allowedOrigins.includes(origin)) return false;
  try {
    // The host as the origin's scheme spells it (a default port is dropped on both sides).
    const from = new URL(origin);
    return from.host !== new URL(`${from.protocol}//${req.headers.host}`).host;
  } catch {
    return true;
  }
}

export function allows(auth: AuthContext, access: Access): boolean {
  if (access === 'public' || access === 'session') return true;
  if (access === 'staff') return auth.user.customerId === null;
  if ('anyOf' in access) return access.anyOf.some((r) => can(auth.grants, r));
  return can(auth.grants, access);
}

export type GuardOptions = { db: Db; links: LinkSigner; allowedOrigins: readonly string[] };

/**
 * The one permission guard: runs before every handler and decides on the route the router matched
 * (its declared `config.access`), never on the URL text. A matched route that declares nothing is
 * refused, so forgetting a declaration can never open a route.
 */
export function registerGuard(app: FastifyInstance, opts: GuardOptions): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('signedLink', null);
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.url === undefined) return; // no route matched: the not-found handler answers
    const { access, signedLinks } = req.routeOptions.config ?? {};
    if (!access) throw new AppError('internal', `Route ${req.method} ${req.routeOptions.url} declares no access`);
    const credential = credentialOf(req);
    if (credential?.from === 'cookie' && isCrossSiteWrite(req, opts.allowedOrigins)) {
      if (access === 'public') return; // a public call (sign-in) runs as anonymous, never as the cookie's user
      throw AppError.forbidden(APP_MSG.crossSiteRefused);
    }
    req.auth = credential ? await findSession(opts.db, credential.token) : null;
    if (access === 'public') return;
    if (!req.auth && signedLinks && SAFE_METHODS.has(req.method)) {
      req.signedLink = await opts.links.verify(req.url);
      if (req.signedLink) return;
    }
    if (!req.auth) throw AppError.unauthorized();
    if (!allows(req.auth, access)) throw AppError.forbidden();
  });
}

/** The caller of a protected route (the guard has already refused anonymous requests). */
export function caller(req: FastifyRequest): AuthContext {
  if (!req.auth) throw AppError.unauthorized();
  return req.auth;
}
