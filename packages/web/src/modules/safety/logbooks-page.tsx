import { SECTION } from '@backhaul/shared';
import { Badge, Button, Group, Select, Stack, Tabs, Title } from '@mantine/core';
import { IconReport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DriverCalendar } from './driver-calendar';
import { ExceptionsPanel } from './exceptions-panel';
import { LogbookPanel } from './logbook-panel';
import { MotivationPanel } from './motivation-panel';
import { loadExceptions, loadSafetyOptions, safetyKeys } from './safety.api';
import { SafetyTablePanel } from './safety-table-panel';

/** Safety → Logbooks: the safety/driver table, the driver actions log, the driver calendar and the exceptions. */
export function LogbooksPage() {
  const [params, setParams] = useSearchParams();
  const tree = usePermissionTree();
  const safety = allowsButton(tree, { section: SECTION.Safety, ids: [] });
  const reports = allowsButton(tree, { section: SECTION.Reports, ids: [] });
  const motivation = allowsButton(tree, { section: SECTION.MotivationProgramme, ids: [10] });
  const tab = params.get('tab') ?? (safety ? 'safety' : 'logbook');
  const driver = params.get('driver');
  const open = useQuery({
    queryKey: safetyKeys.list('exceptions', 'open'),
    queryFn: () => loadExceptions('open'),
    enabled: safety,
  });
  const options = useQuery({ queryKey: safetyKeys.list('options'), queryFn: loadSafetyOptions });
  const set = (changes: Record<string, string | null>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(changes)) v === null ? p.delete(k) : p.set(k, v);
      return p;
    });

  return (
    <Stack gap="sm" data-testid="logbooks-page">
      <Group justify="space-between">
        <Title order={2}>Logbooks</Title>
        {reports && (
          <Button component={Link} to="/reportsOld" variant="default" size="xs" leftSection={<IconReport size={14} />}>
            Reports
          </Button>
        )}
      </Group>
      <Tabs value={tab} onChange={(v) => set({ tab: v })} keepMounted={false}>
        <Tabs.List>
          {safety && <Tabs.Tab value="safety">Safety table</Tabs.Tab>}
          <Tabs.Tab value="logbook">Logbook</Tabs.Tab>
          <Tabs.Tab value="calendar">Driver calendar</Tabs.Tab>
          {safety && (
            <Tabs.Tab
              value="exceptions"
              rightSection={
                open.data?.open ? (
                  <Badge size="xs" color="red" circle={open.data.open < 10}>
                    {open.data.open}
                  </Badge>
                ) : null
              }
            >
              Exceptions
            </Tabs.Tab>
          )}
          {motivation && <Tabs.Tab value="motivation">Motivation programme</Tabs.Tab>}
        </Tabs.List>
        {safety && (
          <Tabs.Panel value="safety" pt="sm">
            <SafetyTablePanel />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="logbook" pt="sm">
          <LogbookPanel />
        </Tabs.Panel>
        <Tabs.Panel value="calendar" pt="sm">
          <Stack gap="sm">
            <Group>
              <Select
                label="Driver"
                placeholder="Choose a driver"
                searchable
                w={320}
                data={(options.data?.drivers ?? []).map((d) => ({
                  value: String(d.value),
                  label: d.safety ? d.label : `${d.label} (not on safety)`,
                }))}
                value={driver}
                onChange={(v) => set({ driver: v })}
                data-testid="calendar-driver"
              />
            </Group>
            {driver && <DriverCalendar key={driver} driverId={Number(driver)} />}
          </Stack>
        </Tabs.Panel>
        {safety && (
          <Tabs.Panel value="exceptions" pt="sm">
            <ExceptionsPanel />
          </Tabs.Panel>
        )}
        {motivation && (
          <Tabs.Panel value="motivation" pt="sm">
            <MotivationPanel />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
