import { readStorage, STORAGE_KEY } from '../local-storage';

/** The raw session token (stored as "Bearer …"), for URLs that cannot carry a header. */
export function rawToken(): string | null {
  const stored = readStorage(STORAGE_KEY.token);
  return stored ? stored.replace(/^Bearer\s+/i, '') : null;
}

/** An /api URL with ?token= added: file links and the live stream (EventSource sends no headers). */
export function withToken(url: string): string {
  const token = rawToken();
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
