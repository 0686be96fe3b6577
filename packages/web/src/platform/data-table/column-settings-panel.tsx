import type { ColumnMeta, ColumnSetting } from '@backhaul/shared';
import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { ActionIcon, Button, Checkbox, Divider, Drawer, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { defaultSettings, moveColumn } from './column-layout';

type Props = {
  opened: boolean;
  onClose: () => void;
  meta: ColumnMeta[];
  current: ColumnSetting[];
  /** Columns shown in the settings but left out to fit the screen: ticking one keeps it (`always`). */
  fitted?: readonly string[];
  onSave: (columns: ColumnSetting[]) => Promise<void>;
  onReset: () => Promise<void>;
};

/**
 * The column-settings panel every list shares (001 §2): drag to reorder, show or hide all,
 * set all widths, reset to default, save (POST /:section/settings).
 */
export function ColumnSettingsPanel({ opened, onClose, meta, current, fitted = [], onSave, onReset }: Props) {
  const [draft, setDraft] = useState<ColumnSetting[]>(current);
  const shownOf = (c: ColumnSetting) => c.visible && (c.always === true || !fitted.includes(c.id));
  const [width, setWidth] = useState<string | number>('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (opened) setDraft(current);
  }, [opened, current]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const title = (id: string) => meta.find((m) => m.id === id)?.title ?? id;
  const visibleCount = draft.filter(shownOf).length;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) setDraft((d) => moveColumn(d, String(active.id), String(over.id)));
  };
  const setAllVisible = (visible: boolean) => setDraft((d) => d.map((c) => ({ ...c, visible, always: visible })));
  // A column the user ticks (hidden, or yielded to fit) stays on screen from then on; unticking hides it.
  const toggle = (id: string, visible: boolean) =>
    setDraft((d) =>
      d.map((x) => (x.id === id ? { ...x, visible, always: visible && (fitted.includes(id) || !x.visible) } : x)),
    );
  const busy = async (work: () => Promise<void>) => {
    setSaving(true);
    try {
      await work();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer opened={opened} onClose={onClose} title="Column settings" position="right" size={380}>
      <Stack gap="sm" data-testid="column-settings">
        <Group justify="space-between">
          <Checkbox
            label="All columns"
            checked={visibleCount === draft.length}
            indeterminate={visibleCount > 0 && visibleCount < draft.length}
            onChange={(e) => setAllVisible(e.currentTarget.checked)}
            data-testid="settings-all"
          />
          <Group gap={6}>
            <Button size="compact-xs" variant="light" onClick={() => setAllVisible(true)}>
              Show all
            </Button>
            <Button size="compact-xs" variant="light" color="gray" onClick={() => setAllVisible(false)}>
              Hide all
            </Button>
          </Group>
        </Group>
        <Group gap="xs" align="flex-end">
          <NumberInput
            size="xs"
            label="Width of every column (px)"
            min={40}
            max={2000}
            value={width}
            onChange={setWidth}
            w={190}
          />
          <Button
            size="xs"
            variant="light"
            disabled={typeof width !== 'number' || width < 40}
            onClick={() => setDraft((d) => d.map((c) => ({ ...c, width: Number(width) })))}
          >
            Set all
          </Button>
        </Group>
        <Divider />
        <Text size="xs" c="dimmed">
          Drag a column to reorder it; untick it to hide it. Columns that do not fit the screen are hidden to fit, least
          important first: tick one to keep it.
        </Text>
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          <Stack gap={4}>
            {draft.map((c) => (
              <SettingRow
                key={c.id}
                setting={c}
                shown={shownOf(c)}
                yielded={c.visible && !shownOf(c)}
                title={title(c.id)}
                onToggle={(visible) => toggle(c.id, visible)}
              />
            ))}
          </Stack>
        </DndContext>
        {visibleCount === 0 && (
          <Text size="xs" c="red">
            Show at least one column.
          </Text>
        )}
        <Divider />
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="gray"
            loading={saving}
            onClick={() =>
              busy(async () => {
                setDraft(defaultSettings(meta));
                await onReset();
              })
            }
            data-testid="settings-reset"
          >
            Reset to default
          </Button>
          <Button
            loading={saving}
            disabled={visibleCount === 0}
            onClick={() => busy(() => onSave(draft))}
            data-testid="settings-save"
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}

function SettingRow({
  setting,
  shown,
  yielded,
  title,
  onToggle,
}: {
  setting: ColumnSetting;
  shown: boolean;
  yielded: boolean;
  title: string;
  onToggle: (v: boolean) => void;
}) {
  const drag = useDraggable({ id: setting.id });
  const drop = useDroppable({ id: setting.id });
  const t = drag.transform;
  return (
    <Group
      ref={(el) => {
        drag.setNodeRef(el);
        drop.setNodeRef(el);
      }}
      gap="xs"
      wrap="nowrap"
      px="xs"
      py={4}
      data-testid={`settings-row-${setting.id}`}
      style={{
        borderRadius: 6,
        background: drop.isOver && !drag.isDragging ? 'var(--mantine-color-teal-light)' : 'var(--mantine-color-dark-6)',
        transform: t ? `translate(${t.x}px, ${t.y}px)` : undefined,
        zIndex: drag.isDragging ? 10 : undefined,
        position: 'relative',
      }}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={`Drag ${title}`}
        {...drag.listeners}
        {...drag.attributes}
      >
        <IconGripVertical size={14} />
      </ActionIcon>
      <Checkbox size="xs" checked={shown} onChange={(e) => onToggle(e.currentTarget.checked)} label={title} />
      {yielded || setting.width ? (
        <Text size="xs" c="dimmed" ml="auto" data-testid={yielded ? `settings-yielded-${setting.id}` : undefined}>
          {yielded ? 'hidden to fit' : `${setting.width}px`}
        </Text>
      ) : null}
    </Group>
  );
}
