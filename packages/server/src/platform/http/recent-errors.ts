/** The last internal errors (500s) of this process, newest first, for the admins' /test page. */
export type RecentError = { at: string; method: string; route: string | null; request_id: string; message: string };

const LIMIT = 20;
const ring: RecentError[] = [];

export function rememberError(entry: RecentError): void {
  ring.unshift({ ...entry, message: entry.message.slice(0, 300) });
  ring.length = Math.min(ring.length, LIMIT);
}

export const recentErrors = (): readonly RecentError[] => ring;
