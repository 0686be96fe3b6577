import { SECTION } from '@backhaul/shared';
import { DayOffFormSchema, LightOrderFormSchema } from '@backhaul/shared/modules/planner/planner.contract';
import { Button, Group } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { useConfirmedDelete } from '../../platform/record/confirm-dialog';
import { RecordDialog } from '../../platform/record/record-dialog';
import { dayOffApi, lightOrderApi, type Placement } from './planner.api';
import { type Opened, PlannerBoard } from './planner-board';

const EMPTY_LIGHT = { customer: '', phone: '', unit: '', price: '', description: '' };
const EMPTY_OFF = { reason: '' };
const placed = (p?: Placement) => ({
  date: p?.date ?? '',
  time: p ? String(p.time) : null,
  w: p?.w ?? 1,
  technician_id: p ? String(p.technician_id) : null,
});

/**
 * The planner with its dialogs: a work order (the dialog the page gives, then planned on the cell
 * it was created from), a light order (with "make the customer a client") or a day off.
 */
export function PlannerView(props: {
  workOrderDialog: (p: {
    id: number | null;
    opened: boolean;
    onClose: () => void;
    onSaved: (saved?: unknown) => void;
  }) => ReactNode;
  plan: (workOrderId: number, place: Placement) => Promise<void>;
}) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [version, setVersion] = useState(0);
  const close = () => setOpened(null);
  const saved = () => setVersion((v) => v + 1);
  const remove = useConfirmedDelete({
    onDone: () => {
      close();
      saved();
    },
  });
  const is = (kind: Opened['kind']) => opened?.kind === kind;
  const deleteButton = (kind: 'light_order' | 'day_off') =>
    opened?.id ? (
      <Group justify="flex-start" mt="xs" gap="xs">
        <Button
          color="red"
          variant="light"
          size="xs"
          onClick={() =>
            remove.ask(
              (kind === 'light_order' ? lightOrderApi : dayOffApi).deleteUrl(opened.id as number),
              kind === 'light_order' ? 'this light order' : 'this day off',
            )
          }
        >
          Delete
        </Button>
        {kind === 'light_order' && (
          <Button
            variant="default"
            size="xs"
            onClick={async () => showAlert('success', (await lightOrderApi.makeClient(opened.id as number)).message)}
          >
            Make the customer a client
          </Button>
        )}
      </Group>
    ) : null;

  return (
    <>
      <PlannerBoard onOpen={setOpened} refreshKey={version} />
      {props.workOrderDialog({
        id: is('work_order') ? (opened?.id ?? null) : null,
        opened: is('work_order'),
        onClose: close,
        onSaved: async (answer) => {
          const id = (answer as { row?: { id?: number } } | undefined)?.row?.id;
          if (opened?.kind === 'work_order' && opened.id === null && opened.place && id)
            await props.plan(id, opened.place);
          saved();
        },
      })}
      <RecordDialog
        api={lightOrderApi}
        schema={LightOrderFormSchema}
        empty={{ ...EMPTY_LIGHT, ...placed(opened?.place) }}
        recordOf={(d: { row?: unknown }) => d.row ?? null}
        title={{ create: 'New light order', edit: 'Light order' }}
        section={SECTION.Planner}
        id={is('light_order') ? (opened?.id ?? null) : null}
        opened={is('light_order')}
        onClose={close}
        onSaved={saved}
        cols={2}
        testId="light-order-dialog"
      >
        {() => deleteButton('light_order')}
      </RecordDialog>
      <RecordDialog
        api={dayOffApi}
        schema={DayOffFormSchema}
        empty={{ ...EMPTY_OFF, ...placed(opened?.place) }}
        recordOf={(d: { row?: unknown }) => d.row ?? null}
        title={{ create: 'New day off', edit: 'Day off' }}
        section={SECTION.Planner}
        id={is('day_off') ? (opened?.id ?? null) : null}
        opened={is('day_off')}
        onClose={close}
        onSaved={saved}
        cols={2}
        testId="day-off-dialog"
      >
        {() => deleteButton('day_off')}
      </RecordDialog>
      {remove.dialog}
    </>
  );
}
