import { type PermissionNode, SECTION_BY_ID } from '@backhaul/shared';
import { sessionStore } from '../auth-store';
import { useStore } from '../create-store';

/** A row or toolbar button's permission: action ids of a section, any-of (default) or all-of. */
export type ButtonPermission = { section: number; ids: readonly number[]; match?: 'any' | 'all' };

function findSection(nodes: readonly PermissionNode[], id: number, name: string): PermissionNode | null {
  for (const n of nodes) {
    if (n.id === id && n.name === name) return n;
    const inner = findSection(n.children, id, name);
    if (inner) return inner;
  }
  return null;
}

/** Whether the session's permission tree grants a button (the server still decides). */
export function allowsButton(tree: readonly PermissionNode[], perm: ButtonPermission | undefined): boolean {
  if (!perm) return true;
  const section = SECTION_BY_ID.get(perm.section);
  const node = section ? findSection(tree, perm.section, section.name) : null;
  if (!node?.selected) return false;
  if (perm.ids.length === 0) return true;
  const has = (id: number) => node.children.some((c) => c.id === id && c.selected && c.children.length === 0);
  return perm.match === 'all' ? perm.ids.every(has) : perm.ids.some(has);
}

export function usePermissionTree(): readonly PermissionNode[] {
  return useStore(sessionStore).permissions;
}
