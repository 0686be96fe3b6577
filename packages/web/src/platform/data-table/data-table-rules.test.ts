import { type ColumnMeta, MSG, PAGE_SIZE_ALL, type PermissionNode, SECTION } from '@backhaul/shared';
import { describe, expect, it } from 'vitest';
import { defaultSettings, effectiveSettings, moveColumn } from './column-layout';
import { clearColumnFilter } from './data-table';
import { checkNumberDraft, clipText, describeFilter, filterMenuWidth, needsTotalsTooltip } from './filter-rules';
import {
  changeListState,
  clampPage,
  DEFAULT_LIST_STATE,
  PAGE_SIZE_OPTIONS,
  pageSizeOptions,
  readListState,
  refreshListState,
  writeListState,
} from './list-state';
import { allowsButton } from './permissions';
import { inferLegend, rowBackground, STATUS_COLORS } from './row-colors';
import { filterChips } from './table-status';
import { savedRowKey } from './use-record-actions';

describe('list state in the URL', () => {
  it('round-trips a filtered, sorted view and leaves defaults out', () => {
    const state = {
      page: 3,
      limit: 50,
      sort: 'city',
      order: 'desc' as const,
      search: 'spring',
      filters: { state: { values: ['TX'] } },
    };
    const params = writeListState(new URLSearchParams('tab=x'), state);
    expect(params.get('tab')).toBe('x');
    expect(readListState(params)).toEqual(state);
    expect(writeListState(new URLSearchParams(), DEFAULT_LIST_STATE).toString()).toBe('');
  });

  it('ignores malformed values', () => {
    const s = readListState(new URLSearchParams('page=-2&size=7&order=up&f=%7Bbad'));
    expect(s).toEqual(DEFAULT_LIST_STATE);
  });

  it('page sizes are 5, 20, 50, 100, 200, 500 and All', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([5, 20, 50, 100, 200, 500, PAGE_SIZE_ALL]);
    expect(readListState(new URLSearchParams(`size=${PAGE_SIZE_ALL}`)).limit).toBe(PAGE_SIZE_ALL);
  });

  it('size, filter, search and sort changes go back to page 1; paging keeps the rest', () => {
    const at3 = { ...DEFAULT_LIST_STATE, page: 3 };
    expect(changeListState(at3, { limit: 100 }).page).toBe(1);
    expect(changeListState(at3, { filters: { a: 1 } }).page).toBe(1);
    expect(changeListState(at3, { page: 4 }).page).toBe(4);
  });

  it('refresh filters resets sort, page 1, size 20, search and filters', () => {
    expect(refreshListState()).toEqual({ page: 1, limit: 20, sort: null, order: null, search: '', filters: {} });
  });

  it('the page input is clamped to 1..pages', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });
});

describe('filter rules', () => {
  it('menu widths: 280 options, 300 date, 330 others', () => {
    expect(filterMenuWidth('options')).toBe(280);
    expect(filterMenuWidth('date')).toBe(300);
    expect(filterMenuWidth('list')).toBe(330);
    expect(filterMenuWidth('number')).toBe(330);
  });

  it('number filter: OK disabled while empty, Between needs both, From > To is refused', () => {
    const d = { op: 'eq' as const, value: '', from: '', to: '' };
    expect(checkNumberDraft(d).ok).toBe(false);
    expect(checkNumberDraft({ ...d, value: '12' })).toEqual({ ok: true, error: null, value: { op: 'eq', value: 12 } });
    expect(checkNumberDraft({ ...d, op: 'between', from: '3' }).ok).toBe(false);
    expect(checkNumberDraft({ ...d, op: 'between', from: '5', to: '3' })).toEqual({
      ok: false,
      error: MSG.numberFromGreaterThanTo,
      value: null,
    });
    expect(checkNumberDraft({ ...d, op: 'between', from: '3', to: '5' }).value).toEqual({
      op: 'between',
      from: 3,
      to: 5,
    });
  });

  it('totals tooltip from an absolute 1000; clipping with an ellipsis', () => {
    expect(needsTotalsTooltip(999.99)).toBe(false);
    expect(needsTotalsTooltip(-1000)).toBe(true);
    expect(clipText('Coyote Logistics', 8)).toEqual({ text: 'Coyote …', clipped: true });
    expect(clipText('Echo', 8)).toEqual({ text: 'Echo', clipped: false });
  });
});

describe('column layout', () => {
  const meta = ['a', 'b', 'c'].map((id) => ({
    id,
    title: id,
    filter: null,
    sortable: true,
    footer: null,
    dollar: false,
    miles: false,
    hidden: id === 'c',
    clip: null,
    align: 'left' as const,
    format: 'text' as const,
    priority: 4,
  }));
  it('defaults, saved settings over a changed definition, and drag moves', () => {
    expect(defaultSettings(meta).map((c) => c.visible)).toEqual([true, true, false]);
    const saved = {
      columns: [
        { id: 'gone', visible: true },
        { id: 'b', visible: false, width: 90 },
      ],
    };
    expect(effectiveSettings(meta, saved).map((c) => c.id)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(defaultSettings(meta), 'c', 'a').map((c) => c.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('row buttons and colours', () => {
  const tree: PermissionNode[] = [
    {
      name: 'Maintenance',
      id: SECTION.Maintenance,
      selected: true,
      children: [
        {
          name: 'Cities',
          id: SECTION.Cities,
          selected: true,
          children: [
            { name: 'Edit', id: 9, selected: true, children: [] },
            { name: 'View', id: 10, selected: false, children: [] },
          ],
        },
      ],
    },
  ];
  it('any-of and all-of permission ids', () => {
    expect(allowsButton(tree, { section: SECTION.Cities, ids: [9] })).toBe(true);
    expect(allowsButton(tree, { section: SECTION.Cities, ids: [9, 10] })).toBe(true);
    expect(allowsButton(tree, { section: SECTION.Cities, ids: [9, 10], match: 'all' })).toBe(false);
    expect(allowsButton(tree, { section: SECTION.Brokers, ids: [9] })).toBe(false);
    expect(allowsButton(tree, undefined)).toBe(true);
  });
  it('frozen 1 red, 2 orange, status colours', () => {
    expect(rowBackground({ frozen: 1 })).toContain('250, 82, 82');
    expect(rowBackground({ frozen: 2 })).toContain('253, 126, 20');
    expect(rowBackground({ status: 2 })).toBeDefined();
    expect(rowBackground({})).toBeUndefined();
  });
});

describe("a table whose default size is not one of the spec's (trips: 15)", () => {
  it('offers it among the sizes, reads it as the default and leaves it out of the URL', () => {
    expect(pageSizeOptions(15)).toEqual([5, 15, 20, 50, 100, 200, 500, PAGE_SIZE_ALL]);
    expect(pageSizeOptions(20)).toEqual([5, 20, 50, 100, 200, 500, PAGE_SIZE_ALL]);
    expect(readListState(new URLSearchParams(''), '', 15).limit).toBe(15);
    expect(readListState(new URLSearchParams('size=20'), '', 15).limit).toBe(20);
    expect(readListState(new URLSearchParams('size=15'), '').limit).toBe(20);
    const state = { ...readListState(new URLSearchParams(''), '', 15), page: 2 };
    expect(writeListState(new URLSearchParams(''), state, '', 15).toString()).toBe('page=2');
    expect(refreshListState(15).limit).toBe(15);
  });
});

describe('filter chips, kept rows and the row-colour legend', () => {
  const status = [
    { value: '1', label: 'New' },
    { value: '2', label: 'Scheduled' },
    { value: '9', label: 'Closed' },
    { value: '11', label: 'Canceled' },
  ];
  it('describes a filter in a few words', () => {
    expect(describeFilter('list', { values: ['1', '2'] }, status)).toBe('New, Scheduled');
    // Most of the options: what is left out.
    expect(describeFilter('list', { values: [1, 2, 9] }, status)).toBe('not Canceled');
    expect(describeFilter('date', { from: '2026-11-01', to: '2026-11-28' })).toBe('2026-11-01 → 2026-11-28 (4 weeks)');
    expect(describeFilter('date', { from: '2026-11-01', to: '2026-11-03' })).toBe('2026-11-01 → 2026-11-03');
    expect(describeFilter('date', { from: '2026-11-05' })).toBe('2026-11-05');
    expect(describeFilter('number', { op: 'gte', value: 500 })).toBe('≥ 500');
    expect(describeFilter('number', { op: 'between', from: 1, to: 9 })).toBe('1 – 9');
    expect(describeFilter('note', { value: 'lumper' })).toBe('“lumper”');
    expect(describeFilter('list', { values: ['a', 'b', 'c', 'd', 'e'] })).toBe('a, b, c +2');
  });

  it('clearing a default filter sends it as null; another filter is dropped', () => {
    const defaults = new Set(['status']);
    expect(clearColumnFilter({ status: { values: [9] }, unit: { value: 'x' } }, 'status', defaults)).toEqual({
      status: null,
      unit: { value: 'x' },
    });
    expect(clearColumnFilter({ status: null, unit: { value: 'x' } }, 'unit', defaults)).toEqual({ status: null });
  });

  it('chips name every filter in force, the defaults marked', () => {
    const meta = [
      { id: 'status', title: 'Status', filter: 'list' },
      { id: 'unit', title: 'Unit#', filter: 'note' },
    ] as ColumnMeta[];
    const chips = filterChips({
      filters: { unit: { value: '114' } },
      defaults: { status: { values: ['1', '2', '9'] } },
      meta,
      options: { status },
    });
    expect(chips).toEqual([
      { id: 'status', title: 'Status', text: 'not Canceled', isDefault: true },
      { id: 'unit', title: 'Unit#', text: '“114”', isDefault: false },
    ]);
    // A cleared default (null) has no chip.
    expect(filterChips({ filters: { status: null }, defaults: {}, meta, options: {} })).toEqual([]);
  });

  it("a save's answer names the row to keep: its id, its row's or its item's", () => {
    expect(savedRowKey(594)).toBe(594);
    expect(savedRowKey({ message: 'Saved', row: { id: 7 } })).toBe(7);
    expect(savedRowKey({ message: 'Saved', item: { id: 'a1' } })).toBe('a1');
    expect(savedRowKey({ message: 'Saved' })).toBeNull();
    expect(savedRowKey(undefined)).toBeNull();
  });

  it('the legend: statuses by their filter labels where rows are painted by status, frozen where a list has it', () => {
    const columns = [{ id: 'status' }] as ColumnMeta[];
    const painted = inferLegend({ rows: [{ status: 9 }], columns, statusOptions: status });
    expect(painted.map((i) => i.label)).toEqual(['New', 'Scheduled', 'Closed', 'Canceled']);
    expect(painted[2]?.color).toBe(STATUS_COLORS[9]);
    // The tint of the Closed badge's colour (Mantine gray 6).
    expect(STATUS_COLORS[9]).toBe('rgba(134, 142, 150, 0.16)');
    expect(inferLegend({ rows: [{ name: 'x' }], columns, statusOptions: status })).toEqual([]);
    const frozen = inferLegend({
      rows: [{ frozen: 1 }],
      columns: [{ id: 'frozen' }] as ColumnMeta[],
      statusOptions: [],
    });
    expect(frozen.map((i) => i.label)).toEqual(['Frozen', 'Daptor']);
    // A row's own colour (short payments' age bands) has no name here: the page gives its legend.
    expect(inferLegend({ rows: [{ color: 'rgba(1,2,3,0.2)', status: 'Open' }], columns, statusOptions: [] })).toEqual(
      [],
    );
  });
});
