import { SECTION } from '@backhaul/shared';
import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  type LogbookRow,
  SAFETY_ACTION_KINDS,
  type SafetyActionKind,
} from '@backhaul/shared/modules/safety/safety.contract';
import { Badge, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { IconCalendarEvent, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { DataTable } from '../../platform/data-table/data-table';
import { DateField } from '../../platform/forms/date-field';
import { ConfirmDialog } from '../../platform/record/confirm-dialog';
import { DayActionsDialog, KIND_COLOR, useActionPermissions } from './driver-calendar';
import { loadSafetyOptions, safetyKeys, saveDriverAction } from './safety.api';

const kindOf = (label: string) =>
  (Object.entries(SAFETY_ACTION_KINDS).find(([, l]) => l === label)?.[0] ?? 'check_in') as SafetyActionKind;

/** Logbooks: every driver action as a log; a row opens its driver's day, delete hides it (status 0). */
export function LogbookPanel() {
  const [day, setDay] = useState<{ driverId: number; date: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [deleting, setDeleting] = useState<LogbookRow | null>(null);
  const allowed = useActionPermissions();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const remove = async (row: LogbookRow) => {
    setDeleting(null);
    const saved = await saveDriverAction(row.driver_id, row.date, {
      id: row.id,
      kind: kindOf(row.kind),
      note: '',
      delete: true,
    });
    showAlert('success', saved.message);
    await refresh();
  };
  const edit = { section: SECTION.Logbooks, ids: [9, 10] };

  return (
    <Stack gap="sm" data-testid="logbook-panel">
      <DataTable<LogbookRow>
        url="/logbooks/list"
        listKey="logbooks"
        rowId={(r) => r.id}
        toolbar={allowed.add ? { create: () => setPicking(true) } : {}}
        onOpen={(r) => setDay({ driverId: r.driver_id, date: r.date })}
        cells={{
          kind: (r) => (
            <Badge size="sm" variant="light" color={KIND_COLOR[kindOf(r.kind)] ?? 'gray'}>
              {r.kind}
            </Badge>
          ),
        }}
        widths={{ note: 420 }}
        actions={[
          {
            id: 'edit',
            label: 'Open day',
            icon: <IconCalendarEvent size={16} />,
            primary: true,
            permission: edit,
            onClick: (r) => setDay({ driverId: r.driver_id, date: r.date }),
          },
          {
            id: 'delete',
            label: 'Delete',
            icon: <IconTrash size={16} />,
            color: 'red',
            permission: { section: SECTION.Logbooks, ids: [11] },
            onClick: setDeleting,
          },
        ]}
      />
      {day && (
        <DayActionsDialog
          driverId={day.driverId}
          date={day.date}
          onClose={() => {
            setDay(null);
            refresh();
          }}
        />
      )}
      <PickDayDialog
        opened={picking}
        onClose={() => setPicking(false)}
        onPick={(d) => {
          setPicking(false);
          setDay(d);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        message={`Delete this logbook entry of ${deleting?.driver ?? ''} on ${deleting?.date ?? ''}?`}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** "Create" on the logbook: choose the driver and the date, then the day's actions open. */
function PickDayDialog(props: {
  opened: boolean;
  onClose: () => void;
  onPick: (day: { driverId: number; date: string }) => void;
}) {
  const options = useQuery({ queryKey: safetyKeys.list('options'), queryFn: loadSafetyOptions, enabled: props.opened });
  const [driver, setDriver] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(nowInCompanyTimeZone().date);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Add a driver action" centered>
      <Stack gap="sm">
        <Select
          label="Driver"
          searchable
          data={(options.data?.drivers ?? []).map((d) => ({ value: String(d.value), label: d.label }))}
          value={driver}
          onChange={setDriver}
          data-testid="pick-driver"
        />
        <DateField label="Date" value={date} onChange={setDate} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            disabled={!driver || !date}
            onClick={() => driver && date && props.onPick({ driverId: Number(driver), date })}
            data-testid="pick-open"
          >
            Open the day
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
