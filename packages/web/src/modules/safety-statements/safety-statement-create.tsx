import { formatMoney, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { Button, Checkbox, Group, Modal, NumberInput, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { safetyStatementKeys, safetyStatementsApi } from './safety-statements.api';

const lastMonth = () => {
  const [y, m] = nowInCompanyTimeZone().date.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 2, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * A safety user's statement of a month: the month's rate (saved with 'Save rate'), the user, and
 * the drivers they looked after — each driver's delivered gross × rate, a driver's month once.
 */
export function SafetyStatementCreate(props: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const [month, setMonth] = useState(lastMonth());
  const [userId, setUserId] = useState<string | null>(null);
  const [rate, setRate] = useState<number | string>('');
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const users = useQuery({
    queryKey: safetyStatementKeys.list('users', month),
    queryFn: () => safetyStatementsApi.users(month),
    enabled: props.opened,
  });
  const drivers = useQuery({
    queryKey: safetyStatementKeys.list('drivers', month, userId),
    queryFn: () => safetyStatementsApi.drivers(Number(userId), month),
    enabled: props.opened && userId !== null,
  });
  const saveRate = useMutation({
    mutationFn: () => safetyStatementsApi.saveRate(month, Number(rate)),
    onSuccess: (a) => {
      showAlert('success', a.message);
      void users.refetch();
      void drivers.refetch();
    },
  });
  const create = useMutation({
    mutationFn: () => safetyStatementsApi.create({ user_id: Number(userId), date: month, drivers: [...checked] }),
    onSuccess: (a) => {
      showAlert('success', a.message);
      setChecked(new Set());
      void users.refetch();
      void drivers.refetch();
      props.onCreated();
    },
  });
  const rows = drivers.data?.rows ?? [];
  const chosen = rows.filter((r) => checked.has(r.driver_id));
  const total = chosen.reduce((s, r) => s + Math.round(r.amount * 100), 0) / 100;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="New safety statement" size="56rem" centered>
      <Stack gap="sm" data-testid="safety-statement-create">
        <Group align="flex-end">
          <Select
            label="Month"
            data={users.data?.month ?? [month]}
            value={month}
            onChange={(v) => {
              if (!v) return;
              setMonth(v);
              setChecked(new Set());
            }}
            allowDeselect={false}
            w={140}
          />
          <NumberInput
            label="Rate"
            rightSection="%"
            min={0}
            max={100}
            decimalScale={3}
            placeholder={String(users.data?.dispatcher_rate ?? '')}
            value={rate}
            onChange={setRate}
            w={130}
          />
          <Button variant="light" disabled={rate === ''} loading={saveRate.isPending} onClick={() => saveRate.mutate()}>
            Save rate
          </Button>
          <Text size="sm" c="dimmed" pb={6}>
            The month's rate: {users.data?.dispatcher_rate ?? '…'} %
          </Text>
        </Group>
        <Select
          label="Safety"
          placeholder="Choose a safety user"
          data={(users.data?.rows ?? []).map((u) => ({
            value: String(u.id),
            label: u.has_statement ? `${u.name} (has a statement)` : u.name,
            disabled: u.has_statement,
          }))}
          value={userId}
          onChange={(v) => {
            setUserId(v);
            setChecked(new Set());
          }}
          w={320}
        />
        {userId !== null && (
          <ScrollArea h={360}>
            <Table striped withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>Driver</Table.Th>
                  <Table.Th ta="right">Loads</Table.Th>
                  <Table.Th ta="right">Gross</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.driver_id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Choose ${r.driver}`}
                        disabled={r.taken}
                        checked={checked.has(r.driver_id)}
                        onChange={() =>
                          setChecked((s) => {
                            const next = new Set(s);
                            if (next.has(r.driver_id)) next.delete(r.driver_id);
                            else next.add(r.driver_id);
                            return next;
                          })
                        }
                      />
                    </Table.Td>
                    <Table.Td>{r.driver}</Table.Td>
                    <Table.Td ta="right">{r.count_load}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.gross)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(r.amount)}</Table.Td>
                    <Table.Td>{r.taken ? 'On a statement' : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        <Group justify="space-between">
          <Text size="sm">
            Chosen drivers: <b>{chosen.length}</b> · Amount <b>{formatMoney(total)}</b>
          </Text>
          <Group>
            <Button variant="default" onClick={props.onClose}>
              Close
            </Button>
            <Button disabled={!chosen.length} loading={create.isPending} onClick={() => create.mutate()}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
