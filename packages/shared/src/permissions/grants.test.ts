import { describe, expect, it } from 'vitest';
import { ACTION, SECTION } from '../spec/constants';
import { buildPermissionTree, can, makeGrantSet } from './grants';

const grants = makeGrantSet([
  { section: SECTION.Trucks, action: 0 },
  { section: SECTION.Trucks, action: ACTION.VIEW },
  { section: SECTION.Trucks, action: ACTION.EDIT },
  // An action without its section opens nothing.
  { section: SECTION.Brokers, action: ACTION.EDIT },
]);

describe('can()', () => {
  it('needs the section itself, then any of the actions by default', () => {
    expect(can(grants, { section: SECTION.Trucks })).toBe(true);
    expect(can(grants, { section: SECTION.Trucks, action: ACTION.EDIT })).toBe(true);
    expect(can(grants, { section: SECTION.Trucks, action: ACTION.DELETE })).toBe(false);
    expect(can(grants, { section: SECTION.Trucks, action: [ACTION.DELETE, ACTION.VIEW] })).toBe(true);
    expect(can(grants, { section: SECTION.Brokers })).toBe(false);
    expect(can(grants, { section: SECTION.Brokers, action: ACTION.EDIT })).toBe(false);
  });

  it('all-of when asked (Actions history needs edit and view)', () => {
    expect(can(grants, { section: SECTION.Trucks, action: [ACTION.EDIT, ACTION.VIEW], match: 'all' })).toBe(true);
    expect(can(grants, { section: SECTION.Trucks, action: [ACTION.EDIT, ACTION.DELETE], match: 'all' })).toBe(false);
  });

  it('every permission opens everything; no grant opens nothing', () => {
    const admin = makeGrantSet([], true);
    expect(can(admin, { section: SECTION.Roles, action: [ACTION.DELETE, 12345], match: 'all' })).toBe(true);
    expect(can(makeGrantSet([]), { section: SECTION.Trucks })).toBe(false);
  });

  it('the isLogin tree marks what the grants select, sections and actions alike', () => {
    const tree = buildPermissionTree(grants);
    const maintenance = tree.find((n) => n.id === SECTION.Maintenance);
    const trucks = maintenance?.children.find((n) => n.id === SECTION.Trucks);
    expect(trucks?.selected).toBe(true);
    expect(trucks?.children.filter((c) => c.selected).map((c) => c.id)).toEqual([ACTION.EDIT, ACTION.VIEW]);
    expect(maintenance?.children.find((n) => n.id === SECTION.Brokers)?.selected).toBe(false);
  });
});
