import { ACTION, can, grantsFromTree, makeGrantSet, SECTION } from '@backhaul/shared';
import { formatMiles, formatMoney, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  IFTA_FILE_TYPES,
  type IftaReport,
  iftaGallons,
  iftaMpg,
  iftaRate,
  previousQuarter,
  quarterOf,
} from '@backhaul/shared/modules/ifta/ifta.contract';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  ScrollArea,
  Select,
  Table,
  Text,
} from '@mantine/core';
import { IconClipboardList, IconFileSpreadsheet, IconFileTypePdf, IconSettings } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { usePermissionTree } from '../../platform/data-table/permissions';
import { iftaApi } from './ifta.api';
import { IftaRatesDialog } from './ifta-rates-dialog';
import { IftaTrucks } from './ifta-trucks';

const QUARTERS_SHOWN = 8;
/** The return's own precision (gallons to 3, rates to 4 in $/gal): the shared formatter the PDF and XLSX use too. */
const gallons = iftaGallons;
const credit = (n: number) => (n < 0 ? 'green' : undefined);

type Row = IftaReport['rows'][number];
/** A surcharge line has no miles or tax-paid gallons of its own; a non-IFTA place has miles only. */
const miles = (n: number, r: Row) => (r.line === 'surcharge' ? '' : formatMiles(n));
const COLUMNS: Array<{ id: keyof Row; title: string; show: (r: Row) => string }> = [
  { id: 'state', title: 'Jurisdiction', show: (r) => (r.line === 'surcharge' ? `${r.state} surcharge` : r.state) },
  { id: 'total_miles', title: 'Total miles', show: (r) => miles(r.total_miles, r) },
  { id: 'taxable_miles', title: 'Taxable miles', show: (r) => miles(r.taxable_miles, r) },
  { id: 'taxable_gallons', title: 'Taxable gallons', show: (r) => (r.ifta ? gallons(r.taxable_gallons) : '') },
  {
    id: 'tax_paid_gallons',
    title: 'Tax-paid gallons',
    show: (r) => (r.line === 'tax' && r.ifta ? gallons(r.tax_paid_gallons) : ''),
  },
  {
    id: 'net_taxable_gallons',
    title: 'Net taxable gallons',
    show: (r) => (r.ifta ? gallons(r.net_taxable_gallons) : ''),
  },
  { id: 'tax_rate', title: 'Tax rate ($/gal)', show: (r) => (r.ifta ? iftaRate(r.tax_rate) : '') },
  { id: 'tax_due', title: 'Tax due (credit)', show: (r) => (r.ifta ? formatMoney(r.tax_due) : 'non-IFTA') },
];

/**
 * Accounting → Fuel → IFTA: the quarter's return per jurisdiction from the road miles of the
 * delivered loads and the empty miles between them, and the motor fuel bought per jurisdiction (last
 * full quarter by default), for the fleet or one truck; the return and the audit file as XLSX and
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

  const download = async (file: 'return' | 'audit', fileType: (typeof IFTA_FILE_TYPES)[number]) => {
    setExporting(`${file}-${fileType}`);
    try {
      await (file === 'audit' ? iftaApi.downloadAudit : iftaApi.download)({ ...body, fileType });
    } catch {
      showAlert('error', `The IFTA ${file === 'audit' ? 'audit file' : 'return'} could not be downloaded.`);
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
                loading={exporting === `return-${type}`}
                disabled={!data?.rows.length}
                onClick={() => void download('return', type)}
                data-testid={`ifta-export-${type}`}
              >
                {type.toUpperCase()}
              </Button>
            ))}
          {mayExport && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconClipboardList size={14} />}
                  loading={exporting?.startsWith('audit') ?? false}
                  disabled={!data?.rows.length}
                  data-testid="ifta-audit"
                >
                  Audit file
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {IFTA_FILE_TYPES.map((type) => (
                  <Menu.Item key={type} onClick={() => void download('audit', type)} data-testid={`ifta-audit-${type}`}>
                    Distance records and fuel receipts ({type.toUpperCase()})
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
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
          {data.notice && (
            <Alert color="blue" variant="light" mb="xs" data-testid="ifta-in-progress">
              {data.notice}
            </Alert>
          )}
          <Group gap="xl" mb="xs" data-testid="ifta-summary">
            <Text size="sm">
              Fleet MPG <b data-testid="ifta-mpg">{iftaMpg(data.fleet_mpg)}</b>
            </Text>
            <Text size="sm">
              Total miles <b>{formatMiles(data.totals.total_miles)}</b>
              <Text span size="xs" c="dimmed">
                {' '}
                (loaded {formatMiles(data.loaded_miles)}, empty {formatMiles(data.empty_miles)})
              </Text>
            </Text>
            <Text size="sm">
              Motor fuel <b>{gallons(data.total_gallons)}</b> gal
            </Text>
            <Text size="sm" data-testid="ifta-reefer">
              Reefer fuel (apart) <b>{gallons(data.reefer.gallons)}</b> gal
            </Text>
            <Text size="sm" c="dimmed" data-testid="ifta-excluded">
              DEF and other items, not counted: {gallons(data.excluded_gallons.def + data.excluded_gallons.other)} gal
            </Text>
            <Text size="sm" c="dimmed">
              {data.from} — {data.delivered_by} · {data.provider}
              {data.skipped_legs > 0 ? ` · ${data.skipped_legs} legs without coordinates left out` : ''}
              {data.empty_legs_without_start > 0
                ? ` · ${data.empty_legs_without_start} first loads without an empty leg (no earlier delivery, no home terminal)`
                : ''}
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
                    <Table.Tr
                      key={`${r.state}-${r.line}`}
                      className="dt-row"
                      data-testid="ifta-row"
                      c={r.ifta ? undefined : 'dimmed'}
                    >
                      {COLUMNS.map((c) => (
                        <Table.Td
                          key={c.id}
                          ta={c.id === 'state' ? 'left' : 'right'}
                          c={c.id === 'tax_due' ? credit(r.tax_due) : undefined}
                          data-col={c.id}
                        >
                          {c.show(r)}
                          {c.id === 'state' && !r.ifta && (
                            <Badge size="xs" variant="light" color="gray" ml={6}>
                              not taxed
                            </Badge>
                          )}
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
          <IftaTrucks trucks={data.trucks} />
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
