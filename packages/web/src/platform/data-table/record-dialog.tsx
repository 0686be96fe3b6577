import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { z } from 'zod';
import { showAlert } from '../alerts-store';
import { api } from '../api-client';
import { ApiError } from '../api-errors';
import { toFormErrors, zodValidator } from '../form-validation';

export type RecordField<V> = { name: keyof V & string; label: string; required?: boolean; placeholder?: string };

type Props<V extends Record<string, string>> = {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** The shared contract's form schema: the same rules as the server, messages next to fields. */
  schema: z.ZodType;
  fields: RecordField<V>[];
  initial: V;
  /** Where the form posts (create or edit). */
  url: string;
  onSaved: () => void;
};

/** A create or edit dialog of plain text fields, validated by the module contract's zod schema. */
export function RecordDialog<V extends Record<string, string>>(props: Props<V>) {
  const form = useForm<V>({ initialValues: props.initial, validate: zodValidator(props.schema) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens on a record
  useEffect(() => {
    if (props.opened) {
      form.setValues(props.initial);
      form.resetDirty(props.initial);
      form.clearErrors();
    }
  }, [props.opened, props.initial]);

  const submit = form.onSubmit(async (values) => {
    try {
      const res = await api.post<{ message: string }>(props.url, values);
      showAlert('success', res.message);
      props.onSaved();
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) form.setErrors(toFormErrors(err.fieldErrors));
    }
  });

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <form onSubmit={submit} noValidate data-testid="record-dialog">
        <Stack gap="sm">
          {props.fields.map((f) => (
            <TextInput
              key={f.name}
              label={f.label}
              withAsterisk={f.required}
              placeholder={f.placeholder}
              data-testid={`field-${f.name}`}
              {...form.getInputProps(f.name)}
            />
          ))}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" data-testid="record-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
