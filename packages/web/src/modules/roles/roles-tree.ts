import { type PermissionNode, SECTION_BY_ID } from '@backhaul/shared';

/** A child of a section node is a sub-section when the catalogue says so; otherwise an action. */
export const isSubsection = (parent: PermissionNode, child: PermissionNode): boolean =>
  SECTION_BY_ID.get(child.id)?.parentId === parent.id;

const setAll = (node: PermissionNode, selected: boolean): PermissionNode => ({
  ...node,
  selected,
  children: node.children.map((c) => setAll(c, selected)),
});

/** Path of child indexes from the root list to a node. */
export type TreePath = readonly number[];

function update(nodes: PermissionNode[], path: TreePath, fn: (n: PermissionNode) => PermissionNode): PermissionNode[] {
  const [head, ...rest] = path;
  return nodes.map((n, i) => {
    if (i !== head) return n;
    if (rest.length === 0) return fn(n);
    const children = update(n.children, rest, fn);
    // Ticking anything inside opens its ancestors too (the server completes grants the same way).
    const anySelected = children.some((c) => c.selected);
    return { ...n, children, selected: n.selected || anySelected };
  });
}

/** Ticking a section ticks its actions and sub-sections; unticking unticks them. */
export const toggleSection = (nodes: PermissionNode[], path: TreePath, selected: boolean) =>
  update(nodes, path, (n) => setAll(n, selected));

/** Ticking an action ticks its section (and the section's ancestors). */
export const toggleAction = (nodes: PermissionNode[], path: TreePath, selected: boolean) =>
  update(nodes, path, (n) => ({ ...n, selected }));

/** How many grants are ticked under a node (its own tick included), for the section summary. */
export const countSelected = (node: PermissionNode): number =>
  (node.selected ? 1 : 0) + node.children.reduce((sum, c) => sum + countSelected(c), 0);

/** How many grants a node offers in all (itself, its actions and sub-sections). */
export const countAll = (node: PermissionNode): number => 1 + node.children.reduce((sum, c) => sum + countAll(c), 0);

/** The visible part of the tree for a search text: sections whose name (or a sub-section's) matches. */
export function filterTree(nodes: PermissionNode[], text: string): Set<number> {
  const q = text.trim().toLowerCase();
  const visible = new Set<number>();
  const walk = (n: PermissionNode, parent: PermissionNode | null): boolean => {
    if (parent && !isSubsection(parent, n)) return false;
    const own = !q || n.name.toLowerCase().includes(q);
    const inner = n.children.map((c) => walk(c, n)).some(Boolean);
    if (own || inner) visible.add(n.id);
    return own || inner;
  };
  for (const n of nodes) walk(n, null);
  return visible;
}
