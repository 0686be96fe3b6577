import { ACTION, SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone, pluralize } from '@backhaul/shared/formats/formats';
import {
  SAFETY_ACTION_KINDS,
  type SafetyAction,
  SafetyActionFormSchema,
  type SafetyActionKind,
} from '@backhaul/shared/modules/safety/safety.contract';
import { ActionIcon, Badge, Button, Group, Modal, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { MonthGrid } from '../../platform/calendar/month-grid';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { ConfirmDialog } from '../../platform/record/confirm-dialog';
import { useRecordForm } from '../../platform/record/use-record-form';
import { loadDriverDay, loadDriverMonth, safetyKeys, saveDriverAction } from './safety.api';

export const KIND_COLOR: Record<string, string> = {
  check_in: 'blue',
  inspection: 'teal',
  training: 'grape',
  warning: 'yellow',
  violation: 'orange',
  accident: 'red',
};
const KIND_OPTIONS = Object.entries(SAFETY_ACTION_KINDS).map(([value, label]) => ({ value, label }));

/** Who may add, edit or delete driver actions: Safety or Logbooks (the server checks the same). */
export function useActionPermissions() {
  const tree = usePermissionTree();
  const may = (id: number) =>
    allowsButton(tree, { section: SECTION.Safety, ids: [id] }) ||
    allowsButton(tree, { section: SECTION.Logbooks, ids: [id] });
  return { add: may(ACTION.CREATE), edit: may(ACTION.EDIT), remove: may(ACTION.DELETE) };
}

/** The safety calendar of one driver: a month of days with their actions; a day opens its actions. */
export function DriverCalendar(props: { driverId: number }) {
  const today = nowInCompanyTimeZone().date;
  const [month, setMonth] = useState(today.slice(0, 7));
  const [day, setDay] = useState<string | null>(null);
  const { data } = useQuery({
    queryKey: safetyKeys.list('month', props.driverId, month),
    queryFn: () => loadDriverMonth(props.driverId, month),
  });
  const byDay = new Map<string, SafetyAction[]>();
  for (const a of data?.actions ?? []) byDay.set(a.date, [...(byDay.get(a.date) ?? []), a]);

  return (
    <Stack gap="xs" data-testid="driver-calendar">
      <MonthGrid
        month={month}
        onMonth={setMonth}
        onSelect={setDay}
        aside={
          <Text size="sm" c="dimmed">
            {pluralize(data?.actions.length ?? 0, 'action')} this month
          </Text>
        }
        renderDay={(d) => {
          const actions = byDay.get(d) ?? [];
          return (
            <Group gap={2} mt={2}>
              {actions.slice(0, 4).map((a) => (
                <Badge key={a.id} size="xs" color={KIND_COLOR[a.kind] ?? 'gray'} variant="light">
                  {SAFETY_ACTION_KINDS[a.kind as SafetyActionKind] ?? a.kind}
                </Badge>
              ))}
              {actions.length > 4 && (
                <Text size="xs" c="dimmed">
                  +{actions.length - 4}
                </Text>
              )}
            </Group>
          );
        }}
      />
      <DayActionsDialog driverId={props.driverId} date={day} onClose={() => setDay(null)} />
    </Stack>
  );
}

/** A driver's actions on one date: add, edit and delete (delete hides the action: status 0). */
export function DayActionsDialog(props: { driverId: number; date: string | null; onClose: () => void }) {
  const { driverId, date } = props;
  const queryClient = useQueryClient();
  const allowed = useActionPermissions();
  const { data } = useQuery({
    queryKey: safetyKeys.list('day', driverId, date),
    queryFn: () => loadDriverDay(driverId, date as string),
    enabled: date !== null,
  });
  const [editing, setEditing] = useState<number | null>(null);
  const { form, submit, saving } = useRecordForm({
    initialValues: { kind: 'check_in', note: '' },
    schema: SafetyActionFormSchema,
    body: (v) => ({ ...(editing ? { id: editing } : {}), kind: v.kind as SafetyActionKind, note: v.note }),
    save: (body) => saveDriverAction(driverId, date as string, body),
    invalidate: safetyKeys.all,
    resetOnSave: true,
    onSaved: () => setEditing(null),
  });
  const [deleting, setDeleting] = useState<SafetyAction | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) =>
      saveDriverAction(driverId, date as string, { id, kind: 'check_in', note: '', delete: true }),
    onSuccess: async (saved) => {
      showAlert('success', saved.message);
      reset();
      await queryClient.invalidateQueries({ queryKey: safetyKeys.all });
    },
  });
  const reset = () => {
    setEditing(null);
    form.reset();
  };
  const canWrite = editing ? allowed.edit : allowed.add;

  return (
    <Modal
      opened={date !== null}
      onClose={() => {
        reset();
        props.onClose();
      }}
      title={`${data?.driver.name ?? 'Driver'} — ${date ?? ''}`}
      size="lg"
      centered
    >
      <Stack gap="xs" data-testid="day-actions">
        {(data?.actions ?? []).length === 0 && (
          <Text size="sm" c="dimmed">
            No actions on this day.
          </Text>
        )}
        {data?.actions.map((a) => (
          <Paper key={a.id} withBorder p="xs" data-testid="day-action">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Group gap="xs">
                  <Badge size="sm" color={KIND_COLOR[a.kind] ?? 'gray'} variant="light">
                    {SAFETY_ACTION_KINDS[a.kind as SafetyActionKind] ?? a.kind}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {a.created_by ?? '—'} · {a.dateTime}
                  </Text>
                </Group>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {a.note}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                {allowed.edit && (
                  <ActionIcon
                    variant="subtle"
                    aria-label="Edit action"
                    onClick={() => {
                      setEditing(a.id);
                      form.setValues({ kind: a.kind, note: a.note });
                      form.clearErrors();
                    }}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                )}
                {allowed.remove && (
                  <ActionIcon variant="subtle" color="red" aria-label="Delete action" onClick={() => setDeleting(a)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
        {canWrite && (
          <Paper withBorder p="sm" mt="xs">
            <Text size="sm" fw={600} mb={6}>
              {editing ? 'Edit action' : 'Add an action'}
            </Text>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <Select
                label="Action"
                data={KIND_OPTIONS}
                allowDeselect={false}
                w={180}
                data-testid="action-kind"
                {...form.getInputProps('kind')}
                onChange={(v) => form.setFieldValue('kind', v ?? 'check_in')}
              />
              <Textarea
                label="Note"
                {...form.getInputProps('note')}
                autosize
                minRows={2}
                style={{ flex: 1 }}
                data-testid="action-note"
              />
            </Group>
            <Group justify="flex-end" mt="xs" gap="xs">
              {editing && (
                <Button variant="default" onClick={reset}>
                  Cancel edit
                </Button>
              )}
              <Button loading={saving} onClick={() => submit()} data-testid="action-save">
                {editing ? 'Save action' : 'Add action'}
              </Button>
            </Group>
          </Paper>
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        message={`Delete this ${SAFETY_ACTION_KINDS[(deleting?.kind ?? 'check_in') as SafetyActionKind].toLowerCase()}? It disappears from the calendar and the logbook.`}
        busy={remove.isPending}
        onConfirm={() => {
          const id = deleting?.id;
          setDeleting(null);
          if (id) remove.mutate(id);
        }}
        onClose={() => setDeleting(null)}
      />
    </Modal>
  );
}
