import { Group, Loader, Modal, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { EquipmentPanel } from './equipment-panel';
import { HistoryPanel } from './history-panel';
import { NotesPanel } from './notes-panel';
import { ValuesPanel } from './values-panel';

type Props = {
  prefix: '/trucks' | '/trailers';
  title: string;
  /** The unit's id; the equipment, notes, value and history tabs need a saved unit. */
  unitId: number | null;
  opened: boolean;
  loading: boolean;
  readOnly: boolean;
  onClose: () => void;
  /** The unit's own form (details tab). */
  children: ReactNode;
};

/** The truck and trailer dialog: details plus the shared equipment, notes, values and history. */
export function UnitDialog(props: Props) {
  const { prefix, unitId, readOnly } = props;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="xl" yOffset="6vh">
      {props.loading ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="details">Details</Tabs.Tab>
            {unitId && (
              <>
                <Tabs.Tab value="equipment" data-testid="tab-equipment">
                  Equipment
                </Tabs.Tab>
                <Tabs.Tab value="notes" data-testid="tab-notes">
                  Notes
                </Tabs.Tab>
                <Tabs.Tab value="values" data-testid="tab-values">
                  Value
                </Tabs.Tab>
                <Tabs.Tab value="history" data-testid="tab-history">
                  History
                </Tabs.Tab>
              </>
            )}
          </Tabs.List>
          <Tabs.Panel value="details">{props.children}</Tabs.Panel>
          {unitId && (
            <>
              <Tabs.Panel value="equipment">
                <EquipmentPanel prefix={prefix} unitId={unitId} readOnly={readOnly} />
              </Tabs.Panel>
              <Tabs.Panel value="notes">
                <NotesPanel prefix={prefix} unitId={unitId} readOnly={readOnly} />
              </Tabs.Panel>
              <Tabs.Panel value="values">
                <ValuesPanel prefix={prefix} unitId={unitId} readOnly={readOnly} />
              </Tabs.Panel>
              <Tabs.Panel value="history">
                <HistoryPanel prefix={prefix} unitId={unitId} />
              </Tabs.Panel>
            </>
          )}
        </Tabs>
      )}
    </Modal>
  );
}
