import { buildPermissionTree, grantsFromTree, makeGrantSet, SECTION } from '@backhaul/shared';
import { describe, expect, it } from 'vitest';
import { filterTree, isSubsection, toggleAction, toggleSection } from './roles-tree';

const tree = () => buildPermissionTree(makeGrantSet([]));
const pathOf = (nodes: ReturnType<typeof tree>, ids: number[]) => {
  const path: number[] = [];
  let level = nodes;
  for (const id of ids) {
    const i = level.findIndex((n) => n.id === id);
    path.push(i);
    level = level[i]?.children ?? [];
  }
  return path;
};

describe('role tree editing', () => {
  it('ticking a section ticks its actions and sub-sections; unticking clears them', () => {
    const nodes = tree();
    const path = pathOf(nodes, [SECTION.Maintenance]);
    const on = toggleSection(nodes, path, true);
    const grants = grantsFromTree(on);
    expect(grants).toContainEqual({ section: SECTION.Cities, action: 0 });
    expect(grants).toContainEqual({ section: SECTION.Cities, action: 11 });
    expect(grantsFromTree(toggleSection(on, path, false))).toEqual([]);
  });

  it('ticking an action ticks its section and ancestors, leaving siblings alone', () => {
    const nodes = tree();
    const path = pathOf(nodes, [SECTION.Maintenance, SECTION.Cities, 9]);
    const grants = grantsFromTree(toggleAction(nodes, path, true));
    expect(grants).toEqual(
      expect.arrayContaining([
        { section: SECTION.Maintenance, action: 0 },
        { section: SECTION.Cities, action: 0 },
        { section: SECTION.Cities, action: 9 },
      ]),
    );
    expect(grants).not.toContainEqual({ section: SECTION.Cities, action: 11 });
  });

  it('tells actions from sub-sections and filters sections by name', () => {
    const nodes = tree();
    const maintenance = nodes.find((n) => n.id === SECTION.Maintenance);
    const cities = maintenance?.children.find((c) => c.id === SECTION.Cities);
    expect(maintenance && cities && isSubsection(maintenance, cities)).toBe(true);
    const edit = cities?.children.find((c) => c.id === 9);
    expect(cities && edit && isSubsection(cities, edit)).toBe(false);
    const visible = filterTree(nodes, 'citi');
    expect(visible.has(SECTION.Cities)).toBe(true);
    expect(visible.has(SECTION.Maintenance)).toBe(true);
    expect(visible.has(SECTION.Brokers)).toBe(false);
  });
});
