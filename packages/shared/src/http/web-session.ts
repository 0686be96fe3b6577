/**
 * How the web app holds its session (docs/adr/0004): an httpOnly cookie the server sets on sign-in,
 * a header every web request carries (the CSRF proof for cookie-authenticated writes), and a
 * non-secret marker where the spec's client keeps "the token".
 */
export const SESSION_COOKIE = 'backhaul_session';
export const WEB_CLIENT_HEADER = 'x-backhaul-client';
export const WEB_CLIENT_VALUE = 'web';
/** Stored under the spec's local-storage key `token`: says "signed in", is no credential. */
export const STORED_SESSION_MARKER = 'cookie';
