import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { servedOverHttps } from './https';

/**
 * The Content-Security-Policy of every answer: the built web app, the /api/docs UI and files opened
 * in a tab. Scripts only from our origin (no inline script, no eval); inline styles are allowed because
 * Mantine sets its CSS variables and component styles at run time; images may be data: or blob: URLs
 * (the logo and charts); no page may frame ours (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
};

/** HSTS as helmet would send it: a year, subdomains too. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (helmet: CSP, nosniff, frame denial, no referrer), HSTS only over
 * HTTPS, and CORS only for the origins CORS_ORIGINS lists: those get bearer-token calls, never the cookie.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { corsOrigins: string[]; publicUrl: string },
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  // HSTS over plain HTTP would pin HTTPS on a host name that may not serve it: sent only where the
  // session cookie is Secure (https.ts).
  app.addHook('onRequest', async (req, reply) => {
    if (servedOverHttps(req, opts.publicUrl)) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
  if (opts.corsOrigins.length === 0) return;
  // The plugin answers preflights from a catch-all OPTIONS route: it reveals nothing, so it is public.
  app.addHook('onRoute', (route) => {
    if (route.method === 'OPTIONS' && route.url === '*' && !route.config?.access) {
      route.config = { ...route.config, access: 'public' };
    }
  });
  await app.register(fastifyCors, {
    origin: opts.corsOrigins,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'accept'],
    exposedHeaders: ['content-disposition', 'retry-after'],
    maxAge: 600,
  });
}
