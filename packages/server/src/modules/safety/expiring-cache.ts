import { createHash } from 'node:crypto';
import type { ExpiringResponse } from '@backhaul/shared/modules/safety/qualification.contract';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';

/**
 * GET /safety/expiring is the header's "Expiring" badge: every screen of a Safety holder asks for it
 * (and again every 60 s). Its answer is the company's (collectDueItems reads no user), so it is kept
 * per database and company for `EXPIRING_TTL_MS`, for the company day it was read on; a save or
 * delete of a qualification item forgets it at once. Sources other modules own (drivers', trucks' and
 * trailers' documents, service schedules) show within the TTL, as the badge's own 60 s poll does.
 * Each process keeps its own copy (API replicas: each one at most a TTL behind). The guard still runs
 * on every call; only the reading is shared.
 */
export const EXPIRING_TTL_MS = 60_000;

type Entry = { at: number; today: string; answer: Promise<CachedExpiring> };
export type CachedExpiring = { body: ExpiringResponse; etag: string };

const databases = new WeakMap<object, number>();
let nextDatabase = 0;
const entries = new Map<string, Entry>();

const keyOf = (db: DbOrTx, companyId: number) => {
  let id = databases.get(db);
  if (id === undefined) {
    id = ++nextDatabase;
    databases.set(db, id);
  }
  return `${id}:${companyId}`;
};

/**
 * The company's answer (`read`: safety-overview's expiringItems) and its ETag, read at most once per
 * TTL (concurrent callers share one read); `fresh` reads again and keeps that.
 */
export function cachedExpiring(
  db: DbOrTx,
  user: AuthUser,
  read: (today: string) => Promise<ExpiringResponse>,
  opts: { fresh?: boolean; today?: string } = {},
): Promise<CachedExpiring> {
  const today = opts.today ?? clock.today();
  const key = keyOf(db, user.companyId);
  const now = clock.now().getTime();
  const hit = entries.get(key);
  if (!opts.fresh && hit && hit.today === today && now >= hit.at && now - hit.at < EXPIRING_TTL_MS) return hit.answer;
  const answer = read(today).then((body) => ({
    body,
    etag: `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`,
  }));
  const entry: Entry = { at: now, today, answer };
  entries.set(key, entry);
  // A failed read is not kept: the next call reads again.
  answer.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return answer;
}

/** Forgets every kept answer of the company (a qualification item saved or deleted). */
export function forgetExpiring(companyId: number): void {
  for (const key of entries.keys()) if (key.endsWith(`:${companyId}`)) entries.delete(key);
}

/** Whether an If-None-Match header names this ETag (a list, `*`, weak or strong). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
