import { ACTION, SECTION } from '@backhaul/shared';
import { formatPhone } from '@backhaul/shared/formats/formats';
import {
  SAFETY_DRIVER_STATUSES,
  type SafetyRow,
  type SafetySaveBody,
  SafetySaveBodySchema,
} from '@backhaul/shared/modules/safety/safety.contract';
import { Badge, Button, Drawer, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ChangeLogDialog } from '../../platform/data-table/change-log-dialog';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordForm } from '../../platform/record/use-record-form';
import { DriverCalendar } from './driver-calendar';
import { loadSafetyAccess, safetyKeys, saveSafetyRow } from './safety.api';

const STATUS_COLOR: Record<string, string> = { Active: 'teal', 'On watch': 'yellow', Suspended: 'red' };
const STATUS_OPTIONS = Object.entries(SAFETY_DRIVER_STATUSES).map(([value, label]) => ({ value, label }));

/** The safety/driver table: a row opens the driver's safety card (calendar and safety row). */
export function SafetyTablePanel() {
  const [open, setOpen] = useState<SafetyRow | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  return (
    <Stack gap="sm" data-testid="safety-table-panel">
      <DataTable<SafetyRow>
        url="/safety/list"
        listKey="safety"
        rowId={(r) => r.id}
        refreshKey={refreshKey}
        toolbar={{ export: true }}
        onOpen={setOpen}
        cells={{
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          phone2: (r) => <Text size="sm">{formatPhone(r.phone2)}</Text>,
          status: (r) => (
            <Badge size="sm" variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
              {r.status}
            </Badge>
          ),
        }}
        actions={[
          {
            id: 'details',
            label: 'Calendar',
            icon: <IconCalendarEvent size={16} />,
            primary: true,
            onClick: setOpen,
          },
          {
            id: 'history',
            label: 'Actions history',
            icon: <IconHistory size={16} />,
            permission: { section: SECTION.Safety, ids: [ACTION.EDIT, ACTION.VIEW], match: 'all' },
            onClick: (r) => setHistory(r.id),
          },
        ]}
      />
      <Drawer
        opened={open !== null}
        onClose={() => {
          setOpen(null);
          setRefreshKey((k) => k + 1);
        }}
        position="right"
        size={980}
        title={open ? `${open.driver} — safety` : ''}
      >
        {open && (
          <Stack gap="md">
            <SafetyRowForm driverId={open.id} />
            <DriverCalendar driverId={open.id} />
          </Stack>
        )}
      </Drawer>
      <ChangeLogDialog url="/safety/filterLogs" id={history} title="Actions history" onClose={() => setHistory(null)} />
    </Stack>
  );
}

/** Status, hours left, ELD count and the employee who watches the driver (POST /safety/save). */
function SafetyRowForm(props: { driverId: number }) {
  const tree = usePermissionTree();
  const canEdit = allowsButton(tree, { section: SECTION.Safety, ids: [ACTION.EDIT] });
  const { data } = useQuery({
    queryKey: safetyKeys.record(props.driverId),
    queryFn: () => loadSafetyAccess(props.driverId),
  });
  const { form, submit, saving } = useRecordForm<SafetySaveBody>({
    initialValues: { driver_id: props.driverId, status: 'active', hours: 70, eld_count: 1, employee_id: null },
    schema: SafetySaveBodySchema,
    save: (values) => saveSafetyRow(values),
    invalidate: safetyKeys.all,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the row is loaded
  useEffect(() => {
    const row = data?.row;
    if (!row) return;
    const status = (Object.entries(SAFETY_DRIVER_STATUSES).find(([, l]) => l === row.status)?.[0] ??
      'active') as SafetySaveBody['status'];
    const employee = data.employees.find((e) => e.label === row.employees)?.value ?? null;
    form.setValues({
      driver_id: props.driverId,
      status,
      hours: row.hours,
      eld_count: row.eld_count,
      employee_id: employee,
    });
    form.resetDirty();
  }, [data]);
  return (
    <form onSubmit={submit} noValidate data-testid="safety-row-form">
      <Group align="flex-end" gap="sm">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          allowDeselect={false}
          w={150}
          {...form.getInputProps('status')}
          disabled={!canEdit}
        />
        <NumberInput
          label="Hours left"
          min={0}
          max={70}
          step={0.5}
          decimalScale={1}
          w={120}
          {...form.getInputProps('hours')}
          disabled={!canEdit}
        />
        <NumberInput
          label="ELD count"
          min={0}
          max={9}
          w={110}
          {...form.getInputProps('eld_count')}
          disabled={!canEdit}
        />
        <Select
          label="Employee"
          searchable
          clearable
          w={220}
          data={(data?.employees ?? []).map((e) => ({ value: String(e.value), label: e.label }))}
          value={form.values.employee_id ? String(form.values.employee_id) : null}
          onChange={(v) => form.setFieldValue('employee_id', v ? Number(v) : null)}
          error={form.errors.employee_id}
          disabled={!canEdit}
        />
        {canEdit && (
          <Button type="submit" loading={saving} data-testid="safety-row-save">
            Save
          </Button>
        )}
      </Group>
    </form>
  );
}
