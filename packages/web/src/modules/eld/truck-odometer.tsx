import { ACTION, SECTION } from '@backhaul/shared';
import { formatNumber } from '@backhaul/shared/formats/formats';
import {
  ODOMETER_SOURCES,
  type OdometerReading,
  OdometerReadingFormSchema,
  type OdometerSource,
} from '@backhaul/shared/modules/eld/eld.contract';
import { Badge, Button, Group, NumberInput, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DateTimeField } from '../../platform/forms/date-field';
import { useRecordForm } from '../../platform/record/use-record-form';
import { eldApi, eldKeys } from './eld.api';

const sourceLabel = (source: string | null) =>
  source === 'truck' ? 'the truck form' : (ODOMETER_SOURCES[source as OdometerSource] ?? source ?? '');
const miles = (n: number) => `${formatNumber(n)} mi`;

/**
 * A truck's odometer on its card: the figure now (the last accepted reading plus the routed miles of
 * the loads delivered since), where it comes from, the flagged readings with their reasons, and a
 * reading typed by hand (Trucks edit). No <form> of its own: the card's form holds it.
 */
export function TruckOdometer({ id, readOnly }: { id: number; readOnly: boolean }) {
  const tree = usePermissionTree();
  const mayType = !readOnly && allowsButton(tree, { section: SECTION.Trucks, ids: [ACTION.CREATE] });
  const query = useQuery({ queryKey: eldKeys.truck(id), queryFn: () => eldApi.truckOdometer(id) });
  const { form, submit, saving } = useRecordForm({
    initialValues: { read_at: '', odometer: '' as number | string },
    schema: OdometerReadingFormSchema,
    body: (v) => ({ truck_id: id, read_at: v.read_at, odometer: v.odometer }),
    save: (body) => eldApi.addReading(body),
    invalidate: eldKeys.all,
    resetOnSave: true,
  });
  const o = query.data;
  const enter = (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    // The card's own form would take the Enter: this one saves the reading.
    e.preventDefault();
    submit();
  };
  return (
    <Paper withBorder p="xs" data-testid="truck-odometer">
      <Stack gap={6}>
        <Group gap="xl" align="flex-start" wrap="nowrap">
          <Text size="sm" fw={600}>
            Odometer
          </Text>
          {o ? (
            <Stack gap={0} style={{ flex: 1 }}>
              <Text size="sm" fw={500} data-testid="odometer-now">
                {o.odometer === null ? 'No reading yet' : miles(o.odometer)}
              </Text>
              <Text size="xs" c="dimmed">
                {o.read_at
                  ? `${miles(o.reading ?? 0)} read on ${o.read_at} (${sourceLabel(o.source)})` +
                    (o.loads
                      ? ` + ${miles(o.routed_miles)} routed on ${o.loads} load${o.loads === 1 ? '' : 's'} since`
                      : '')
                  : o.odometer !== null
                    ? 'From the truck form: no reading moves it yet'
                    : ''}
              </Text>
            </Stack>
          ) : (
            <Skeleton h={34} w={220} />
          )}
          {o && o.miles_per_day > 0 && (
            <Stack gap={0} style={{ flexShrink: 0 }}>
              <Text size="xs" c="dimmed">
                Pace (90 days)
              </Text>
              <Text size="sm">{miles(Math.round(o.miles_per_day))} a day</Text>
            </Stack>
          )}
        </Group>
        {mayType && (
          <Group gap="xs" align="flex-end" wrap="nowrap" onKeyDown={enter}>
            <Text size="xs" c="dimmed" style={{ flex: 1 }}>
              A reading typed here that goes back, or jumps more than 800 miles a day, is refused.
            </Text>
            <DateTimeField
              size="xs"
              w={170}
              label="Read at"
              {...form.getInputProps('read_at')}
              onChange={(v) => form.setFieldValue('read_at', v)}
            />
            <NumberInput
              size="xs"
              w={130}
              label="Odometer (mi)"
              thousandSeparator=","
              hideControls
              {...form.getInputProps('odometer')}
            />
            <Button size="xs" variant="light" loading={saving} onClick={() => submit()} data-testid="add-reading">
              Add reading
            </Button>
          </Group>
        )}
        {o && o.flagged.length > 0 && <FlaggedReadings rows={o.flagged} />}
        {query.isError && (
          <Text size="xs" c="red">
            Could not load the odometer.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function FlaggedReadings({ rows }: { rows: OdometerReading[] }) {
  return (
    <Stack gap={2} data-testid="flagged-readings">
      <Group gap="xs">
        <Badge color="orange" variant="light" size="sm">
          {rows.length} flagged
        </Badge>
        <Text size="xs" c="dimmed">
          Not taken: they do not move the odometer.
        </Text>
      </Group>
      <Table fz="xs" verticalSpacing={2} withRowBorders={false}>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td w={130} style={{ whiteSpace: 'nowrap' }}>
                {r.read_at}
              </Table.Td>
              <Table.Td w={90} ta="right">
                {miles(r.odometer)}
              </Table.Td>
              <Table.Td w={120}>{sourceLabel(r.source)}</Table.Td>
              <Table.Td c="orange">{r.flag_reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
