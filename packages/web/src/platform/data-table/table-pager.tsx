import { pluralize } from '@backhaul/shared/formats/formats';
import { Group, Loader, NumberInput, Pagination, Select, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { clampPage, type ListState, PAGE_SIZE_OPTIONS, pageSizeLabel } from './list-state';

type Props = {
  state: ListState;
  /** The size choices (default: the spec's 5, 20, 50, 100, 200, 500, All). */
  sizes?: readonly number[];
  total: number;
  pages: number;
  loading: boolean;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
};

// The arrow buttons' names (they show only an icon).
const PAGER_CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Page sizes 5…500 and All, page buttons, and a page input clamped to 1..pages (000 §5). */
export function TablePager({ state, total, pages, loading, onPage, onSize, sizes = PAGE_SIZE_OPTIONS }: Props) {
  const [input, setInput] = useState<string | number>(state.page);
  useEffect(() => setInput(state.page), [state.page]);
  const go = () => {
    const page = clampPage(Number(input), pages);
    setInput(page);
    if (page !== state.page) onPage(page);
  };
  return (
    <Group justify="space-between" gap="sm" data-testid="table-pager">
      <Group gap="xs">
        <Text size="sm" c="dimmed" data-testid="table-total">
          {pluralize(total, 'row')}
        </Text>
        {loading && <Loader size="xs" />}
      </Group>
      <Group gap="sm">
        <Pagination
          size="sm"
          total={pages}
          value={Math.min(state.page, pages)}
          onChange={onPage}
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': PAGER_CONTROL_NAMES[control] })}
        />
        <NumberInput
          size="xs"
          w={72}
          min={1}
          max={pages}
          clampBehavior="strict"
          value={input}
          onChange={setInput}
          onBlur={go}
          onKeyDown={(e) => e.key === 'Enter' && go()}
          aria-label="Page"
          data-testid="page-input"
        />
        <Select
          size="xs"
          w={90}
          allowDeselect={false}
          aria-label="Rows per page"
          data={sizes.map((s) => ({ value: String(s), label: pageSizeLabel(s) }))}
          value={String(state.limit)}
          onChange={(v) => v && onSize(Number(v))}
          data-testid="page-size"
        />
      </Group>
    </Group>
  );
}
