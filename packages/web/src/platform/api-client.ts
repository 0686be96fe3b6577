import { WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '@backhaul/shared';
import type { z } from 'zod';
import { showAlert } from './alerts-store';
import { ApiError, describeFailure } from './api-errors';
import { startLoading, stopLoading } from './loading-store';
import { clearStorage } from './local-storage';

export const API_BASE = '/api';

/**
 * Headers of every call the web makes (also its multipart and file fetches): the session itself is
 * the httpOnly cookie the browser sends; this header proves the call comes from our own pages
 * (the server refuses cookie-authenticated writes without it; docs/adr/0004).
 */
export function webHeaders(): Record<string, string> {
  return { [WEB_CLIENT_HEADER]: WEB_CLIENT_VALUE };
}

export type RequestOptions<T> = {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Validates (and types) the response body. */
  schema?: z.ZodType<T>;
  /** No alert on failure: for background calls such as header badges. */
  silent?: boolean;
  /** Leaves the global loading indicator alone: for background polling. */
  background?: boolean;
  /** The alert of a server error or a lost connection in place of 'Whoops…' (the spec names one for some calls). */
  failure?: string;
  signal?: AbortSignal;
  /** Asks the server for a fresh answer (`Cache-Control: no-cache`), past what it keeps a while (the expiring-soon count). */
  fresh?: boolean;
};

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => undefined;

/** The app registers what a 401 does beyond clearing storage (reset the session, go to /auth). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

async function readBody(res: Response): Promise<unknown> {
  const raw = await res.text();
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The one API client: the session cookie goes along, errors map as 000 §8 says, drives the loading indicator. */
export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...webHeaders() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.fresh) headers['Cache-Control'] = 'no-cache';

  if (!options.background) startLoading();
  try {
    let res: Response;
    try {
      res = await fetch(buildUrl(path, options.query), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      return fail(0, null, options);
    }
    const body = await readBody(res);
    if (!res.ok) return fail(res.status, body, options);
    return options.schema ? options.schema.parse(body) : (body as T);
  } finally {
    if (!options.background) stopLoading();
  }
}

function fail(status: number, body: unknown, options: RequestOptions<unknown>): never {
  const effect = describeFailure(status, body);
  if (effect.logout) {
    clearStorage();
    unauthorizedHandler();
  }
  const alert = options.failure && (status === 0 || status >= 500) ? options.failure : effect.alert;
  // A 401 is always announced: the user is about to be sent to the login page.
  if (alert && (!options.silent || effect.logout)) showAlert('error', alert);
  throw new ApiError(status, body, effect);
}

export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions<T>) => apiRequest<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    apiRequest<T>('PUT', path, { ...options, body: body ?? {} }),
  delete: <T = unknown>(path: string, options?: RequestOptions<T>) => apiRequest<T>('DELETE', path, options),
};
