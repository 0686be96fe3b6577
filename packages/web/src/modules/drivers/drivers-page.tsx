import { ACTION, SECTION } from '@backhaul/shared';
import { addDays, formatPhone, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import type { DriverRow } from '@backhaul/shared/modules/drivers/drivers.contract';
import { Badge, Button, Modal, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { DriverDialog } from './driver-dialog';
import { deactivateDriver } from './drivers.api';

/** An expiry date, red when overdue and orange when due within 30 days (company time). */
function ExpiryCell({ date }: { date: string | null }) {
  if (!date) return null;
  const today = nowInCompanyTimeZone().date;
  const color = date < today ? 'red' : date <= addDays(today, 30) ? 'orange' : undefined;
  return (
    <Text size="sm" c={color} fw={color ? 600 : undefined}>
      {date}
    </Text>
  );
}

/** Maintenance → Drivers (001): list, create, edit (9) or view (10), delete (11), Actions history (9 and 10). */
export function DriversPage() {
  const [history, setHistory] = useState(false);
  const tree = usePermissionTree();
  const registry = useRegistryActions<DriverRow>({
    section: SECTION.Drivers,
    rowId: (r) => r.id,
    deleteUrl: (id) => `/drivers/${id}`,
    describe: (id) => `driver #${id}`,
    deactivate: { update: deactivateDriver },
  });
  const canHistory = allowsButton(tree, { section: SECTION.Drivers, ids: [ACTION.EDIT, ACTION.VIEW], match: 'all' });

  return (
    <RegistryPage
      testId="drivers-page"
      title="Drivers"
      aside={
        canHistory && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconHistory size={14} />}
            onClick={() => setHistory(true)}
            data-testid="actions-history"
          >
            Actions history
          </Button>
        )
      }
    >
      <DataTable<DriverRow>
        url="/drivers/list"
        listKey="drivers"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        cells={{
          phone: (r) => <Text size="sm">{formatPhone(r.phone)}</Text>,
          phone2: (r) => <Text size="sm">{formatPhone(r.phone2)}</Text>,
          safety: (r) => (
            <Badge size="sm" variant="light" color={r.safety ? 'teal' : 'gray'}>
              {r.safety ? 'Yes' : 'No'}
            </Badge>
          ),
          cdl_expires_on: (r) => <ExpiryCell date={r.cdl_expires_on} />,
          medical_card_expires_on: (r) => <ExpiryCell date={r.medical_card_expires_on} />,
        }}
        actions={registry.actions}
      />
      <DriverDialog {...registry.dialog} />
      <Modal opened={history} onClose={() => setHistory(false)} title="Actions history" size="85rem" centered>
        {history && (
          <DataTable
            url="/drivers/filterLogs"
            listKey="drivers-logs"
            rowId={(r) => String(r.id)}
            urlPrefix="log_"
            height="60vh"
          />
        )}
      </Modal>
      {registry.dialogs}
    </RegistryPage>
  );
}
