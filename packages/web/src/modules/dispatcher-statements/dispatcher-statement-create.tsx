import { FILTER_DEBOUNCE_MS } from '@backhaul/shared';
import { formatFixed, formatMiles, formatMoney } from '@backhaul/shared/formats/formats';
import type { DispatcherCandidate } from '@backhaul/shared/modules/dispatcher-statements/dispatcher-statements.contract';
import { Alert, Badge, Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { dispatcherStatementKeys, dispatcherStatementsApi } from './dispatcher-statements.api';

const sumOf = (rows: DispatcherCandidate[], key: 'gross' | 'amount' | 'count_load') =>
  rows.reduce((s, r) => s + Math.round(r[key] * 100), 0) / 100;

/**
 * Create statements for a month: choose the month and the rate, see what each dispatcher has left
 * to count at that rate (the server computes it), tick dispatchers and create. A dispatcher's loads
 * open under the table (POST /dispatcher/statement/info).
 */
export function DispatcherStatementCreate(props: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const [month, setMonth] = useState<string | undefined>(undefined);
  const [rate, setRate] = useState<number | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [shown, setShown] = useState<number | null>(null);
  const [debouncedRate] = useDebouncedValue(rate, FILTER_DEBOUNCE_MS);
  const form = useQuery({
    queryKey: dispatcherStatementKeys.form(null, month ?? 'default'),
    queryFn: () => dispatcherStatementsApi.createForm(month),
    enabled: props.opened,
  });
  useEffect(() => {
    if (!form.data) return;
    setMonth(form.data.filter.date);
    setRate((r) => r ?? form.data.dispatcher_rate);
  }, [form.data]);
  const rateOk = debouncedRate !== null && debouncedRate >= 0 && debouncedRate <= 100;
  const atRate = useQuery({
    queryKey: dispatcherStatementKeys.list('rate', month, debouncedRate),
    queryFn: () => dispatcherStatementsApi.atRate(month as string, debouncedRate as number),
    enabled: props.opened && month !== undefined && rateOk,
    placeholderData: keepPreviousData,
  });
  const info = useQuery({
    queryKey: dispatcherStatementKeys.list('info', month, shown),
    queryFn: () => dispatcherStatementsApi.info(month as string, shown as number),
    enabled: props.opened && month !== undefined && shown !== null,
  });
  const rows = atRate.data?.dispatchers ?? form.data?.dispatchers ?? [];
  const chosen = rows.filter((r) => checked.has(r.dispatcher_id));
  const create = useMutation({
    mutationFn: () =>
      dispatcherStatementsApi.createList({
        filter: { date: month as string },
        dispatcher_rate: rate ?? 0,
        dispatchers: [...checked],
      }),
    onSuccess: (answer) => {
      if (answer.message) showAlert('success', answer.message);
      setChecked(new Set());
      void atRate.refetch();
      props.onCreated();
    },
  });
  const close = () => {
    setChecked(new Set());
    setShown(null);
    props.onClose();
  };
  const toggle = (id: number) =>
    setChecked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal opened={props.opened} onClose={close} title="New dispatcher statements" size="64rem" centered>
      <Stack gap="sm" data-testid="dispatcher-statement-create">
        <Group align="flex-end">
          <Select
            label="Month"
            data={form.data?.month ?? []}
            value={month ?? null}
            onChange={(v) => {
              if (!v) return;
              setMonth(v);
              setChecked(new Set());
              setShown(null);
            }}
            allowDeselect={false}
            w={160}
            data-testid="statement-month"
          />
          <NumberInput
            label="Dispatcher rate"
            rightSection="%"
            min={0}
            max={100}
            decimalScale={3}
            value={rate ?? ''}
            onChange={(v) => setRate(typeof v === 'number' ? v : v === '' ? null : Number(v))}
            error={rate !== null && !rateOk && rate === debouncedRate ? 'From 0 to 100 %' : undefined}
            w={160}
            data-testid="statement-rate"
          />
          <Text size="sm" c="dimmed" pb={6}>
            Amount = gross of the loads delivered in the month (and of earlier months' loads delivered after their
            statement) × rate, rounded per load; a load counts once.
          </Text>
        </Group>
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} />
              <Table.Th>Dispatcher</Table.Th>
              <Table.Th ta="right">Loads</Table.Th>
              <Table.Th ta="right">Gross</Table.Th>
              <Table.Th ta="right">Miles</Table.Th>
              <Table.Th ta="right">RPM</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {form.isLoading ? 'Loading…' : 'No dispatchers with delivered loads in this month.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((r) => {
              const open = r.count_load > 0 && !r.has_statement;
              return (
                <Table.Tr key={r.dispatcher_id} data-testid={`candidate-${r.dispatcher_id}`}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Choose ${r.name}`}
                      checked={checked.has(r.dispatcher_id)}
                      disabled={!open}
                      onChange={() => toggle(r.dispatcher_id)}
                    />
                  </Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => setShown(shown === r.dispatcher_id ? null : r.dispatcher_id)}
                      aria-label={`Loads of ${r.name}`}
                    >
                      {r.count_load}
                    </Button>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(r.gross)}</Table.Td>
                  <Table.Td ta="right">{formatMiles(r.miles)}</Table.Td>
                  <Table.Td ta="right">{formatFixed(r.rpm, 2)}</Table.Td>
                  <Table.Td ta="right" data-testid="candidate-amount">
                    {formatMoney(r.amount)}
                  </Table.Td>
                  <Table.Td>
                    {r.has_statement ? (
                      <Badge color="green" variant="light">
                        Has statement
                      </Badge>
                    ) : r.count_load === 0 ? (
                      <Badge color="gray" variant="light">
                        No loads
                      </Badge>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th />
              <Table.Th>Chosen: {chosen.length}</Table.Th>
              <Table.Th ta="right">{sumOf(chosen, 'count_load')}</Table.Th>
              <Table.Th ta="right">{formatMoney(sumOf(chosen, 'gross'))}</Table.Th>
              <Table.Th />
              <Table.Th />
              <Table.Th ta="right">{formatMoney(sumOf(chosen, 'amount'))}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        {shown !== null && info.data && (
          <Alert variant="light" title={`Loads of ${info.data.date}`} data-testid="candidate-loads">
            <Table fz="xs">
              <Table.Tbody>
                {info.data.loads.map((l) => (
                  <Table.Tr key={l.load_id}>
                    <Table.Td>#{l.load_id}</Table.Td>
                    <Table.Td>{l.delivery_date}</Table.Td>
                    <Table.Td>{l.route}</Table.Td>
                    <Table.Td ta="right">{formatMoney(l.gross)}</Table.Td>
                    <Table.Td>
                      {l.earned && (
                        <Badge color="orange" variant="light" mr={6}>
                          {l.earned === info.data.date ? 'Delivered after the statement' : `Late from ${l.earned}`}
                        </Badge>
                      )}
                      {l.dispatcher_statement ? `On statement #${l.dispatcher_statement}` : 'Open'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button
            disabled={chosen.length === 0 || !rateOk}
            loading={create.isPending}
            onClick={() => create.mutate()}
            data-testid="create-statements"
          >
            Create {chosen.length || ''} statement{chosen.length === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
