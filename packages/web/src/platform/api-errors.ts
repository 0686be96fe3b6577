import { MSG } from '@backhaul/shared';

/** What the app does with a failed response (000 §8); pure so it can be tested without a browser. */
export type FailureEffect = {
  /** The error alert to show, or null. */
  alert: string | null;
  /** 401: clear local storage, mark unauthenticated and go to /auth. */
  logout: boolean;
  /** 422: messages per field, for forms to show next to their inputs. */
  fieldErrors: Record<string, string[]>;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export function describeFailure(status: number, body: unknown): FailureEffect {
  const b = isRecord(body) ? body : {};
  const none: Record<string, string[]> = {};
  if (status === 401) return { alert: MSG.notAuthorized, logout: true, fieldErrors: none };
  if (status === 404 || status === 412) {
    const error = isRecord(b.error) ? b.error : {};
    return {
      alert: text(error.mail) ?? text(b.error) ?? text(b.message) ?? MSG.whoops,
      logout: false,
      fieldErrors: none,
    };
  }
  if (status === 422) {
    const fieldErrors: Record<string, string[]> = {};
    if (isRecord(b.errors)) {
      for (const [field, messages] of Object.entries(b.errors)) {
        const list = (Array.isArray(messages) ? messages : [messages]).map(text).filter((m): m is string => m !== null);
        if (list.length > 0) fieldErrors[field] = list;
      }
    }
    const lines = Object.values(fieldErrors).flat();
    return { alert: lines.length > 0 ? lines.join('\n') : (text(b.message) ?? MSG.whoops), logout: false, fieldErrors };
  }
  if (status >= 500 || status === 0) return { alert: MSG.whoops, logout: false, fieldErrors: none };
  return { alert: text(b.message) ?? text(b.error) ?? MSG.whoops, logout: false, fieldErrors: none };
}

/** A failed API call; `fieldErrors` carries 422 messages per field. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, body: unknown, effect: FailureEffect) {
    super(effect.alert ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = effect.fieldErrors;
  }
}
