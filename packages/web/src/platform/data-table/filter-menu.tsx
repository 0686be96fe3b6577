import '@mantine/dates/styles.css';
import {
  ADDRESS_TYPE,
  type ColumnMeta,
  FILTER_DEBOUNCE_MS,
  type FilterKind,
  type FilterOption,
  NOTE_FILTER_DEBOUNCE_MS,
  NUMBER_OP_LABELS,
  NUMBER_OPS,
  type NumberOp,
  OPTION_VALUES,
} from '@backhaul/shared';
import { WEEK_STARTS_ON } from '@backhaul/shared/formats/formats';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Popover,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { checkNumberDraft, filterDebounceMs, filterMenuWidth, type NumberDraft } from './filter-rules';

type Value = Record<string, unknown> | undefined;
type FilterProps = { value: Value; options: FilterOption[]; onChange: (value: unknown | null) => void };

const DEBOUNCE = { column: FILTER_DEBOUNCE_MS, note: NOTE_FILTER_DEBOUNCE_MS };

/** The filter button of a column header and its menu, by the column's filter kind. */
export function FilterMenu({
  column,
  value,
  options,
  onChange,
}: {
  column: ColumnMeta;
  value: unknown;
  options: FilterOption[];
  onChange: (value: unknown | null) => void;
}) {
  const kind = column.filter as FilterKind;
  const active = value !== undefined && value !== null;
  const Body = BODIES[kind];
  return (
    <Popover width={filterMenuWidth(kind)} position="bottom-start" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <ActionIcon
          size="sm"
          variant={active ? 'filled' : 'subtle'}
          color={active ? 'teal' : 'gray'}
          aria-label={`Filter ${column.title}`}
          data-testid={`filter-${column.id}`}
        >
          {active ? <IconFilterFilled size={14} /> : <IconFilter size={14} />}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid={`filter-menu-${column.id}`}>
        <Stack gap="xs">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {column.title}
          </Text>
          <Body value={value as Value} options={options} onChange={onChange} />
          {active && (
            <Button size="xs" variant="subtle" color="gray" onClick={() => onChange(null)}>
              Clear filter
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function ListFilter({ value, options, onChange }: FilterProps) {
  const [selected, setSelected] = useState<string[]>(((value?.values as unknown[]) ?? []).map(String));
  const [query, setQuery] = useState('');
  const apply = useDebouncedCallback(
    (next: string[]) => {
      const values = next.map((v) => options.find((o) => String(o.value) === v)?.value ?? v);
      onChange(values.length ? { values } : null);
    },
    filterDebounceMs('list', DEBOUNCE),
  );
  const shown = useMemo(
    () => options.filter((o) => o.label.toLowerCase().includes(query.toLowerCase())).slice(0, 300),
    [options, query],
  );
  return (
    <>
      <TextInput size="xs" placeholder="Search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
      <ScrollArea.Autosize mah={260}>
        <Checkbox.Group
          value={selected}
          onChange={(next) => {
            setSelected(next);
            apply(next);
          }}
        >
          <Stack gap={6}>
            {shown.map((o) => (
              <Checkbox key={String(o.value)} size="xs" value={String(o.value)} label={o.label} />
            ))}
            {shown.length === 0 && (
              <Text size="xs" c="dimmed">
                No options
              </Text>
            )}
          </Stack>
        </Checkbox.Group>
      </ScrollArea.Autosize>
    </>
  );
}

function TextFilter({ value, onChange, kind }: FilterProps & { kind: FilterKind }) {
  const [text, setText] = useState(String(value?.value ?? ''));
  // Note filters are lowercased (000 §5); the server compares lowercased too.
  const apply = useDebouncedCallback(
    (next: string) => {
      const v = next.trim().toLowerCase();
      onChange(v ? { value: v } : null);
    },
    filterDebounceMs(kind, DEBOUNCE),
  );
  return (
    <TextInput
      size="xs"
      autoFocus
      placeholder="Contains…"
      value={text}
      data-testid="filter-text"
      onChange={(e) => {
        setText(e.currentTarget.value);
        apply(e.currentTarget.value);
      }}
    />
  );
}

function NumberFilter({ value, onChange }: FilterProps) {
  const [draft, setDraft] = useState<NumberDraft>({
    op: (value?.op as NumberOp) ?? 'eq',
    value: value?.value === undefined ? '' : String(value.value),
    from: value?.from === undefined ? '' : String(value.from),
    to: value?.to === undefined ? '' : String(value.to),
  });
  const check = checkNumberDraft(draft);
  const set = (patch: Partial<NumberDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const field = (v: unknown) => String(v ?? '');
  return (
    <>
      <Select
        size="xs"
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
        data={NUMBER_OPS.map((op) => ({ value: op, label: NUMBER_OP_LABELS[op] }))}
        value={draft.op}
        onChange={(op) => op && set({ op: op as NumberOp })}
        data-testid="number-op"
      />
      {draft.op === 'between' ? (
        <Group grow gap="xs">
          <NumberInput size="xs" placeholder="From" value={draft.from} onChange={(v) => set({ from: field(v) })} />
          <NumberInput size="xs" placeholder="To" value={draft.to} onChange={(v) => set({ to: field(v) })} />
        </Group>
      ) : (
        <NumberInput
          size="xs"
          placeholder="Value"
          value={draft.value}
          onChange={(v) => set({ value: field(v) })}
          data-testid="number-value"
        />
      )}
      {check.error && (
        <Text size="xs" c="red" data-testid="number-error">
          {check.error}
        </Text>
      )}
      <Button size="xs" disabled={!check.ok} onClick={() => onChange(check.value)} data-testid="number-ok">
        OK
      </Button>
    </>
  );
}

function DateFilter({ value, onChange }: FilterProps) {
  const [range, setRange] = useState<[string | null, string | null]>([
    (value?.from as string) ?? null,
    (value?.to as string) ?? null,
  ]);
  const [empty, setEmpty] = useState(Boolean(value?.empty));
  const apply = useDebouncedCallback((r: [string | null, string | null], e: boolean) => {
    // A single day is both ends of the range (000 §5).
    const from = r[0] ?? r[1];
    const to = r[1] ?? r[0];
    if (!from && !e) return onChange(null);
    onChange({ ...(from ? { from, to } : {}), ...(e ? { empty: true } : {}) });
  }, FILTER_DEBOUNCE_MS);
  return (
    <>
      <DatePicker
        type="range"
        allowSingleDateInRange
        firstDayOfWeek={WEEK_STARTS_ON}
        size="xs"
        value={range}
        onChange={(r) => {
          const next: [string | null, string | null] = [r[0] ? String(r[0]) : null, r[1] ? String(r[1]) : null];
          setRange(next);
          apply(next, empty);
        }}
      />
      <Checkbox
        size="xs"
        label="Empty"
        checked={empty}
        onChange={(e) => {
          setEmpty(e.currentTarget.checked);
          apply(range, e.currentTarget.checked);
        }}
      />
    </>
  );
}

function OptionsFilter({ value, onChange }: FilterProps) {
  const current = String(value?.value ?? OPTION_VALUES.All);
  return (
    <Radio.Group
      value={current}
      onChange={(v) => onChange(Number(v) === OPTION_VALUES.All ? null : { value: Number(v) })}
    >
      <Group gap="md">
        <Radio size="xs" value={String(OPTION_VALUES.On)} label="On" />
        <Radio size="xs" value={String(OPTION_VALUES.All)} label="All" />
        <Radio size="xs" value={String(OPTION_VALUES.Off)} label="Off" />
      </Group>
    </Radio.Group>
  );
}

function CheckboxFilter({ value, onChange }: FilterProps) {
  const current = value?.value === undefined ? 'any' : value.value ? 'yes' : 'no';
  return (
    <SegmentedControl
      size="xs"
      fullWidth
      value={current}
      data={[
        { value: 'any', label: 'Any' },
        { value: 'yes', label: 'Checked' },
        { value: 'no', label: 'Not checked' },
      ]}
      onChange={(v) => onChange(v === 'any' ? null : { value: v === 'yes' })}
    />
  );
}

function AddressFilter({ value, options, onChange }: FilterProps) {
  const [type, setType] = useState(String(value?.type ?? ADDRESS_TYPE.PickUp));
  const [states, setStates] = useState<string[]>((value?.states as string[]) ?? []);
  const [cities, setCities] = useState<string[]>((value?.cities as string[]) ?? []);
  const apply = useDebouncedCallback((t: string, s: string[], c: string[]) => {
    onChange(s.length + c.length ? { type: Number(t), states: s, cities: c } : null);
  }, FILTER_DEBOUNCE_MS);
  return (
    <>
      <SegmentedControl
        size="xs"
        fullWidth
        value={type}
        data={[
          { value: String(ADDRESS_TYPE.PickUp), label: 'PickUp' },
          { value: String(ADDRESS_TYPE.Delivery), label: 'Delivery' },
        ]}
        onChange={(t) => {
          setType(t);
          apply(t, states, cities);
        }}
      />
      <TagsInput
        size="xs"
        label="State"
        data={options.map((o) => String(o.value))}
        comboboxProps={{ withinPortal: false }}
        value={states}
        onChange={(s) => {
          const upper = s.map((x) => x.toUpperCase());
          setStates(upper);
          apply(type, upper, cities);
        }}
      />
      <TagsInput
        size="xs"
        label="City"
        value={cities}
        onChange={(c) => {
          setCities(c);
          apply(type, states, c);
        }}
      />
    </>
  );
}

const BODIES: Record<FilterKind, (props: FilterProps) => React.ReactNode> = {
  list: ListFilter,
  note: (p) => <TextFilter {...p} kind="note" />,
  text: (p) => <TextFilter {...p} kind="text" />,
  number: NumberFilter,
  date: DateFilter,
  options: OptionsFilter,
  checkbox: CheckboxFilter,
  address: AddressFilter,
};
