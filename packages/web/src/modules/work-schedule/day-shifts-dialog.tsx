import { Button, Checkbox, Group, Modal, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { ApiError } from '../../platform/api-errors';
import { scheduleApi, scheduleKeys } from './work-schedule.api';

type Shift = { start: string; end: string };

/** One day's shifts: tick the employees on shift and set their hours (employeeSelected). */
export function DayShiftsDialog({ day, schedule, onClose }: { day: string; schedule: string; onClose: () => void }) {
  const client = useQueryClient();
  const data = useQuery({ queryKey: scheduleKeys.day(day), queryFn: () => scheduleApi.day(day, schedule) });
  const [selected, setSelected] = useState<Map<number, Shift>>(new Map());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  useEffect(() => {
    if (data.data)
      setSelected(new Map(data.data.employeeSelected.map((s) => [s.user_id, { start: s.start, end: s.end }])));
  }, [data.data]);
  const set = (id: number, shift: Shift | null) => {
    const next = new Map(selected);
    if (shift) next.set(id, shift);
    else next.delete(id);
    setSelected(next);
  };
  const save = async () => {
    const employeeSelected = [...selected].map(([user_id, s]) => ({ user_id, ...s }));
    try {
      showAlert('success', (await scheduleApi.saveDay(day, schedule, employeeSelected)).message);
      void client.invalidateQueries({ queryKey: ['work-schedule'] });
      onClose();
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldErrors : {};
      // employeeSelected.<i>.<field> → the row of that employee.
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([k, v]) => {
            const i = Number(k.split('.')[1]);
            return [`${employeeSelected[i]?.user_id ?? k}`, v];
          }),
        ),
      );
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Shifts on ${day}`} size="lg" centered>
      <ScrollArea.Autosize mah={480}>
        <Table>
          <Table.Tbody>
            {data.data?.employees.map((e) => {
              const s = selected.get(e.id);
              return (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Checkbox
                      label={e.name}
                      description={e.department}
                      checked={Boolean(s)}
                      onChange={(ev) => set(e.id, ev.currentTarget.checked ? { start: '08:00', end: '17:00' } : null)}
                    />
                  </Table.Td>
                  <Table.Td w={110}>
                    {s ? (
                      <TextInput
                        size="xs"
                        aria-label={`Start of ${e.name}`}
                        value={s.start}
                        onChange={(ev) => set(e.id, { ...s, start: ev.currentTarget.value })}
                      />
                    ) : null}
                  </Table.Td>
                  <Table.Td w={110}>
                    {s ? (
                      <TextInput
                        size="xs"
                        aria-label={`End of ${e.name}`}
                        value={s.end}
                        onChange={(ev) => set(e.id, { ...s, end: ev.currentTarget.value })}
                      />
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {errors[String(e.id)] ? (
                      <Text size="xs" c="red">
                        {errors[String(e.id)]?.[0]}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {selected.size} on shift
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} data-testid="shifts-save">
            Save
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
