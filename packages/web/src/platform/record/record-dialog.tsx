import { ACTION } from '@backhaul/shared';
import { Button, Group, Loader, type MantineSpacing, Modal, type ModalProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { allowsButton, usePermissionTree } from '../data-table/permissions';
import type { RecordApi } from './record-api';
import { type AnyForm, RecordFields } from './record-fields';
import { useRecordDialog } from './use-record-dialog';

/** What a registry page hands its dialog (useRegistryActions' `dialog`). */
export type RecordDialogProps = {
  id: number | null;
  opened: boolean;
  readOnly?: boolean;
  onClose: () => void;
  onSaved: () => void;
};

/** Save with the form's submit, Cancel — or Close alone when the dialog is read-only. */
export function RecordDialogFooter(props: {
  onClose: () => void;
  readOnly?: boolean;
  loading?: boolean;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" mt={props.mt ?? 'md'}>
      <Button variant="default" onClick={props.onClose}>
        {props.readOnly ? 'Close' : 'Cancel'}
      </Button>
      {!props.readOnly && (
        <Button type="submit" loading={props.loading} data-testid="record-save">
          Save
        </Button>
      )}
    </Group>
  );
}

/** A dialog frame with the loader while its record loads. */
export function RecordModal(props: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  loading: boolean;
  size?: ModalProps['size'];
  children: ReactNode;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size={props.size ?? 'md'} centered>
      {props.loading ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        props.children
      )}
    </Modal>
  );
}

/**
 * A create / edit / view dialog built from the contract: the fields its form schema declares
 * (`field(...)`), loaded on open, validated by the same schema, saved through the module's
 * record api. Read-only (Close, no Save) when the caller holds view but not edit (9) on `section`.
 */
export function RecordDialog<V extends Record<string, unknown>, L, S extends { message: string }>(
  props: RecordDialogProps & {
    api: RecordApi<L, S>;
    schema: z.ZodType;
    empty: V;
    title: { create: string; edit: string; view?: string };
    section?: number;
    /** Where the record sits in the loaded answer (default: the answer itself). */
    recordOf?: (data: L) => unknown;
    fields?: readonly string[];
    cols?: number;
    size?: ModalProps['size'];
    testId?: string;
    /** Sections below the fields (e.g. a list of children). */
    children?: (ctx: { form: AnyForm; data: L | undefined; readOnly: boolean }) => ReactNode;
  },
) {
  const tree = usePermissionTree();
  const canEdit = props.section === undefined || allowsButton(tree, { section: props.section, ids: [ACTION.EDIT] });
  const readOnly = props.readOnly ?? (props.id !== null && !canEdit);
  const { form, data, loading, saving, submit } = useRecordDialog({
    api: props.api,
    id: props.id,
    opened: props.opened,
    schema: props.schema,
    empty: props.empty,
    ...(props.recordOf ? { recordOf: props.recordOf } : {}),
    onSaved: props.onSaved,
    onClose: props.onClose,
  });
  const title =
    props.id === null ? props.title.create : readOnly ? (props.title.view ?? props.title.edit) : props.title.edit;
  return (
    <RecordModal
      opened={props.opened}
      onClose={props.onClose}
      title={title}
      loading={loading}
      size={props.size ?? ((props.cols ?? 1) > 1 ? 'lg' : 'md')}
    >
      <form onSubmit={submit} noValidate data-testid={props.testId ?? 'record-dialog'}>
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <RecordFields
              schema={props.schema}
              form={form}
              data={data}
              cols={props.cols}
              {...(props.fields ? { only: props.fields } : {})}
            />
            {props.children?.({ form, data, readOnly })}
          </Stack>
        </fieldset>
        <RecordDialogFooter onClose={props.onClose} readOnly={readOnly} loading={saving} />
      </form>
    </RecordModal>
  );
}
