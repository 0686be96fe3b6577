import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { allowsButton, type ButtonPermission } from './permissions';

/** The rows a table shows: the list's JSON rows. */
export type Row = Record<string, unknown>;

/**
 * A row action. Shown when the caller holds its permission ids (any-of or all-of) or has none, and
 * `visible(row)` allows it. At most three `primary` actions are buttons with their label; the rest
 * go in the row's "…" menu, in the order declared. Without any `primary`, the first action that is
 * not red (a delete) is the button.
 */
export type RowAction<R extends Row> = {
  id: string;
  label: string;
  icon: ReactNode;
  color?: string;
  /** A button of its own in the row (at most three are), instead of an item of the "…" menu. */
  primary?: boolean;
  /** The tooltip, when the label alone does not say enough. */
  hint?: string;
  permission?: ButtonPermission;
  /** Per-row rule on top of the permission (e.g. one's own record, a closed statement). */
  visible?: (row: R) => boolean;
  onClick: (row: R) => void;
};

export const MAX_PRIMARY_ACTIONS = 3;

/** The actions a caller may use at all: the permission filter, in declared order. */
export function allowedActions<R extends Row>(
  actions: readonly RowAction<R>[],
  tree: Parameters<typeof allowsButton>[0],
): RowAction<R>[] {
  return actions.filter((a) => allowsButton(tree, a.permission));
}

/** A row's buttons and menu items: the visible actions split into primary (≤ 3) and the rest. */
export function splitRowActions<R extends Row>(
  actions: readonly RowAction<R>[],
  row: R,
): { primary: RowAction<R>[]; menu: RowAction<R>[] } {
  const shown = actions.filter((a) => !a.visible || a.visible(row));
  const declared = shown.some((a) => a.primary);
  const fallback = declared ? null : shown.find((a) => a.color !== 'red');
  const primary = shown.filter((a) => (declared ? a.primary : a === fallback)).slice(0, MAX_PRIMARY_ACTIONS);
  return { primary, menu: shown.filter((a) => !primary.includes(a)) };
}

/**
 * How wide the actions column is: the widest three primary buttons a row may show (rows show
 * different ones), plus the "…" when some action is left for the menu.
 */
export function actionsWidth<R extends Row>(actions: readonly RowAction<R>[]): number {
  if (!actions.length) return 0;
  const declared = actions.filter((a) => a.primary);
  const candidates = declared.length ? declared : actions.filter((a) => a.color !== 'red').slice(0, 1);
  const buttons = candidates
    .map((a) => a.label.length * 7 + 40)
    .sort((x, y) => y - x)
    .slice(0, MAX_PRIMARY_ACTIONS)
    .reduce((w, x) => w + x + 4, 0);
  const hasMenu =
    actions.length > Math.min(candidates.length, MAX_PRIMARY_ACTIONS) || candidates.length > MAX_PRIMARY_ACTIONS;
  return 24 + buttons + (hasMenu ? 32 : 0);
}

/** A row's labelled buttons and its "…" menu. Clicks stay in the cell (they do not open the row). */
export function RowActions<R extends Row>({ actions, row }: { actions: readonly RowAction<R>[]; row: R }) {
  const { primary, menu } = splitRowActions(actions, row);
  return (
    <Group gap={4} wrap="nowrap" data-row-actions>
      {primary.map((a) => (
        <Tooltip key={a.id} label={a.hint ?? a.label} openDelay={300}>
          <Button
            size="compact-xs"
            variant="subtle"
            color={a.color ?? 'gray'}
            leftSection={a.icon}
            onClick={() => a.onClick(row)}
            data-testid={`row-${a.id}`}
          >
            {a.label}
          </Button>
        </Tooltip>
      ))}
      {menu.length > 0 && (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <Tooltip label="More actions" openDelay={300}>
              <ActionIcon size="sm" variant="subtle" color="gray" aria-label="More actions" data-testid="row-more">
                <IconDots size={16} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            {menu.map((a) => (
              <Menu.Item
                key={a.id}
                leftSection={a.icon}
                color={a.color}
                onClick={() => a.onClick(row)}
                title={a.hint}
                data-testid={`row-${a.id}`}
              >
                {a.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
