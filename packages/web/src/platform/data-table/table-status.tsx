import type { ColumnMeta, FilterKind, FilterOption } from '@backhaul/shared';
import { Box, CloseButton, Group, Text } from '@mantine/core';
import { describeFilter } from './filter-rules';
import { useRovingGroup } from './roving-focus';
import type { LegendItem } from './row-colors';

export type FilterChip = { id: string; title: string; text: string; isDefault: boolean };

/** The chips of the filters a table applies: its own and the list's defaults (the server names them). */
export function filterChips(opts: {
  filters: Readonly<Record<string, unknown>>;
  defaults: Readonly<Record<string, unknown>>;
  meta: readonly ColumnMeta[];
  options: Readonly<Record<string, FilterOption[]>>;
}): FilterChip[] {
  return Object.entries({ ...opts.defaults, ...opts.filters }).flatMap(([id, value]) => {
    const m = opts.meta.find((c) => c.id === id);
    if (value === null || value === undefined || !m?.filter) return [];
    const text = describeFilter(m.filter as FilterKind, value, opts.options[id] ?? []);
    return [{ id, title: m.title, text, isDefault: !(id in opts.filters) }];
  });
}

/** The filters in force, beside the search box: a chip each (a default one says so) with its clear button; one tab stop. */
export function FilterChips(props: { chips: readonly FilterChip[]; onClear: (id: string) => void }) {
  const roving = useRovingGroup<HTMLDivElement>();
  if (!props.chips.length) return null;
  return (
    <Group
      ref={roving.ref}
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
      role="toolbar"
      aria-label="Filters in force"
      gap={6}
      data-testid="table-status"
    >
      {props.chips.map((c) => (
        <Group
          key={c.id}
          gap={2}
          wrap="nowrap"
          pl={10}
          pr={2}
          py={1}
          style={{
            borderRadius: 999,
            border: `1px ${c.isDefault ? 'dashed' : 'solid'} var(--mantine-color-dark-3)`,
            background: 'var(--mantine-color-dark-6)',
          }}
          data-testid={`filter-chip-${c.id}`}
          data-default={c.isDefault || undefined}
        >
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            <Text span inherit fw={600}>
              {c.title}:
            </Text>{' '}
            {c.text}
            {c.isDefault && (
              <Text span inherit c="dimmed">
                {' '}
                · default
              </Text>
            )}
          </Text>
          <CloseButton
            size="xs"
            aria-label={`Clear the ${c.title} filter`}
            onClick={() => props.onClear(c.id)}
            data-testid={`filter-chip-clear-${c.id}`}
          />
        </Group>
      ))}
    </Group>
  );
}

/** What a table's row colours mean: a swatch and a label each, under the table. */
export function TableLegend({ items }: { items: readonly LegendItem[] }) {
  if (!items.length) return null;
  return (
    <Group gap="sm" data-testid="table-legend" aria-label="Row colours">
      <Text size="xs" c="dimmed">
        Row colours:
      </Text>
      {items.map((i) => (
        <Group key={i.label} gap={4} wrap="nowrap">
          <Box
            w={12}
            h={12}
            style={{ borderRadius: 3, background: i.color, border: '1px solid var(--mantine-color-dark-3)' }}
          />
          <Text size="xs">{i.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
