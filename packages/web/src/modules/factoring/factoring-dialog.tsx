import {
  type FactoringEditResponse,
  FactoringEditResponseSchema,
  FactoringFormSchema,
  FactoringSaveResponseSchema,
  PAYMENT_TYPES,
} from '@backhaul/shared/modules/factoring/factoring.contract';
import {
  ActionIcon,
  Button,
  Divider,
  Fieldset,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowBackUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../platform/api-client';
import { RecordDialogFooter } from '../../platform/data-table/record-dialog-footer';
import { saveRecord } from '../../platform/data-table/save-record';
import { zodValidator } from '../../platform/form-validation';

type Values = {
  name: string;
  phone: string;
  fax: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  percent: string;
  payment_type: string;
  new_notes: string[];
  remove_notes: number[];
};

const EMPTY: Values = {
  name: '',
  phone: '',
  fax: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  percent: '',
  payment_type: '',
  new_notes: [],
  remove_notes: [],
};

function toValues(data: FactoringEditResponse | undefined): Values {
  if (!data) return EMPTY;
  const f = data.factoring;
  return {
    name: f.name,
    phone: f.phone ?? '',
    fax: f.fax ?? '',
    email: f.email ?? '',
    address: f.address ?? '',
    city: f.city ?? '',
    state: f.state ?? '',
    zip: f.zip ?? '',
    percent: String(f.percent),
    payment_type: f.payment_type ?? '',
    new_notes: [],
    remove_notes: [],
  };
}

type Props = { id: number | null; opened: boolean; readOnly: boolean; onClose: () => void; onSaved: () => void };

/** Create (POST /factoring) or edit (PUT /factoring/:id) a factoring company with its notes. */
export function FactoringDialog({ id, opened, readOnly, onClose, onSaved }: Props) {
  const query = useQuery({
    queryKey: ['factoring-edit', id],
    queryFn: () => api.get(`/factoring/${id}/edit`, { schema: FactoringEditResponseSchema }),
    enabled: opened && id !== null,
    staleTime: 0,
  });
  const form = useForm<Values>({ initialValues: EMPTY, validate: zodValidator(FactoringFormSchema) });
  const [note, setNote] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on a record
  useEffect(() => {
    if (!opened) return;
    form.setValues(toValues(id ? query.data : undefined));
    form.resetDirty();
    form.clearErrors();
    setNote('');
  }, [opened, id, query.data]);

  const submit = form.onSubmit((values) =>
    saveRecord(form, {
      save: () =>
        id
          ? api.put(`/factoring/${id}`, values, { schema: FactoringSaveResponseSchema })
          : api.post('/factoring', values, { schema: FactoringSaveResponseSchema }),
      onSaved,
      onClose,
    }),
  );

  const toggleNote = (noteId: number) => {
    const list = form.values.remove_notes;
    form.setFieldValue('remove_notes', list.includes(noteId) ? list.filter((n) => n !== noteId) : [...list, noteId]);
  };
  const addNote = () => {
    const text = note.trim();
    if (text && !form.values.new_notes.includes(text)) form.insertListItem('new_notes', text);
    setNote('');
  };

  const title = id ? `${readOnly ? 'Factoring company' : 'Edit factoring company'} #${id}` : 'New factoring company';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      {id !== null && !query.data ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <form onSubmit={submit} noValidate data-testid="factoring-dialog">
          <Fieldset variant="unstyled" disabled={readOnly}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Name" withAsterisk data-testid="field-name" {...form.getInputProps('name')} />
                <TextInput label="E-mail" {...form.getInputProps('email')} />
                <TextInput label="Phone" placeholder="(312) 555-0100" {...form.getInputProps('phone')} />
                <TextInput label="Fax" {...form.getInputProps('fax')} />
                <TextInput label="Address" {...form.getInputProps('address')} />
                <TextInput label="City" {...form.getInputProps('city')} />
                <Group grow gap="xs" align="flex-start">
                  <TextInput label="State" placeholder="TX" {...form.getInputProps('state')} />
                  <TextInput label="Zip" {...form.getInputProps('zip')} />
                </Group>
                <Group grow gap="xs" align="flex-start">
                  <TextInput
                    label="Percent"
                    rightSection="%"
                    data-testid="field-percent"
                    {...form.getInputProps('percent')}
                  />
                  <Select
                    label="Payment type"
                    data={query.data?.payment_type ?? [...PAYMENT_TYPES]}
                    clearable
                    {...form.getInputProps('payment_type')}
                    onChange={(v) => form.setFieldValue('payment_type', v ?? '')}
                    value={form.values.payment_type || null}
                  />
                </Group>
              </SimpleGrid>
              <Divider label="Notes" labelPosition="left" />
              {(query.data?.notes_rows ?? []).map((n) => {
                const dropped = form.values.remove_notes.includes(n.id);
                return (
                  <Group key={n.id} justify="space-between" wrap="nowrap" data-testid="note-row">
                    <Stack gap={0}>
                      <Text size="sm" td={dropped ? 'line-through' : undefined} c={dropped ? 'dimmed' : undefined}>
                        {n.text}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[n.created_by, new Date(n.created_at).toLocaleDateString('en-US')].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                    {!readOnly && (
                      <ActionIcon
                        variant="subtle"
                        color={dropped ? 'gray' : 'red'}
                        aria-label={dropped ? 'Keep note' : 'Remove note'}
                        onClick={() => toggleNote(n.id)}
                      >
                        {dropped ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                      </ActionIcon>
                    )}
                  </Group>
                );
              })}
              {form.values.new_notes.map((text, i) => (
                <Group key={text} justify="space-between" wrap="nowrap">
                  <Text size="sm" c="teal">
                    {text}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label="Remove new note"
                    onClick={() => form.removeListItem('new_notes', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              {!readOnly && (
                <Group align="flex-end" wrap="nowrap">
                  <Textarea
                    style={{ flex: 1 }}
                    label="New note"
                    autosize
                    minRows={1}
                    value={note}
                    onChange={(e) => setNote(e.currentTarget.value)}
                  />
                  <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addNote}>
                    Add
                  </Button>
                </Group>
              )}
            </Stack>
          </Fieldset>
          <RecordDialogFooter onClose={onClose} readOnly={readOnly} mt="md" />
        </form>
      )}
    </Modal>
  );
}
