import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { DOWNTIME_UNIT_TYPES, type DowntimeRow } from '@backhaul/shared/modules/downtime/downtime.contract';
import { Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/data-table';
import { RegistryPage } from '../../platform/data-table/use-registry-actions';
import { DowntimeBreakdownDialog } from './downtime-breakdown';

type Filters = { month?: { values?: string[] }; unit_type?: { values?: string[] } } & Record<string, unknown>;
const filtersOf = (raw: string | null): Filters => {
  try {
    return JSON.parse(raw ?? '{}') as Filters;
  } catch {
    return {};
  }
};

/** The last 24 months, newest first (YYYY-MM). */
function recentMonths(): string[] {
  const [y, m] = nowInCompanyTimeZone().date.split('-').map(Number) as [number, number];
  return Array.from({ length: 24 }, (_, i) => {
    const total = y * 12 + (m - 1) - i;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * Shop → Downtime (section 70, beyond the spec): per unit and month, the days in the shop and on
 * the road out of service, and for a truck what they cost. The month and unit type pickers set the
 * list's own filters, so the column filters and the URL agree; the server shows this month when no
 * month is chosen.
 */
export function DowntimePage() {
  const [params, setParams] = useSearchParams();
  // A row opens what it is made of: its work orders and road days, priced.
  const [opened, setOpened] = useState<DowntimeRow | null>(null);
  const filters = filtersOf(params.get('f'));
  const setFilter = (id: 'month' | 'unit_type', value: string | null) =>
    setParams((p) => {
      const next = filtersOf(p.get('f'));
      if (value) next[id] = { values: [value] };
      else delete next[id];
      p.set('f', JSON.stringify(next));
      p.delete('page');
      return p;
    });
  const aside = (
    <Group gap="xs">
      <Select
        aria-label="Month"
        w={150}
        data={recentMonths()}
        value={filters.month?.values?.[0] ?? nowInCompanyTimeZone().date.slice(0, 7)}
        onChange={(v) => setFilter('month', v)}
      />
      <Select
        aria-label="Unit type"
        placeholder="Trucks and trailers"
        clearable
        w={190}
        data={Object.entries(DOWNTIME_UNIT_TYPES).map(([value, label]) => ({ value, label }))}
        value={filters.unit_type?.values?.[0] ?? null}
        onChange={(v) => setFilter('unit_type', v)}
      />
    </Group>
  );
  return (
    <RegistryPage testId="downtime-page" title="Downtime" aside={aside}>
      <DataTable<DowntimeRow & Record<string, unknown>>
        url="/downtime/list"
        listKey="downtime"
        rowId={(r) => r.id}
        onOpen={(r) => setOpened(r)}
        emptyText="No unit was out of service."
        cells={{
          unit_type: (r) => <Text size="sm">{DOWNTIME_UNIT_TYPES[r.unit_type]}</Text>,
        }}
      />
      <DowntimeBreakdownDialog row={opened} onClose={() => setOpened(null)} />
    </RegistryPage>
  );
}
