import { z } from 'zod';
import { ACTION_NAMES, type CatalogueSection, PERMISSION_CATALOGUE, SECTION_BY_ID } from './catalogue';

/** A grant: section id plus action id, where action 0 means the section itself. */
export type Grant = { section: number; action: number };

export const SECTION_ITSELF = 0;

export const grantKey = (section: number, action: number = SECTION_ITSELF): string => `${section}:${action}`;

/** The set of grants a user holds; `all` is the administrator's "every permission". */
export type GrantSet = { all: boolean; keys: ReadonlySet<string> };

export function makeGrantSet(grants: readonly Grant[], all = false): GrantSet {
  return { all, keys: new Set(grants.map((g) => grantKey(g.section, g.action))) };
}

/** What a route or a button needs: one section and, optionally, actions (any-of by default). */
export type Requirement = { section: number; action?: number | readonly number[]; match?: 'any' | 'all' };

export function can(grants: GrantSet, req: Requirement): boolean {
  if (grants.all) return true;
  if (!grants.keys.has(grantKey(req.section))) return false;
  if (req.action === undefined) return true;
  const actions = typeof req.action === 'number' ? [req.action] : req.action;
  const has = (a: number) => grants.keys.has(grantKey(req.section, a));
  return req.match === 'all' ? actions.every(has) : actions.some(has);
}

/** The tree shape the spec's isLogin answers: { name, id, selected, children }. */
export type PermissionNode = { name: string; id: number; selected: boolean; children: PermissionNode[] };

export const PermissionNodeSchema: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    id: z.number().int(),
    selected: z.boolean(),
    children: z.array(PermissionNodeSchema),
  }),
);

/** Builds the permission tree with `selected` set from the grants. */
export function buildPermissionTree(
  grants: GrantSet,
  sections: readonly CatalogueSection[] = PERMISSION_CATALOGUE,
): PermissionNode[] {
  return sections.map((s) => ({
    name: s.name,
    id: s.id,
    selected: grants.all || grants.keys.has(grantKey(s.id)),
    children: [
      ...s.actions.map((a) => ({
        name: ACTION_NAMES[a] ?? `Action ${a}`,
        id: a,
        selected: grants.all || grants.keys.has(grantKey(s.id, a)),
        children: [],
      })),
      ...buildPermissionTree(grants, s.children ?? []),
    ],
  }));
}

/**
 * Reads grants back from a tree as the role editor sends it. Nodes not in the catalogue are
 * refused by the caller (see validateGrants), so a client cannot invent sections or actions.
 */
export function grantsFromTree(nodes: readonly PermissionNode[], parentSection: number | null = null): Grant[] {
  const out: Grant[] = [];
  for (const n of nodes) {
    const section = SECTION_BY_ID.get(n.id);
    if (section && section.parentId === parentSection) {
      if (n.selected) out.push({ section: n.id, action: SECTION_ITSELF });
      out.push(...grantsFromTree(n.children, n.id));
    } else if (parentSection !== null && n.selected) {
      out.push({ section: parentSection, action: n.id });
    } else if (n.selected) {
      out.push({ section: n.id, action: SECTION_ITSELF });
    }
  }
  return out;
}

/** Returns the grants that the catalogue does not offer (empty when all are valid). */
export function invalidGrants(grants: readonly Grant[]): Grant[] {
  return grants.filter((g) => {
    const s = SECTION_BY_ID.get(g.section);
    return !s || (g.action !== SECTION_ITSELF && !s.actions.includes(g.action));
  });
}

/** Every grant the catalogue offers: what the administrator role holds. */
export function allGrants(): Grant[] {
  return [...SECTION_BY_ID.values()].flatMap((s) => [
    { section: s.id, action: SECTION_ITSELF },
    ...s.actions.map((a) => ({ section: s.id, action: a })),
  ]);
}

/**
 * Completes grants so they open in the menu: a section with any action is itself granted, and so
 * is every ancestor section (a tick on Trips also opens Dispatch).
 */
export function withAncestors(grants: readonly Grant[]): Grant[] {
  const out = new Map(grants.map((g) => [grantKey(g.section, g.action), g]));
  for (const g of grants) {
    for (let id: number | null = g.section; id !== null; id = SECTION_BY_ID.get(id)?.parentId ?? null) {
      out.set(grantKey(id), { section: id, action: SECTION_ITSELF });
    }
  }
  return [...out.values()];
}
