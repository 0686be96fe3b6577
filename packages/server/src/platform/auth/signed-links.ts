import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { canonicalUrl } from '../http/canonical-url';
import { serverSecrets } from './secrets.table';

export type VerifiedLink = { path: string; expiresAt: Date };

/**
 * Short-lived links that work without a session (a file sent by mail, opened in another program):
 * `path?expires=<unix seconds>&signature=<HMAC-SHA256 of path and expiry>`. Anyone holding the link
 * may use it until it expires; nothing else in the URL is trusted.
 */
export type LinkSigner = {
  sign(path: string, expiresAt: Date): Promise<string>;
  /** The signed path and expiry of a request URL, or null when unsigned, tampered or expired. */
  verify(url: string): Promise<VerifiedLink | null>;
};

const mac = (secret: Buffer, path: string, expires: number) =>
  createHmac('sha256', secret).update(`${path}\n${expires}`).digest();

export function createLinkSigner(secret: () => Promise<Buffer>, now: () => number = Date.now): LinkSigner {
  return {
    async sign(path, expiresAt) {
      if (path.includes('?')) throw new Error('a signed link signs a path without a query');
      const canonical = canonicalUrl(path);
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const signature = mac(await secret(), canonical, expires).toString('base64url');
      return `${canonical}?expires=${expires}&signature=${signature}`;
    },
    async verify(url) {
      const q = url.indexOf('?');
      if (q < 0) return null;
      const path = canonicalUrl(url.slice(0, q));
      const params = new URLSearchParams(url.slice(q + 1));
      if ([...params.keys()].sort().join() !== 'expires,signature') return null;
      const expiresText = params.get('expires') ?? '';
      if (!/^\d{1,12}$/.test(expiresText)) return null;
      const expires = Number(expiresText);
      if (expires * 1000 <= now()) return null;
      const given = Buffer.from(params.get('signature') ?? '', 'base64url');
      const wanted = mac(await secret(), path, expires);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
      return { path, expiresAt: new Date(expires * 1000) };
    },
  };
}

const LINK_SECRET_NAME = 'link_signing';

/**
 * The signing key: LINK_SECRET when set, else one generated on first use and kept in the database,
 * so links survive restarts and every process (API, workers) shares it.
 */
export function linkSecretSource(db: Db, configured: string | undefined): () => Promise<Buffer> {
  let secret: Promise<Buffer> | null = null;
  const load = async () => {
    if (configured) return Buffer.from(configured, 'utf8');
    await db
      .insert(serverSecrets)
      .values({ name: LINK_SECRET_NAME, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, LINK_SECRET_NAME));
    if (!row) throw new Error('the link-signing secret could not be stored');
    return Buffer.from(row.value, 'base64url');
  };
  return () => {
    secret ??= load().catch((err) => {
      secret = null;
      throw err;
    });
    return secret;
  };
}
