import { ActionIcon, Button, Divider, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/** A saved child row: its text and a dimmed line under it (author, date). */
export type DraftedItem = { id: number; text: ReactNode; detail?: string };

/**
 * A record's child rows edited as drafts, sent with the save (001 §4): a saved row is struck
 * through when marked for deletion (and can be kept again); new texts are listed until saved.
 */
export function DraftedItems(props: {
  title: string;
  items: readonly DraftedItem[];
  dropped: readonly number[];
  onToggle: (id: number) => void;
  added?: readonly string[];
  onAdd?: (text: string) => void;
  onRemoveAdded?: (index: number) => void;
  addLabel?: string;
  error?: ReactNode;
  readOnly?: boolean;
  testId?: string;
}) {
  const [text, setText] = useState('');
  const noun = props.title.toLowerCase().replace(/s$/, '');
  const add = () => {
    const value = text.trim();
    if (value && !props.added?.includes(value)) props.onAdd?.(value);
    setText('');
  };
  if (props.readOnly && props.items.length === 0) return null;
  return (
    <Stack gap="xs">
      <Divider label={props.title} labelPosition="left" />
      {props.items.map((item) => {
        const dropped = props.dropped.includes(item.id);
        return (
          <Group key={item.id} justify="space-between" wrap="nowrap" data-testid={props.testId}>
            <Stack gap={0}>
              <Text size="sm" td={dropped ? 'line-through' : undefined} c={dropped ? 'dimmed' : undefined}>
                {item.text}
              </Text>
              {item.detail && (
                <Text size="xs" c="dimmed">
                  {item.detail}
                </Text>
              )}
            </Stack>
            {!props.readOnly && (
              <ActionIcon
                variant="subtle"
                color={dropped ? 'gray' : 'red'}
                aria-label={dropped ? `Keep ${noun}` : `Delete ${noun}`}
                onClick={() => props.onToggle(item.id)}
              >
                {dropped ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {props.added?.map((value, i) => (
        <Group key={value} justify="space-between" wrap="nowrap">
          <Text size="sm" c="teal">
            {value}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove new ${noun}`}
            onClick={() => props.onRemoveAdded?.(i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {props.onAdd && !props.readOnly && (
        <Group align="flex-end" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            label={props.addLabel ?? `New ${noun}`}
            autosize
            minRows={1}
            value={text}
            error={props.error}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
            Add
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Toggles an id in a drafted-deletion list. */
export const toggleId = (ids: readonly number[], id: number): number[] =>
  ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
