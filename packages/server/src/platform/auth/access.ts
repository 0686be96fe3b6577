import type { GrantSet, Requirement } from '@backhaul/shared';

/**
 * What a route needs. Every route declares one (a test walks them all):
 * - 'public': anyone; a valid token still attaches the caller;
 * - 'session': any signed-in user (session calls, own profile);
 * - 'staff': a signed-in user of the company, not a customer's user (the OpenAPI document);
 * - a Requirement: a section of the permission tree and optionally actions (any-of by default).
 */
export type Access = 'public' | 'session' | 'staff' | Requirement | { anyOf: Requirement[] };

export type AuthUser = {
  id: number;
  companyId: number;
  email: string;
  name: string;
  role: number;
  permissionRoleId: number | null;
  departmentId: number | null;
  customerId: number | null;
  image: string | null;
  /** The caller's grants, set by the guard: row scopes (list `base`) decide with can(). */
  grants?: GrantSet;
};

/** Who did something: what the audit and `created_by` columns keep of a caller (an AuthUser is one). */
export type Actor = Pick<AuthUser, 'id' | 'companyId'>;

export type AuthContext = { user: AuthUser; grants: GrantSet; sessionId: number; expiresAt: Date };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function describeAccess(access: Access): string {
  if (typeof access === 'string') return access;
  if ('anyOf' in access) return access.anyOf.map(describeAccess).join(' or ');
  const actions = access.action === undefined ? [] : [access.action].flat();
  return `section ${access.section}${actions.length ? ` action ${actions.join(access.match === 'all' ? '+' : '|')}` : ''}`;
}
