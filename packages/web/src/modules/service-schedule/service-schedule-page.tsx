import { ACTION, SECTION } from '@backhaul/shared';
import {
  SERVICE_PROGRAMS_BASE,
  SERVICE_STATUSES,
  SERVICE_TASKS_BASE,
  SERVICE_UNIT_KINDS,
  ServiceProgramFormSchema,
  type ServiceScheduleRow,
  ServiceTaskFormSchema,
} from '@backhaul/shared/modules/service-schedule/service-schedule.contract';
import { Badge, Button, Checkbox, Group, Tabs, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { showAlert } from '../../platform/alerts-store';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { RegistryPage } from '../../platform/data-table/use-registry-actions';
import { ResourcePage } from '../../platform/record/resource-page';
import { ProgramUnitsTab } from './program-units-tab';
import { type ServiceItem, serviceScheduleApi } from './service-schedule.api';

const STATUS_COLOR = { overdue: 'red', due: 'orange', ok: 'teal' } as const;
type Row = ServiceScheduleRow & Record<string, unknown>;
const keyOf = (r: Row) => r.id;

/** The schedule: every assigned unit's tasks, most urgent first; tick due rows and make their PM work orders. */
function ScheduleTab() {
  const canCreate = allowsButton(usePermissionTree(), { section: SECTION.WorkOrders, ids: [ACTION.CREATE] });
  const [picked, setPicked] = useState<Map<string, ServiceItem>>(new Map());
  const [refreshKey, setRefreshKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const toggle = (r: Row, on: boolean) =>
    setPicked((all) => {
      const next = new Map(all);
      if (on) next.set(keyOf(r), { unit_type: r.unit_type, unit_id: r.unit_id, task_id: r.task_id });
      else next.delete(keyOf(r));
      return next;
    });
  const create = async () => {
    setBusy(true);
    try {
      const answer = await serviceScheduleApi.createWorkOrders([...picked.values()]);
      showAlert('success', `${answer.message} #${answer.work_order_ids.join(', #')}`);
      setPicked(new Map());
      setRefreshKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  };
  const aside = canCreate ? (
    <Button leftSection={<IconTool size={16} />} disabled={picked.size === 0} loading={busy} onClick={create}>
      {picked.size > 1 ? `Create work orders (${picked.size} tasks)` : 'Create work order'}
    </Button>
  ) : undefined;
  return (
    <RegistryPage testId="service-schedule-page" title="Service schedule" aside={aside}>
      <DataTable<Row>
        url="/service-schedule/list"
        listKey="service-schedule"
        rowId={keyOf}
        refreshKey={refreshKey}
        onOpen={(r) => !r.work_order_id && canCreate && toggle(r, !picked.has(keyOf(r)))}
        emptyText="No unit has a service program yet."
        widths={{ unit_type: 90, unit: 140, status: 110, work_order_id: 100 }}
        cells={{
          unit_type: (r) => <Text size="sm">{SERVICE_UNIT_KINDS[r.unit_type]}</Text>,
          unit: (r) => (
            <Group gap={6} wrap="nowrap">
              {canCreate && (
                <Checkbox
                  size="xs"
                  aria-label={`Choose ${r.task} for ${r.unit}`}
                  disabled={r.work_order_id !== null}
                  checked={picked.has(keyOf(r))}
                  onChange={(e) => toggle(r, e.currentTarget.checked)}
                />
              )}
              <Text size="sm">{r.unit}</Text>
            </Group>
          ),
          status: (r) => (
            <Badge color={STATUS_COLOR[r.status]} variant="light" size="sm">
              {SERVICE_STATUSES[r.status]}
            </Badge>
          ),
          work_order_id: (r) =>
            r.work_order_id ? (
              <Text size="sm" component={Link} to={`/shop/work-orders?open=${r.work_order_id}`} c="blue">
                {`#${r.work_order_id}`}
              </Text>
            ) : null,
        }}
      />
    </RegistryPage>
  );
}

/**
 * Shop → Service schedule (preventive maintenance, beyond the spec): the schedule of what falls
 * due, and the programs and tasks behind it.
 */
export function ServiceSchedulePage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'schedule';
  return (
    <Tabs value={tab} onChange={(v) => v && setParams({ tab: v })} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="schedule">Schedule</Tabs.Tab>
        <Tabs.Tab value="programs">Programs</Tabs.Tab>
        <Tabs.Tab value="tasks">Tasks</Tabs.Tab>
        <Tabs.Tab value="units">Units</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="schedule">
        <ScheduleTab />
      </Tabs.Panel>
      <Tabs.Panel value="programs">
        <ResourcePage
          title="Service programs"
          noun="program"
          base={SERVICE_PROGRAMS_BASE}
          listKey="service-programs"
          schema={ServiceProgramFormSchema}
          section={SECTION.WorkOrders}
        />
      </Tabs.Panel>
      <Tabs.Panel value="tasks">
        <ResourcePage
          title="Service tasks"
          noun="task"
          base={SERVICE_TASKS_BASE}
          listKey="service-tasks"
          schema={ServiceTaskFormSchema}
          section={SECTION.WorkOrders}
        />
      </Tabs.Panel>
      <Tabs.Panel value="units">
        <ProgramUnitsTab />
      </Tabs.Panel>
    </Tabs>
  );
}
