import { SESSION_COOKIE, WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '@backhaul/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { servedOverHttps } from '../http/https';

// Sent to /api only; never readable by page scripts; never sent on a request another site starts.
const cookieOptions = (req: FastifyRequest, config: Config) => ({
  path: '/api',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: servedOverHttps(req, config.publicUrl),
});

/**
 * The web app's sign-in (it sends the web client header) also gets the session as an httpOnly
 * cookie; API clients use the token of the JSON answer and get no cookie (docs/adr/0004).
 */
export function issueSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  session: { access_token: string; expires_in: number },
): void {
  if (req.headers[WEB_CLIENT_HEADER] !== WEB_CLIENT_VALUE) return;
  reply.setCookie(SESSION_COOKIE, session.access_token, { ...cookieOptions(req, config), maxAge: session.expires_in });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req, config));
}
