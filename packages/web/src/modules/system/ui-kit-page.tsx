import { SECTION } from '@backhaul/shared';
import {
  formatDate,
  formatDateTime,
  formatMiles,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPhone,
} from '@backhaul/shared/formats/formats';
import { CityFormSchema, EMPTY_CITY_FORM } from '@backhaul/shared/modules/cities/cities.contract';
import { Button, Card, Code, Group, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { DataTable } from '../../platform/data-table/data-table';
import { ConfirmDialog } from '../../platform/record/confirm-dialog';
import { RecordDialog } from '../../platform/record/record-dialog';
import { citiesApi } from '../cities';
import { GrossChart, KpiCards, loadStatisticsGraph, shortLabel } from '../statistics';

const SAMPLES: Array<{ what: string; call: string; value: string }> = [
  { what: 'Money (dollars in JSON)', call: 'formatMoney(12345.6)', value: formatMoney(12345.6) },
  { what: 'Negative money', call: 'formatMoney(-45.5)', value: formatMoney(-45.5) },
  { what: 'Miles', call: 'formatMiles(1234)', value: formatMiles(1234) },
  { what: 'Reefer hours', call: 'formatMiles(812, { reefer: true })', value: formatMiles(812, { reefer: true }) },
  { what: 'Number', call: 'formatNumber(15681)', value: formatNumber(15681) },
  { what: 'Percent', call: 'formatPercent(12.5)', value: formatPercent(12.5) },
  { what: 'Phone', call: "formatPhone('2145550199')", value: formatPhone('2145550199') },
  { what: 'Business date', call: "formatDate('2026-11-23')", value: formatDate('2026-11-23') },
  {
    what: 'Time (America/Chicago)',
    call: "formatDateTime('2026-11-23T18:30:00Z')",
    value: formatDateTime('2026-11-23T18:30:00Z'),
  },
];

/** Which list of the app shows which filter kinds: the gallery's tables are real lists on demo data. */
const TABLES = [
  {
    key: 'work-orders',
    label: 'Checkbox, date, list, note, number',
    url: '/work-order/list',
    note: 'The Shop work orders list: service flags are checkbox filters, dates a range, status a list.',
  },
  {
    key: 'trips',
    label: 'Address and options',
    url: '/trips/list',
    note: 'The trips list: pickup and delivery are address filters (city, state), the dispatcher an options filter.',
  },
];

/**
 * /ui, the UI kit of 000 §2: the project's own components as screens use them, on the demo data —
 * the DataTable with each filter kind, the record dialog and the confirmation, alerts, formats and
 * a chart. For people building screens: copy from the module named beside each.
 */
export function UiKitPage() {
  const [table, setTable] = useState<string | null>(TABLES[0]?.key ?? null);
  const [dialog, setDialog] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const graph = useQuery({
    queryKey: ['ui-kit', 'graph'],
    queryFn: ({ signal }) => loadStatisticsGraph({ filters: {}, search: '' }, signal),
  });
  return (
    <Stack gap="md" data-testid="ui-kit-page">
      <Title order={1}>UI kit</Title>
      <Text c="dimmed" size="sm">
        The components every screen is built from, live on this installation's data. Tables, dialogs and alerts come
        from <Code>packages/web/src/platform</Code>; formats from <Code>@backhaul/shared/formats</Code>.
      </Text>

      <Card withBorder data-testid="ui-tables">
        <Title order={3} mb="xs">
          DataTable
        </Title>
        <Tabs value={table} onChange={setTable} keepMounted={false}>
          <Tabs.List mb="sm">
            {TABLES.map((t) => (
              <Tabs.Tab key={t.key} value={t.key}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABLES.map((t) => (
            <Tabs.Panel key={t.key} value={t.key}>
              <Text size="sm" c="dimmed" mb="xs">
                {t.note} <Code>{`<DataTable url="${t.url}" />`}</Code>
              </Text>
              <DataTable url={t.url} listKey={`ui-kit-${t.key}`} urlPrefix="k" rowId={(r) => Number(r.id)} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Card withBorder data-testid="ui-dialogs">
          <Title order={3} mb="xs">
            Dialogs and alerts
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            <Code>RecordDialog</Code> builds its fields from the contract's form schema and shows the server's 422 next
            to each field; <Code>ConfirmDialog</Code> asks before anything is deleted; alerts come from{' '}
            <Code>showAlert</Code>.
          </Text>
          <Group>
            <Button onClick={() => setDialog(true)} data-testid="ui-open-dialog">
              Record dialog (new city)
            </Button>
            <Button color="red" variant="light" onClick={() => setConfirm(true)} data-testid="ui-open-confirm">
              Confirmation
            </Button>
            <Button variant="default" onClick={() => showAlert('success', 'Saving Successfully')}>
              Success alert
            </Button>
            <Button variant="default" onClick={() => showAlert('error', 'Saving error')}>
              Error alert
            </Button>
          </Group>
        </Card>
        <Card withBorder data-testid="ui-formats">
          <Title order={3} mb="xs">
            Formats
          </Title>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>What</Table.Th>
                <Table.Th>Call</Table.Th>
                <Table.Th>Shows</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SAMPLES.map((s) => (
                <Table.Tr key={s.call}>
                  <Table.Td>{s.what}</Table.Td>
                  <Table.Td>
                    <Code>{s.call}</Code>
                  </Table.Td>
                  <Table.Td data-testid="ui-format-value">{s.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>

      <Card withBorder data-testid="ui-chart">
        <Title order={3} mb="xs">
          KPI cards and a chart
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The dispatch statistics of the last four weeks, as <Code>KpiCards</Code> and <Code>GrossChart</Code>{' '}
          (Chart.js) draw them.
        </Text>
        <KpiCards totals={graph.data} />
        {graph.data && (
          <SimpleGrid cols={{ base: 1, md: 2 }} mt="sm">
            <GrossChart series={graph.data.graph} label={(l) => shortLabel(l, graph.data.window.grouping === 'week')} />
          </SimpleGrid>
        )}
      </Card>

      <RecordDialog
        api={citiesApi}
        schema={CityFormSchema}
        empty={EMPTY_CITY_FORM}
        recordOf={(data) => data.city}
        title={{ create: 'New city', edit: 'Edit city' }}
        section={SECTION.Cities}
        id={null}
        opened={dialog}
        onClose={() => setDialog(false)}
        onSaved={() => undefined}
      />
      <ConfirmDialog
        opened={confirm}
        message="Are you sure? This is the confirmation every delete shows; nothing is deleted here."
        onConfirm={() => {
          setConfirm(false);
          showAlert('success', 'Confirmed: a real screen would delete now.');
        }}
        onClose={() => setConfirm(false)}
      />
    </Stack>
  );
}
