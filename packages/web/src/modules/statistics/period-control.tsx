import { addDays, DATE_FORMAT, nowInCompanyTimeZone, WEEK_STARTS_ON } from '@backhaul/shared/formats/formats';
import { type DateType, STATISTICS_DEFAULT_WEEKS } from '@backhaul/shared/modules/statistics/statistics.contract';
import { Group, SegmentedControl, Select, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useSearchParams } from 'react-router';
import { changeListState, readListState, writeListState } from '../../platform/data-table/list-state';

const KEY: Record<DateType, string> = { Delivery: 'delivery_datetime', PickUp: 'pick_up_datetime' };
const WEEK_CHOICES = [1, 2, 4, 8, 13, 26, 52];

export type PeriodWindow = { type: DateType; from: string; to: string };

const weeksEnding = (to: string, weeks: number) => ({ from: addDays(to, -(weeks * 7 - 1)), to });

/** The window in a table's URL filters, or the default (Delivery, today, 4 weeks) the server uses too. */
export function readWindow(filters: Record<string, unknown>): PeriodWindow {
  for (const type of ['Delivery', 'PickUp'] as const) {
    const r = filters[KEY[type]] as { from?: string; to?: string } | undefined;
    const from = r?.from ?? r?.to;
    const to = r?.to ?? r?.from;
    if (from && to) return { type, from, to };
  }
  return { type: 'Delivery', ...weeksEnding(nowInCompanyTimeZone().date, STATISTICS_DEFAULT_WEEKS) };
}

/** The filters of a dispatch statistics view for a window (a drill-down link). */
export const windowFilters = (w: PeriodWindow) => ({ [KEY[w.type]]: { from: w.from, to: w.to } });

/**
 * The statistics window (000 §7 datePeriod {type, date}, weeks): Delivery or Pick up, a range, or
 * the weeks ending today. It lives in the table's URL filters, so the table, its charts, its export
 * and a shared link all read one window.
 */
export function PeriodControl() {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const window = readWindow(state.filters);
  const today = nowInCompanyTimeZone().date;

  const apply = (next: PeriodWindow) => {
    const filters = { ...state.filters };
    delete filters[KEY.Delivery];
    delete filters[KEY.PickUp];
    Object.assign(filters, windowFilters(next));
    setParams((p) => writeListState(p, changeListState(state, { filters })), { replace: true });
  };
  const weeks = WEEK_CHOICES.find((w) => window.to === today && weeksEnding(today, w).from === window.from);

  return (
    <Group gap="sm" data-testid="period-control">
      <SegmentedControl
        size="xs"
        value={window.type}
        onChange={(type) => apply({ ...window, type: type as DateType })}
        data={[
          { value: 'Delivery', label: 'Delivery' },
          { value: 'PickUp', label: 'Pick up' },
        ]}
      />
      <DatePickerInput
        type="range"
        size="xs"
        w={230}
        allowSingleDateInRange
        firstDayOfWeek={WEEK_STARTS_ON}
        valueFormat={DATE_FORMAT}
        value={[window.from, window.to]}
        onChange={([from, to]) => {
          if (from && to) apply({ ...window, from: String(from), to: String(to) });
        }}
        aria-label="Window"
        data-testid="period-range"
      />
      <Select
        size="xs"
        w={150}
        placeholder="Weeks"
        value={weeks ? String(weeks) : null}
        data={WEEK_CHOICES.map((w) => ({ value: String(w), label: `Last ${w} week${w > 1 ? 's' : ''}` }))}
        onChange={(v) => v && apply({ ...window, ...weeksEnding(today, Number(v)) })}
        aria-label="Weeks"
        data-testid="period-weeks"
      />
      <Text size="xs" c="dimmed">
        {window.type === 'Delivery' ? 'Delivered' : 'Picked up'} {window.from} → {window.to}
      </Text>
    </Group>
  );
}
