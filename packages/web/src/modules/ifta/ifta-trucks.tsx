import { formatMiles } from '@backhaul/shared/formats/formats';
import type { IftaReport } from '@backhaul/shared/modules/ifta/ifta.contract';
import { Paper, ScrollArea, Table, Text } from '@mantine/core';

/**
 * Miles per truck and where the return takes them from (the carrier's reconciliation): routed
 * loaded and empty miles, the ELD's miles where the truck has them, and the difference.
 */
export function IftaTrucks({ trucks }: { trucks: IftaReport['trucks'] }) {
  if (!trucks.length) return null;
  const cell = (n: number | null) => (n === null ? '—' : formatMiles(n));
  return (
    <Paper withBorder mt="sm" data-testid="ifta-trucks">
      <Text size="sm" fw={600} px="sm" pt="xs">
        Miles per truck
      </Text>
      <ScrollArea mah={260}>
        <Table verticalSpacing={4} fz="sm" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              {['Truck', 'Loaded', 'Empty', 'Routed', 'ELD', 'Miles from', 'ELD − routed'].map((h, i) => (
                <Table.Th key={h} ta={i === 0 || i === 5 ? 'left' : 'right'}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trucks.map((t) => (
              <Table.Tr key={t.truck_id}>
                <Table.Td>{t.truck_number}</Table.Td>
                <Table.Td ta="right">{cell(t.loaded_miles)}</Table.Td>
                <Table.Td ta="right">{cell(t.empty_miles)}</Table.Td>
                <Table.Td ta="right">{cell(t.routed_miles)}</Table.Td>
                <Table.Td ta="right">{cell(t.eld_miles)}</Table.Td>
                <Table.Td>{t.source === 'eld' ? 'ELD' : 'Routed'}</Table.Td>
                <Table.Td ta="right">{cell(t.difference)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
