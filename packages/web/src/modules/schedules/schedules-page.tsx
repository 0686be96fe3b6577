import { ACTION, SECTION } from '@backhaul/shared';
import type { ScheduleRow } from '@backhaul/shared/modules/schedules/schedules.contract';
import { Stack, Title } from '@mantine/core';
import { IconDownload, IconEye, IconPencil, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { downloadSchedule, ScheduleDetail } from './schedule-detail';
import { type ScheduleEditing, ScheduleFormDialog } from './schedule-form-dialog';
import { ScheduleSendDialog, type ScheduleSending } from './schedule-send-dialog';

const S = SECTION.Schedules;

/** Accounting → Schedules: factoring schedules with their counts and totals; a row opens its loads. */
export function SchedulesPage() {
  const [editing, setEditing] = useState<ScheduleEditing>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [sending, setSending] = useState<ScheduleSending>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const queryClient = useQueryClient();
  const tree = usePermissionTree();
  const canCreate = allowsButton(tree, { section: S, ids: [ACTION.CREATE] });
  const refresh = () => {
    setRefreshKey((k) => k + 1);
    void queryClient.invalidateQueries({ queryKey: ['schedules'] });
  };

  return (
    <Stack gap="sm" data-testid="schedules-page">
      <Title order={2}>Schedules</Title>
      <DataTable<ScheduleRow>
        url="/schedules/list"
        listKey="schedules"
        rowId={(r) => r.id}
        onOpen={(r) => setViewing(r.id)}
        refreshKey={refreshKey}
        toolbar={{ export: true, ...(canCreate ? { create: () => setEditing({ id: null }) } : {}) }}
        actions={[
          { id: 'view', label: 'Open', primary: true, icon: <IconEye size={16} />, onClick: (r) => setViewing(r.id) },
          {
            id: 'edit',
            label: 'Edit',
            icon: <IconPencil size={16} />,
            permission: { section: S, ids: [ACTION.EDIT] },
            onClick: (r) => setEditing({ id: r.id }),
          },
          {
            id: 'download',
            label: 'Download PDF',
            icon: <IconDownload size={16} />,
            onClick: (r) => downloadSchedule(r.id),
          },
          {
            id: 'send',
            label: 'Send',
            primary: true,
            icon: <IconSend size={16} />,
            permission: { section: S, ids: [ACTION.SEND] },
            onClick: (r) => setSending({ id: r.id, email: null }),
          },
        ]}
      />
      <ScheduleFormDialog editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      <ScheduleDetail id={viewing} onClose={() => setViewing(null)} onSend={(id, email) => setSending({ id, email })} />
      <ScheduleSendDialog sending={sending} onClose={() => setSending(null)} onSent={refresh} />
    </Stack>
  );
}
