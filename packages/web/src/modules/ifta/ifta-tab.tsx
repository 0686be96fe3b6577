import { ACTION, can, grantsFromTree, makeGrantSet, SECTION } from '@backhaul/shared';
import { formatMiles, formatMoney, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  IFTA_FILE_TYPES,
  type IftaReport,
  previousQuarter,
  quarterOf,
} from '@backhaul/shared/modules/ifta/ifta.contract';
import { Alert, Button, Center, Group, Loader, Paper, ScrollArea, Select, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconSettings } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { usePermissionTree } from '../../platform/data-table/permissions';
import { iftaApi } from './ifta.api';
import { IftaRatesDialog } from './ifta-rates-dialog';

const QUARTERS_SHOWN = 8;
const gallons = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const credit = (n: number) => (n < 0 ? 'green' : undefined);

type Row = IftaReport['rows'][number];
const COLUMNS: Array<{ id: keyof Row; title: string; show: (r: Row) => string }> = [
  { id: 'state', title: 'State', show: (r) => r.state },
  { id: 'total_miles', title: 'Total miles', show: (r) => formatMiles(r.total_miles) },
  { id: 'taxable_miles', title: 'Taxable miles', show: (r) => formatMiles(r.taxable_miles) },
  { id: 'taxable_gallons', title: 'Taxable gallons', show: (r) => gallons(r.taxable_gallons) },
  { id: 'tax_paid_gallons', title: 'Tax-paid gallons', show: (r) => gallons(r.tax_paid_gallons) },
  { id: 'net_taxable_gallons', title: 'Net taxable gallons', show: (r) => gallons(r.net_taxable_gallons) },
  { id: 'tax_rate', title: 'Tax rate', show: (r) => `$${r.tax_rate.toFixed(4)}` },
  { id: 'tax_due', title: 'Tax due (credit)', show: (r) => formatMoney(r.tax_due) },
];

/**
 * Accounting → Fuel → IFTA: the quarter's fuel-tax table per state from the loads' state miles and
 * the fuel bought per state (last full quarter by default), for the fleet or one truck; XLSX and
 * PDF; the rate table for users who may edit settings.
 */
export function IftaTab() {
  const tree = usePermissionTree();
  const grants = useMemo(() => makeGrantSet(grantsFromTree(tree)), [tree]);
  const mayExport = can(grants, { section: SECTION.Fuel, action: ACTION.EXPORT });
  const mayEditRates = can(grants, { section: SECTION.Settings, action: ACTION.EDIT });
  const quarters = useMemo(() => {
    const list = [quarterOf(nowInCompanyTimeZone().date)];
    while (list.length < QUARTERS_SHOWN) list.push(previousQuarter(list[list.length - 1] as string));
    return list;
  }, []);
  const [quarter, setQuarter] = useState(quarters[1] ?? quarters[0] ?? '');
  const [truck, setTruck] = useState<string | null>(null);
  const [ratesOpen, setRatesOpen] = useState(false);
  const [exporting, setExporting] = useState<string | null>(null);

  const trucks = useQuery({ queryKey: ['ifta-trucks'], queryFn: () => iftaApi.trucks() });
  const body = { quarter, truck_id: truck ? Number(truck) : null };
  const report = useQuery({
    queryKey: ['ifta-report', body],
    queryFn: () => iftaApi.report(body),
    placeholderData: keepPreviousData,
  });

  const download = async (fileType: (typeof IFTA_FILE_TYPES)[number]) => {
    setExporting(fileType);
    try {
      await iftaApi.download({ ...body, fileType });
    } catch {
      showAlert('error', 'The IFTA report could not be downloaded.');
    } finally {
      setExporting(null);
    }
  };

  const data = report.data;
  return (
    <div data-testid="ifta-tab">
      <Group justify="space-between" mb="xs" align="flex-end">
        <Group gap="xs" align="flex-end">
          <Select
            label="Quarter"
            size="xs"
            w={120}
            data={quarters}
            value={quarter}
            onChange={(v) => v && setQuarter(v)}
            allowDeselect={false}
            data-testid="ifta-quarter"
          />
          <Select
            label="Truck"
            size="xs"
            w={180}
            placeholder="All trucks"
            data={(trucks.data?.trucks ?? []).map((t) => ({ value: String(t.value), label: t.label }))}
            value={truck}
            onChange={setTruck}
            searchable
            clearable
            data-testid="ifta-truck"
          />
        </Group>
        <Group gap="xs">
          {mayExport &&
            IFTA_FILE_TYPES.map((type) => (
              <Button
                key={type}
                size="xs"
                variant="default"
                leftSection={type === 'pdf' ? <IconFileTypePdf size={14} /> : <IconFileSpreadsheet size={14} />}
                loading={exporting === type}
                disabled={!data?.rows.length}
                onClick={() => void download(type)}
                data-testid={`ifta-export-${type}`}
              >
                {type.toUpperCase()}
              </Button>
            ))}
          {mayEditRates && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSettings size={14} />}
              onClick={() => setRatesOpen(true)}
              data-testid="ifta-rates"
            >
              Rates
            </Button>
          )}
        </Group>
      </Group>

      {report.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : report.isError ? (
        <Alert color="red" variant="light" title="Could not load the IFTA report">
          {report.error.message}
        </Alert>
      ) : data && data.rows.length === 0 ? (
        <Paper withBorder p="xl" data-testid="ifta-empty">
          <Text c="dimmed" ta="center">
            No loads delivered and no fuel bought in {data.quarter}
            {truck ? ' for this truck' : ''}.
          </Text>
        </Paper>
      ) : data ? (
        <>
          <Group gap="xl" mb="xs" data-testid="ifta-summary">
            <Text size="sm">
              Fleet MPG <b data-testid="ifta-mpg">{data.fleet_mpg.toFixed(2)}</b>
            </Text>
            <Text size="sm">
              Total miles <b>{formatMiles(data.totals.total_miles)}</b>
            </Text>
            <Text size="sm">
              Total gallons <b>{gallons(data.total_gallons)}</b>
            </Text>
            <Text size="sm" c="dimmed">
              {data.from} — {data.to}
              {data.skipped_legs > 0 ? ` · ${data.skipped_legs} legs without coordinates left out` : ''}
            </Text>
          </Group>
          {data.missing_rates.length > 0 && (
            <Alert color="yellow" variant="light" mb="xs" data-testid="ifta-missing-rates">
              No rate for {data.quarter} in {data.missing_rates.join(', ')}: their tax reads $0.00
              {mayEditRates ? ' until the rates are set.' : '.'}
            </Alert>
          )}
          <Paper withBorder style={{ opacity: report.isPlaceholderData ? 0.55 : 1 }}>
            <ScrollArea>
              <Table striped={false} highlightOnHover stickyHeader verticalSpacing={6} fz="sm" data-testid="ifta-table">
                <Table.Thead>
                  <Table.Tr>
                    {COLUMNS.map((c) => (
                      <Table.Th key={c.id} ta={c.id === 'state' ? 'left' : 'right'} style={{ whiteSpace: 'nowrap' }}>
                        {c.title}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Table.Tr key={r.state} className="dt-row" data-testid="ifta-row">
                      {COLUMNS.map((c) => (
                        <Table.Td
                          key={c.id}
                          ta={c.id === 'state' ? 'left' : 'right'}
                          c={c.id === 'tax_due' ? credit(r.tax_due) : undefined}
                          data-col={c.id}
                        >
                          {c.show(r)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr data-testid="ifta-totals" style={{ fontWeight: 600 }}>
                    <Table.Td>Total</Table.Td>
                    <Table.Td ta="right">Σ {formatMiles(data.totals.total_miles)}</Table.Td>
                    <Table.Td ta="right">Σ {formatMiles(data.totals.taxable_miles)}</Table.Td>
                    <Table.Td ta="right">Σ {gallons(data.totals.taxable_gallons)}</Table.Td>
                    <Table.Td ta="right">Σ {gallons(data.totals.tax_paid_gallons)}</Table.Td>
                    <Table.Td ta="right">Σ {gallons(data.totals.net_taxable_gallons)}</Table.Td>
                    <Table.Td />
                    <Table.Td ta="right" c={credit(data.totals.tax_due)} data-col="tax_due">
                      Σ {formatMoney(data.totals.tax_due)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </ScrollArea>
          </Paper>
        </>
      ) : null}
      {mayEditRates && (
        <IftaRatesDialog
          quarter={quarter}
          opened={ratesOpen}
          onClose={() => setRatesOpen(false)}
          onSaved={() => void report.refetch()}
        />
      )}
    </div>
  );
}
