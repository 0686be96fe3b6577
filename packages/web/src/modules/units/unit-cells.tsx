import { formatMiles } from '@backhaul/shared/formats/formats';
import { Badge, Text, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Row = Record<string, unknown>;
const TODAY = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });

/** A service or expiry date: red when past, yellow when due within 30 days. */
function dueDate(value: unknown, due: boolean): ReactNode {
  if (typeof value !== 'string') return null;
  const overdue = value < TODAY();
  return (
    <Tooltip label={overdue ? 'Overdue' : 'Due within 30 days'} disabled={!due} openDelay={200}>
      <Text span size="sm" c={overdue ? 'red.5' : due ? 'yellow.5' : undefined} fw={due ? 600 : undefined}>
        {value}
      </Text>
    </Tooltip>
  );
}

const flag = (on: unknown) => (on ? <IconCheck size={16} color="var(--mantine-color-orange-5)" /> : null);

/** Cells trucks and trailers share: due dates, PM, status flags, registration. */
export function unitCells<R extends Row>(opts: { reefer?: (row: R) => boolean } = {}) {
  return {
    alignment_date: (r: R) => dueDate(r.alignment_date, Boolean(r.alignment_due)),
    annual_inspection_date: (r: R) => dueDate(r.annual_inspection_date, Boolean(r.annual_inspection_due)),
    registration_expires_on: (r: R) => {
      const v = r.registration_expires_on;
      if (typeof v !== 'string') return null;
      const days = (Date.parse(v) - Date.parse(TODAY())) / 86_400_000;
      return dueDate(v, days <= 30);
    },
    pm_date: (r: R) =>
      r.pm_date === null || r.pm_date === undefined ? null : (
        <Text span size="sm" c={r.pm_due ? 'red.5' : undefined} fw={r.pm_due ? 600 : undefined}>
          {formatMiles(r.pm_date as number, { reefer: opts.reefer?.(r) ?? false })}
        </Text>
      ),
    active: (r: R) => (
      <Badge size="sm" variant="light" color={r.active === 'Active' ? 'teal' : 'gray'}>
        {String(r.active)}
      </Badge>
    ),
    left_company: (r: R) => flag(r.left_company),
    sold: (r: R) => flag(r.sold),
  };
}
