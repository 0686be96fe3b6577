import { ScheduleUpdateBodySchema, type Shift } from '@backhaul/shared/modules/work-schedule/work-schedule.contract';
import { Button, Checkbox, Group, Modal, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRecordForm } from '../../platform/record/use-record-form';
import { scheduleApi, scheduleKeys } from './work-schedule.api';

/** One day's shifts: tick the employees on shift and set their hours (employeeSelected). */
export function DayShiftsDialog({ day, schedule, onClose }: { day: string; schedule: string; onClose: () => void }) {
  const data = useQuery({ queryKey: scheduleKeys.day(day), queryFn: () => scheduleApi.day(day, schedule) });
  const { form, submit, saving } = useRecordForm({
    initialValues: { employeeSelected: [] as Shift[] },
    schema: ScheduleUpdateBodySchema,
    save: (body) => scheduleApi.saveDay(day, schedule, body.employeeSelected),
    invalidate: ['work-schedule'],
    onSaved: onClose,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the day is loaded
  useEffect(() => {
    if (data.data)
      form.setValues({
        employeeSelected: data.data.employeeSelected.map(({ user_id, start, end }) => ({ user_id, start, end })),
      });
  }, [data.data]);
  const shifts = form.values.employeeSelected;
  const set = (userId: number, on: boolean) => {
    const i = shifts.findIndex((s) => s.user_id === userId);
    if (on && i < 0) form.insertListItem('employeeSelected', { user_id: userId, start: '08:00', end: '17:00' });
    if (!on && i >= 0) form.removeListItem('employeeSelected', i);
  };
  // A shift's message (employeeSelected.<i>.<field>) shows on its row; its inputs turn red.
  const errorOf = (i: number) =>
    ['start', 'end', 'user_id'].map((f) => form.errors[`employeeSelected.${i}.${f}`]).find(Boolean) ?? null;
  const input = (i: number, field: 'start' | 'end') => ({
    ...form.getInputProps(`employeeSelected.${i}.${field}`),
    error: Boolean(form.errors[`employeeSelected.${i}.${field}`]),
  });
  return (
    <Modal opened onClose={onClose} title={`Shifts on ${day}`} size="lg" centered>
      <ScrollArea.Autosize mah={480}>
        <Table>
          <Table.Tbody>
            {data.data?.employees.map((e) => {
              const i = shifts.findIndex((x) => x.user_id === e.id);
              return (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    <Checkbox
                      label={e.name}
                      description={e.department}
                      checked={i >= 0}
                      onChange={(ev) => set(e.id, ev.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td w={110}>
                    {i >= 0 ? <TextInput size="xs" aria-label={`Start of ${e.name}`} {...input(i, 'start')} /> : null}
                  </Table.Td>
                  <Table.Td w={110}>
                    {i >= 0 ? <TextInput size="xs" aria-label={`End of ${e.name}`} {...input(i, 'end')} /> : null}
                  </Table.Td>
                  <Table.Td>
                    {i >= 0 && errorOf(i) ? (
                      <Text size="xs" c="red">
                        {errorOf(i)}
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
          {shifts.length} on shift
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => submit()} loading={saving} data-testid="shifts-save">
            Save
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
