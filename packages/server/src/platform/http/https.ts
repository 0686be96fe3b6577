import type { FastifyRequest } from 'fastify';

/**
 * Whether the client reached us over HTTPS: the request itself (behind a proxy, as X-Forwarded-Proto
 * says when TRUST_PROXY names that proxy), or PUBLIC_URL says the app is served over HTTPS. The session
 * cookie is Secure and HSTS is sent exactly then.
 */
export function servedOverHttps(req: FastifyRequest, publicUrl: string): boolean {
  return req.protocol === 'https' || publicUrl.startsWith('https:');
}
