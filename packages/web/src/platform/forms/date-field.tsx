import { DATE_FORMAT, DATE_TIME_FORMAT, nowInCompanyTimeZone, WEEK_STARTS_ON } from '@backhaul/shared/formats/formats';
import SPEC_CONSTANTS from '@backhaul/shared/spec/constants.json' with { type: 'json' };
import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// Typed text is read in the one format (DateInput parses with dayjs' customParseFormat).
dayjs.extend(customParseFormat);

const YEARS_EACH_SIDE: number = SPEC_CONSTANTS.formats.date_picker_year_range_each_side;

/** The picker's year range: 40 years either side of today (constants: date_picker_year_range_each_side). */
export function yearRange(today = nowInCompanyTimeZone().date): { minDate: string; maxDate: string } {
  const year = Number(today.slice(0, 4));
  return { minDate: `${year - YEARS_EACH_SIDE}-01-01`, maxDate: `${year + YEARS_EACH_SIDE}-12-31` };
}

type Shared = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'withTime'> & {
  /** The form's value: '' or null for none. */
  value?: string | null;
  /** Answers '' when cleared, so a Mantine form field keeps its string type. */
  onChange?: (value: string) => void;
};

const parse = (format: string) => (text: string) => {
  const d = dayjs(text.trim(), format, true);
  return d.isValid() ? d.format(format === DATE_FORMAT ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss') : null;
};

/**
 * The one date input (a business date, YYYY-MM-DD): Mantine's DateInput in the spec's format,
 * typed or picked, weeks from Sunday, 40 years either side. Spread a form field into it:
 * `<DateField label="From" {...form.getInputProps('from')} />`.
 */
export function DateField({ value, onChange, ...rest }: Shared) {
  return (
    <DateInput
      valueFormat={DATE_FORMAT}
      dateParser={parse(DATE_FORMAT)}
      placeholder={DATE_FORMAT}
      firstDayOfWeek={WEEK_STARTS_ON}
      leftSection={<IconCalendar size={14} />}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear date' }}
      {...yearRange()}
      {...rest}
      value={value || null}
      onChange={(v) => onChange?.(v ? v.slice(0, 10) : '')}
    />
  );
}

/**
 * The one date-time input (YYYY-MM-DD HH:mm, company time): typed in that format or a day picked
 * from the calendar (the time typed is kept). The value is the text the API takes.
 */
export function DateTimeField({ value, onChange, ...rest }: Shared) {
  const shown = value ? (value.length === 10 ? `${value} 00:00:00` : `${value.slice(0, 16)}:00`) : null;
  return (
    <DateInput
      valueFormat={DATE_TIME_FORMAT}
      dateParser={parse(DATE_TIME_FORMAT)}
      withTime
      placeholder={DATE_TIME_FORMAT}
      firstDayOfWeek={WEEK_STARTS_ON}
      leftSection={<IconCalendar size={14} />}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear date' }}
      {...yearRange()}
      {...rest}
      value={shown}
      onChange={(v) => onChange?.(v ? v.replace('T', ' ').slice(0, 16) : '')}
    />
  );
}
