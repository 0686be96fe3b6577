import { ACTION, SECTION } from '@backhaul/shared';
import {
  PRIORITIES,
  UNIT_TYPE_LABELS,
  type UnitType,
  WORK_ORDER_STATUS,
  type WorkOrderRow,
} from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { Badge, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconClipboardCheck, IconRuler2, IconTool, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { STATUS_COLOR_NAMES } from '../../platform/data-table/row-colors';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { PlannerView, plannerApi } from '../planner';
import { WorkOrderDialog } from './work-order-dialog';
import { workOrdersApi } from './work-orders.api';

const PRIORITY_COLOR: Record<number, string> = { 1: 'gray', 2: 'blue', 3: 'orange', 4: 'red' };
const ICONS: Record<string, [string, ReactNode]> = {
  alignment: ['Alignment', <IconRuler2 key="a" size={16} />],
  inspection: ['Inspection', <IconClipboardCheck key="i" size={16} />],
  pm: ['PM', <IconTool key="p" size={16} />],
  towing: ['Towing', <IconTruckDelivery key="t" size={16} />],
};
const serviceIcon = (key: string) => (r: WorkOrderRow) =>
  r[key as keyof WorkOrderRow] ? (
    <Tooltip label={ICONS[key]?.[0]}>
      <Group justify="center" c="teal.4" aria-label={ICONS[key]?.[0]}>
        {ICONS[key]?.[1]}
      </Group>
    </Tooltip>
  ) : null;

/** Shop → Work orders (the Shop's default screen): every status but Closed and Canceled by default. */
export function WorkOrdersPage() {
  const registry = useRegistryActions<WorkOrderRow>({
    section: SECTION.WorkOrders,
    rowId: (r) => r.id,
    deleteUrl: workOrdersApi.deleteUrl,
    describe: (id) => `work order #${id}`,
    deleteMessages: 'server',
  });
  const [params, setParams] = useSearchParams();
  const tree = usePermissionTree();
  const mayPlan = allowsButton(tree, { section: SECTION.Planner, ids: [ACTION.VIEW] });
  const view = mayPlan && params.get('view') === 'planner' ? 'planner' : 'list';
  const switcher = mayPlan ? (
    <SegmentedControl
      data={[
        { value: 'list', label: 'List' },
        { value: 'planner', label: 'Planner' },
      ]}
      value={view}
      onChange={(v) => setParams(v === 'planner' ? { view: 'planner' } : {})}
      data-testid="work-orders-view"
    />
  ) : undefined;

  if (view === 'planner')
    return (
      <RegistryPage testId="planner-page" title="Planner" aside={switcher}>
        <PlannerView
          workOrderDialog={(p) => <WorkOrderDialog {...p} />}
          plan={async (id, place) => {
            await plannerApi.move({ work_order_id: id, ...place });
          }}
        />
      </RegistryPage>
    );
  return (
    <RegistryPage testId="work-orders-page" title="Work orders" aside={switcher}>
      <DataTable<WorkOrderRow>
        url="/work-order/list"
        listKey="work-order"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        widths={{ status: 190, unit: 110 }}
        cells={{
          unit_type: (r) => <Text size="sm">{UNIT_TYPE_LABELS[r.unit_type as UnitType] ?? r.unit_type}</Text>,
          unit: (r) => (
            <Text size="sm" title={r.customer ?? undefined}>
              {r.unit}
              {r.customer && <Text span c="dimmed" size="xs">{` · ${r.customer}`}</Text>}
            </Text>
          ),
          arrived: (r) =>
            r.arrived ? (
              <Badge size="sm" variant="light" color="teal">
                Arrived
              </Badge>
            ) : null,
          alignment: serviceIcon('alignment'),
          inspection: serviceIcon('inspection'),
          pm: serviceIcon('pm'),
          towing: serviceIcon('towing'),
          dispatch_request: (r) => (
            <Badge size="sm" variant="outline" color={PRIORITY_COLOR[r.dispatch_request] ?? 'gray'}>
              {PRIORITIES[r.dispatch_request as keyof typeof PRIORITIES] ?? r.dispatch_request}
            </Badge>
          ),
          status: (r) => (
            <Badge size="sm" variant="filled" color={STATUS_COLOR_NAMES[r.status] ?? 'gray'} data-testid="wo-status">
              {WORK_ORDER_STATUS[r.status as keyof typeof WORK_ORDER_STATUS] ?? r.status}
            </Badge>
          ),
        }}
        actions={registry.actions}
      />
      <WorkOrderDialog {...registry.dialog} />
      {registry.dialogs}
    </RegistryPage>
  );
}
