import type { ColumnMeta, FilterOption } from '@backhaul/shared';
import { Box, Button, Group, Skeleton, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconFilterOff, IconSearchOff } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { FilterMenu } from './filter-menu';

/** The opaque colour under pinned cells, so scrolled cells never show through them. */
export const PINNED_BACKGROUND = 'var(--mantine-color-dark-7)';
const PINNED_EDGE = 'var(--mantine-color-dark-4)';

/**
 * Pinning (sticky) for the first column and the actions column: the record's id or name and its
 * buttons stay in view however far a wide list scrolls sideways. `tint` is the row's colour, laid
 * over the opaque background.
 */
export function pinnedStyle(pin: 'left' | 'right' | null, layer: 'head' | 'body', tint?: string): CSSProperties {
  if (!pin) return {};
  const edge = pin === 'left' ? `inset -1px 0 0 ${PINNED_EDGE}` : `inset 1px 0 0 ${PINNED_EDGE}`;
  return {
    position: 'sticky',
    [pin]: 0,
    zIndex: layer === 'head' ? 3 : 1,
    background: PINNED_BACKGROUND,
    ...(tint ? { backgroundImage: `linear-gradient(${tint}, ${tint})` } : {}),
    // A row's cells take their edge from data-table.css, which draws the keyboard focus over it.
    ...(layer === 'body' ? ({ '--dt-edge': edge } as CSSProperties) : { boxShadow: edge }),
  };
}

/**
 * A header: the whole title, wrapped on two lines when the column is narrow (never an ellipsis),
 * with a tooltip giving the title and what a click does; the sort arrow and the filter menu.
 */
export function HeaderCell(props: {
  meta: ColumnMeta;
  sort: 'asc' | 'desc' | null;
  onSort: () => void;
  filterValue: unknown;
  filterOptions: FilterOption[];
  onFilter: (value: unknown) => void;
}) {
  const { meta } = props;
  const title = (
    <Text
      span
      inherit
      lineClamp={2}
      // A word never breaks or shrinks: the column's minimum width holds the longest one.
      style={{ whiteSpace: 'normal', wordBreak: 'keep-all', lineHeight: 1.2, minWidth: 'min-content' }}
      data-testid={`title-${meta.id}`}
    >
      {meta.title}
    </Text>
  );
  const arrow =
    props.sort === 'desc' ? (
      <IconArrowDown size={14} />
    ) : props.sort === 'asc' ? (
      <IconArrowUp size={14} />
    ) : (
      <IconArrowsSort size={13} opacity={0.4} />
    );
  return (
    <>
      <Tooltip label={meta.sortable ? `${meta.title} · click to sort` : meta.title} openDelay={400}>
        {meta.sortable ? (
          <UnstyledButton
            onClick={props.onSort}
            style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0, fontWeight: 600, fontSize: 13 }}
            data-testid={`sort-${meta.id}`}
          >
            {title}
            <Box style={{ flex: '0 0 auto', display: 'flex' }}>{arrow}</Box>
          </UnstyledButton>
        ) : (
          <Box style={{ minWidth: 0 }}>{title}</Box>
        )}
      </Tooltip>
      {meta.filter && (
        <Box ml="auto" style={{ flex: '0 0 auto' }}>
          <FilterMenu
            column={meta}
            value={props.filterValue as Parameters<typeof FilterMenu>[0]['value']}
            options={props.filterOptions}
            onChange={props.onFilter}
          />
        </Box>
      )}
    </>
  );
}

/** Placeholder rows while the first answer is on its way: the table's shape, not a spinner. */
export function TableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap={10} p="sm" data-testid="table-skeleton" role="status" aria-busy="true" aria-label="Loading rows">
      <Skeleton height={22} radius="sm" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Group key={i} gap="sm" wrap="nowrap">
          <Skeleton height={16} width={70} radius="sm" />
          <Skeleton height={16} radius="sm" />
          <Skeleton height={16} width={120} radius="sm" />
          <Skeleton height={16} width={90} radius="sm" />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The empty state, above the totals row: what happened, and "Clear filters" when filters are set;
 * when the search matches rows the filters hide, how many and a button that shows them.
 */
export function EmptyState({
  filtered,
  onClear,
  outside,
  children,
}: {
  filtered: boolean;
  onClear: () => void;
  outside?: { count: number; titles: readonly string[]; onShow: () => void } | null;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" gap={6} py="xl" data-testid="table-empty">
      <IconSearchOff size={28} opacity={0.5} />
      <Text fw={600}>{filtered ? 'No rows match your search and filters.' : (children ?? 'Nothing here yet.')}</Text>
      {outside ? (
        <>
          <Text size="sm" c="dimmed" data-testid="table-outside">
            {outside.count === 1 ? '1 row matches' : `${outside.count.toLocaleString('en-US')} rows match`} the search
            outside the {outside.titles.join(', ')} {outside.titles.length === 1 ? 'filter' : 'filters'}.
          </Text>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFilterOff size={14} />}
            onClick={outside.onShow}
            data-testid="table-show-outside"
          >
            Show {outside.count === 1 ? 'it' : 'them'}
          </Button>
        </>
      ) : (
        filtered && (
          <>
            <Text size="sm" c="dimmed">
              Clear them to see every row.
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFilterOff size={14} />}
              onClick={onClear}
              data-testid="table-clear-filters"
            >
              Clear filters
            </Button>
          </>
        )
      )}
    </Stack>
  );
}
