import { ACTION } from '@backhaul/shared';
import { Group, Stack, Title } from '@mantine/core';
import { IconEye, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ChangeLogDialog } from './change-log-dialog';
import type { Row, RowAction } from './data-table';
import { allowsButton, type ButtonPermission, usePermissionTree } from './permissions';
import type { ToolbarActions } from './table-toolbar';
import { useRecordActions } from './use-record-actions';

/** Which record the page's dialog shows: null = closed, id null = a new one, readOnly for view-only holders. */
export type Editing = { id: number | null; readOnly: boolean } | null;

/**
 * The row actions and dialog state every registry page shares (001 §6 / 000 §6):
 * - the toolbar's create button when the caller holds 8;
 * - Edit (9), or for view-only holders an eye "View" (10) opening the dialog read-only — or, with
 *   `view`, an eye of its own (e.g. the customer card) next to Edit;
 * - "Actions history" (9 and 10) when `onHistory` is given;
 * - Delete (11) behind useRecordActions' confirmation.
 * Without `section` the buttons are shown to everyone and the server decides (leads); with
 * `guardRows: false` the section only decides the create button (users).
 */
export function useRegistryActions<R extends Row>(opts: {
  section?: number;
  guardRows?: boolean;
  rowId: (row: R) => number;
  deleteUrl: (id: number | string) => string;
  describe: (id: number | string) => string;
  view?: { label: string; onClick: (row: R) => void };
  /** A per-row rule for Edit, told whether the caller holds 9 (users: one's own row is always editable). */
  editVisible?: (row: R, canEdit: boolean) => boolean;
  onHistory?: (row: R) => void;
  /** The row's Actions history in the shared ChangeLogDialog (…/filterLogs filtered on the row). */
  changeLog?: { url: string; title: (row: R | null) => string };
  /** Toolbar buttons besides create (default: export). */
  toolbar?: ToolbarActions;
  /** The actions that guard the buttons where a section offers others (e.g. Settings: edit 9 for every write). */
  actions?: Partial<Record<'create' | 'edit' | 'view' | 'delete', number>>;
  /** The delete's alerts where the area has its own, or 'server' for the server's answer. */
  deleteMessages?: { success: string; error: string } | 'server';
  /** "Make inactive instead" of a delete refused for what holds the record: its existing update, and how inactive reads. */
  deactivate?: { update: (id: number) => Promise<unknown>; as?: string };
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const [logOf, setLogOf] = useState<R | null>(null);
  const onHistory = opts.onHistory ?? (opts.changeLog ? setLogOf : undefined);
  const tree = usePermissionTree();
  const { deactivate } = opts;
  const { refreshKey, refresh, askDelete, deleteDialog } = useRecordActions({
    deleteUrl: opts.deleteUrl,
    describe: opts.describe,
    ...(opts.deleteMessages ? { messages: opts.deleteMessages } : {}),
    ...(deactivate
      ? { deactivate: { ...deactivate, update: (id: number | string) => deactivate.update(Number(id)) } }
      : {}),
  });
  const act = { create: ACTION.CREATE, edit: ACTION.EDIT, view: ACTION.VIEW, delete: ACTION.DELETE, ...opts.actions };
  const { section, rowId } = opts;
  const guard = opts.guardRows ?? true;
  const can = (ids: number[], match?: 'all'): ButtonPermission | undefined =>
    section === undefined ? undefined : { section, ids, ...(match ? { match } : {}) };
  const rowCan = (ids: number[], match?: 'all') => (guard ? can(ids, match) : undefined);
  const allowed = (ids: number[]) => section === undefined || allowsButton(tree, can(ids));
  const canEdit = allowed([act.edit]);
  const open = (id: number | null, readOnly = false) => setEditing({ id, readOnly });
  const withPermission = (permission: ButtonPermission | undefined) => (permission ? { permission } : {});

  const edit: RowAction<R> = {
    id: 'edit',
    label: 'Edit',
    icon: <IconPencil size={16} />,
    ...withPermission(rowCan([act.edit])),
    ...(opts.editVisible ? { visible: (r: R) => opts.editVisible?.(r, canEdit) ?? true } : {}),
    onClick: (r) => open(rowId(r)),
  };
  const view: RowAction<R> = {
    id: 'view',
    label: opts.view?.label ?? 'View',
    icon: <IconEye size={16} />,
    ...withPermission(rowCan([act.view])),
    onClick: opts.view?.onClick ?? ((r) => open(rowId(r), true)),
  };
  const actions: RowAction<R>[] = [
    ...(opts.view ? [view, edit] : [canEdit || !guard ? edit : view]),
    ...(onHistory
      ? [
          {
            id: 'history',
            label: 'Actions history',
            icon: <IconHistory size={16} />,
            ...withPermission(rowCan([act.edit, act.view], 'all')),
            onClick: onHistory,
          },
        ]
      : []),
    {
      id: 'delete',
      label: 'Delete',
      icon: <IconTrash size={16} />,
      color: 'red',
      ...withPermission(rowCan([act.delete])),
      onClick: (r) => askDelete(rowId(r)),
    },
  ];
  const toolbar: ToolbarActions = {
    ...(opts.toolbar ?? { export: true }),
    ...(allowed([act.create]) ? { create: () => open(null) } : {}),
  };
  /** Props of the page's record dialog (id, opened, readOnly, onClose, onSaved). */
  const dialog = {
    id: editing?.id ?? null,
    opened: editing !== null,
    readOnly: editing?.readOnly ?? false,
    onClose: () => setEditing(null),
    // The row saved stays in view though the filters may now hide it (a work order saved as Closed).
    onSaved: (answer?: unknown) => refresh(editing?.id ?? answer),
  };
  /** The change-log dialog (when `changeLog` is given) and the delete confirmation. */
  const dialogs: ReactNode = (
    <>
      {opts.changeLog && (
        <ChangeLogDialog
          url={opts.changeLog.url}
          id={logOf ? rowId(logOf) : null}
          title={opts.changeLog.title(logOf)}
          onClose={() => setLogOf(null)}
        />
      )}
      {deleteDialog}
    </>
  );
  return { actions, toolbar, editing, canEdit, dialog, refreshKey, refresh, dialogs };
}

/** A registry page's frame: the title (with an optional button beside it) above its table and dialogs. */
export function RegistryPage(props: { testId: string; title: ReactNode; aside?: ReactNode; children: ReactNode }) {
  const title = <Title order={2}>{props.title}</Title>;
  return (
    <Stack gap="sm" data-testid={props.testId}>
      {props.aside !== undefined ? (
        <Group justify="space-between">
          {title}
          {props.aside}
        </Group>
      ) : (
        title
      )}
      {props.children}
    </Stack>
  );
}
