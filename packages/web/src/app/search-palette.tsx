import {
  type LoadStatus,
  type SearchResponse,
  SearchResponseSchema,
  type SearchResult,
  type SearchResultGroup,
} from '@backhaul/shared/modules/search/search.contract';
import {
  Badge,
  Button,
  Group,
  Kbd,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import {
  IconBuilding,
  IconFileInvoice,
  IconHistory,
  IconRoute,
  IconSearch,
  IconSteeringWheel,
  IconTruck,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../platform/api-client';
import { fieldWords } from '../platform/data-table/table-toolbar';
import { recordPath, tripDetailPath } from '../platform/links';

const ICONS: Record<SearchResultGroup, ComponentType<{ size?: number }>> = {
  driver_loads: IconHistory,
  trips: IconRoute,
  invoices: IconFileInvoice,
  customers: IconBuilding,
  drivers: IconSteeringWheel,
  trucks: IconTruck,
};

/** Where a result opens (platform/links: the trip's detail view, or the record's list with `open=<id>`). */
export function resultPath(r: SearchResult): string {
  switch (r.group) {
    case 'trips':
    case 'driver_loads':
      return tripDetailPath(r.trip_id ?? r.id, r.id);
    case 'invoices':
      return recordPath('invoice', r.id);
    case 'customers':
      return recordPath('customer', r.id);
    case 'drivers':
      return recordPath('driver', r.id);
    case 'trucks':
      return recordPath('truck', r.id);
  }
}

/** The load's status badge: the colours of the trips list's status tints. */
const STATUS_COLOR: Record<LoadStatus, string> = {
  Planned: 'gray',
  'On the road': 'blue',
  Delivered: 'teal',
  Invoiced: 'violet',
};

const searchFor = (q: string, signal: AbortSignal) =>
  api.get('/search', { query: { q }, schema: SearchResponseSchema, signal, background: true });

/**
 * The header's global search (Ctrl+K or ⌘K): a trip, load, BOL, invoice, customer, driver or truck
 * by number or name, across the lists the caller may see; arrows choose, Enter opens.
 */
export function SearchPalette() {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  useHotkeys([['mod+K', () => setOpened(true)]], []);

  const query = useQuery({
    queryKey: ['search', debounced],
    queryFn: ({ signal }) => searchFor(debounced, signal),
    enabled: opened && debounced.length > 0,
    placeholderData: keepPreviousData,
  });
  const answer: SearchResponse | undefined = debounced ? query.data : undefined;
  const results = useMemo(() => answer?.groups.flatMap((g) => g.results) ?? [], [answer]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer starts at its first result
  useEffect(() => setActive(0), [answer]);

  const close = () => {
    setOpened(false);
    setText('');
  };
  const open = (r: SearchResult) => {
    close();
    navigate(resultPath(r));
  };
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (results.length ? (i + step + results.length) % results.length : 0));
    } else if (e.key === 'Enter') {
      const r = results[active];
      if (r) open(r);
    }
  };

  let index = -1;
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconSearch size={14} />}
        rightSection={<Kbd size="xs">Ctrl K</Kbd>}
        onClick={() => setOpened(true)}
        data-testid="global-search"
        visibleFrom="sm"
        w={230}
        styles={{ inner: { justifyContent: 'space-between' }, label: { color: 'var(--mantine-color-dimmed)' } }}
      >
        Search…
      </Button>
      {/* The dialog element itself is named (Modal's aria-label would land on a role-less root div). */}
      <Modal.Root opened={opened} onClose={close} size="lg" yOffset="10vh" padding="sm">
        <Modal.Overlay />
        <Modal.Content aria-label="Search">
          <Modal.Body>
            <Stack gap="xs" data-testid="search-palette">
              <TextInput
                data-autofocus
                size="md"
                placeholder="Trip, load, BOL, invoice #, customer, driver, truck or trailer"
                leftSection={<IconSearch size={16} />}
                rightSection={query.isFetching ? <Loader size="xs" /> : null}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
                onKeyDown={onKey}
                data-testid="search-input"
              />
              <ScrollArea.Autosize mah="60vh">
                {!debounced ? (
                  <Text size="sm" c="dimmed" p="sm">
                    Find a trip or load by its number, BOL, broker #, driver, truck or trailer, an invoice by its
                    number, a customer, driver or truck by name or number; a driver's name shows their recent loads. ↑ ↓
                    choose, Enter opens.
                  </Text>
                ) : answer && results.length === 0 && !query.isFetching ? (
                  <Stack gap={4} p="sm" data-testid="search-empty">
                    <Text fw={600}>No match for “{answer.q}”.</Text>
                    {answer.groups.map((g) => (
                      <Text key={g.group} size="sm" c="dimmed">
                        {g.label}: searched its number, {fieldWords(g.fields).join(', ')}
                      </Text>
                    ))}
                  </Stack>
                ) : (
                  <Stack gap="xs">
                    {answer?.groups
                      .filter((g) => g.results.length)
                      .map((g) => {
                        const Icon = ICONS[g.group];
                        return (
                          <Stack
                            key={`${g.group}-${g.driver_id ?? ''}`}
                            gap={2}
                            data-testid={`search-group-${g.group}`}
                          >
                            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs">
                              {g.label}
                            </Text>
                            {g.results.map((r) => {
                              index++;
                              const mine = index;
                              return (
                                <UnstyledButton
                                  key={`${r.group}-${r.id}`}
                                  onClick={() => open(r)}
                                  onMouseEnter={() => setActive(mine)}
                                  px="xs"
                                  py={6}
                                  style={{
                                    borderRadius: 6,
                                    background: mine === active ? 'var(--mantine-color-dark-5)' : undefined,
                                  }}
                                  data-testid="search-result"
                                  data-active={mine === active || undefined}
                                >
                                  <Group gap="sm" wrap="nowrap">
                                    <Icon size={18} />
                                    <Stack gap={0} style={{ minWidth: 0 }}>
                                      <Text size="sm" fw={600} truncate>
                                        {r.title}
                                      </Text>
                                      <Text size="xs" c="dimmed" truncate>
                                        {r.subtitle}
                                      </Text>
                                    </Stack>
                                    {r.status && (
                                      <Badge
                                        size="sm"
                                        variant="light"
                                        color={STATUS_COLOR[r.status]}
                                        ml="auto"
                                        style={{ flexShrink: 0 }}
                                        data-testid="search-result-status"
                                      >
                                        {r.status}
                                      </Badge>
                                    )}
                                    {mine === active && (
                                      <Kbd size="xs" ml={r.status ? undefined : 'auto'}>
                                        ↵
                                      </Kbd>
                                    )}
                                  </Group>
                                </UnstyledButton>
                              );
                            })}
                          </Stack>
                        );
                      })}
                  </Stack>
                )}
              </ScrollArea.Autosize>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
