import { ActionIcon, Box, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { allowsButton, type ButtonPermission } from './permissions';

/** The rows a table shows: the list's JSON rows. */
export type Row = Record<string, unknown>;

/**
 * A row action. Shown when the caller holds its permission ids (any-of or all-of) or has none, and
 * `visible(row)` allows it. Every action is an item of the row's "⋯" menu (a narrow column, so
 * the list's own columns keep the width); `primary` ones come first, the rest in declared order.
 */
export type RowAction<R extends Row> = {
  id: string;
  label: string;
  icon: ReactNode;
  color?: string;
  /** Listed first in the row's menu. */
  primary?: boolean;
  /** The item's title, when the label alone does not say enough. */
  hint?: string;
  permission?: ButtonPermission;
  /** Per-row rule on top of the permission (e.g. one's own record, a closed statement). */
  visible?: (row: R) => boolean;
  onClick: (row: R) => void;
};

/** The row menu's column: one "⋯" button. */
export const ACTIONS_WIDTH = 48;

/** The actions a caller may use at all: the permission filter, in declared order. */
export function allowedActions<R extends Row>(
  actions: readonly RowAction<R>[],
  tree: Parameters<typeof allowsButton>[0],
): RowAction<R>[] {
  return actions.filter((a) => allowsButton(tree, a.permission));
}

/** A row's menu: the actions visible for it, primary ones first, each group in declared order. */
export function rowMenuActions<R extends Row>(actions: readonly RowAction<R>[], row: R): RowAction<R>[] {
  const shown = actions.filter((a) => !a.visible || a.visible(row));
  return [...shown.filter((a) => a.primary), ...shown.filter((a) => !a.primary)];
}

/**
 * A row's "⋯" menu. The button is out of the tab order (the table is one tab stop): the keyboard
 * reaches it with → from the row, or opens it with Shift+F10 / the menu key; Escape closes it and
 * focus goes back to the button. Clicks stay in the cell (they do not open the row).
 */
export function RowActions<R extends Row>({
  actions,
  row,
  label,
}: {
  actions: readonly RowAction<R>[];
  row: R;
  label: string;
}) {
  const menu = rowMenuActions(actions, row);
  // The menu (a popover with its positioning and listeners) is mounted on the first open only: a
  // table of hundreds of rows otherwise attaches one per row as it renders (issue 31, the trips page).
  const [armed, setArmed] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  // Armed: the menu's own button takes the focus, then the menu opens, so Escape gives it back.
  useEffect(() => {
    if (!armed) return;
    target.current?.focus();
    setOpened(true);
  }, [armed]);
  if (!menu.length) return null;
  const button = (
    <ActionIcon
      size="md"
      variant="subtle"
      color="gray"
      tabIndex={-1}
      aria-label={`Actions: ${label}`}
      aria-haspopup="menu"
      title="Actions"
      data-testid="row-more"
      ref={target}
      {...(armed ? {} : { onClick: () => setArmed(true) })}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
  if (!armed) return <Box data-row-actions>{button}</Box>;
  return (
    <Box data-row-actions>
      <Menu position="bottom-end" withinPortal shadow="md" returnFocus loop opened={opened} onChange={setOpened}>
        <Menu.Target>{button}</Menu.Target>
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
    </Box>
  );
}
