import { ACTION, MSG, SECTION } from '@backhaul/shared';
import {
  type CustomerCard,
  CustomerFormSchema,
  CustomerSaveResponseSchema,
} from '@backhaul/shared/modules/customers/customers.contract';
import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  FileButton,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowBackUp, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { ApiError } from '../../platform/api-errors';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { RecordDialogFooter } from '../../platform/data-table/record-dialog-footer';
import { toFormErrors, zodValidator } from '../../platform/form-validation';
import { downloadLink } from '../../platform/services/download';
import { UPLOAD_ACCEPT, uploadFile, uploadProblem } from '../../platform/services/files.api';
import { useCustomerCard, useCustomerFormOptions } from './customers.api';

type Values = {
  name: string;
  email: string;
  phone: string;
  mc_number: string;
  dot_number: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  sale_manager_id: string;
  factoring_company_id: string;
  frozen: string;
  services: string[];
  find_us: string;
  exceptions: string[];
};

const EMPTY: Values = {
  name: '',
  email: '',
  phone: '',
  mc_number: '',
  dot_number: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  sale_manager_id: '',
  factoring_company_id: '',
  frozen: '0',
  services: [],
  find_us: '',
  exceptions: [],
};

function toValues(card: CustomerCard | undefined): Values {
  if (!card) return EMPTY;
  const c = card.customer;
  return {
    name: c.name,
    email: c.email ?? '',
    phone: c.phone ?? '',
    mc_number: c.mc_number ?? '',
    dot_number: c.dot_number ?? '',
    address: c.address ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    zip: c.zip ?? '',
    sale_manager_id: c.sale_manager_id ? String(c.sale_manager_id) : '',
    factoring_company_id: c.factoring_company_id ? String(c.factoring_company_id) : '',
    frozen: String(c.frozen),
    services: c.services_list,
    find_us: c.find_us ?? '',
    exceptions: [],
  };
}

const toggle = (set: Set<number>, id: number) => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

type Props = { id: number | null; opened: boolean; onClose: () => void; onSaved: () => void };

/**
 * Create or edit a customer (POST /customers/create or /customers/update keyed by division_id).
 * Exceptions and files marked for deletion are drafts, sent on save (001 §4).
 */
export function CustomerDialog({ id, opened, onClose, onSaved }: Props) {
  const queryClient = useQueryClient();
  const tree = usePermissionTree();
  const options = useCustomerFormOptions(opened);
  const card = useCustomerCard(opened ? id : null);
  const form = useForm<Values>({ initialValues: EMPTY, validate: zodValidator(CustomerFormSchema) });
  const [dropExceptions, setDropExceptions] = useState<Set<number>>(new Set());
  const [dropFiles, setDropFiles] = useState<Set<number>>(new Set());
  const [newException, setNewException] = useState('');
  const [saving, setSaving] = useState(false);
  const canDeleteFiles = allowsButton(tree, { section: SECTION.Customers, ids: [ACTION.FILE_DELETE, ACTION.DELETE] });
  const canUpload = allowsButton(tree, { section: SECTION.Customers, ids: [ACTION.FILE_UPLOAD, ACTION.EDIT] });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on a record
  useEffect(() => {
    if (!opened) return;
    form.setValues(toValues(id ? card.data : undefined));
    form.resetDirty();
    form.clearErrors();
    setDropExceptions(new Set());
    setDropFiles(new Set());
    setNewException('');
  }, [opened, id, card.data]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const res = id
        ? await api.post('/customers/update', { ...values, division_id: id }, { schema: CustomerSaveResponseSchema })
        : await api.post('/customers/create', values, { schema: CustomerSaveResponseSchema });
      if (dropExceptions.size) await api.post('/customers/deleteExceptions', { ids: [...dropExceptions] });
      if (dropFiles.size) await api.post('/customers/deleteFail', { ids: [...dropFiles] });
      showAlert('success', res.message);
      await queryClient.invalidateQueries({ queryKey: ['customer-card'] });
      await queryClient.invalidateQueries({ queryKey: ['getCustomers'] });
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) form.setErrors(toFormErrors(err.fieldErrors));
    } finally {
      setSaving(false);
    }
  });

  const upload = async (file: File | null) => {
    if (!file || !id) return;
    const problem = uploadProblem(file.name);
    if (problem) return showAlert('error', problem);
    try {
      await uploadFile({ entity: 'customers', entityId: id, file });
      await card.refetch();
    } catch (err) {
      showAlert('error', err instanceof Error ? err.message : MSG.savingError);
    }
  };

  const addException = () => {
    const text = newException.trim();
    if (text && !form.values.exceptions.includes(text)) form.insertListItem('exceptions', text);
    setNewException('');
  };

  const opts = options.data;
  const loading = !opts || (id !== null && !card.data);
  const select = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: String(o.id), label: o.name }));

  return (
    <Modal opened={opened} onClose={onClose} title={id ? `Edit customer #${id}` : 'New customer'} size="xl" centered>
      {loading ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <form onSubmit={submit} noValidate data-testid="customer-dialog">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label="Name" withAsterisk data-testid="field-name" {...form.getInputProps('name')} />
              <TextInput label="E-mail" data-testid="field-email" {...form.getInputProps('email')} />
              <TextInput label="Phone" placeholder="(312) 555-0100" {...form.getInputProps('phone')} />
              <TextInput label="MC number" {...form.getInputProps('mc_number')} />
              <TextInput label="DOT number" {...form.getInputProps('dot_number')} />
              <Select
                label="Frozen"
                data={opts.frozen.map((o) => ({ value: String(o.id), label: o.name }))}
                allowDeselect={false}
                data-testid="field-frozen"
                {...form.getInputProps('frozen')}
              />
              <TextInput label="Address" {...form.getInputProps('address')} />
              <TextInput label="City" {...form.getInputProps('city')} />
              <Group grow gap="xs" align="flex-start">
                <TextInput label="State" placeholder="TX" {...form.getInputProps('state')} />
                <TextInput label="Zip" {...form.getInputProps('zip')} />
              </Group>
              <Select
                label="Sale manager"
                data={select(opts.sale_managers)}
                clearable
                searchable
                {...form.getInputProps('sale_manager_id')}
                onChange={(v) => form.setFieldValue('sale_manager_id', v ?? '')}
                value={form.values.sale_manager_id || null}
              />
              <Select
                label="Factoring company"
                data={select(opts.factoring_companies)}
                clearable
                searchable
                {...form.getInputProps('factoring_company_id')}
                onChange={(v) => form.setFieldValue('factoring_company_id', v ?? '')}
                value={form.values.factoring_company_id || null}
              />
              <Select
                label="Find us"
                data={opts.find_us}
                clearable
                {...form.getInputProps('find_us')}
                onChange={(v) => form.setFieldValue('find_us', v ?? '')}
                value={form.values.find_us || null}
              />
            </SimpleGrid>
            <MultiSelect label="Services" data={opts.services} {...form.getInputProps('services')} />

            <Divider label="Exceptions" labelPosition="left" />
            {(card.data?.exceptions ?? []).map((e) => {
              const dropped = dropExceptions.has(e.id);
              return (
                <Group key={e.id} justify="space-between" wrap="nowrap" data-testid="exception-row">
                  <Text size="sm" td={dropped ? 'line-through' : undefined} c={dropped ? 'dimmed' : undefined}>
                    {e.text}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color={dropped ? 'gray' : 'red'}
                    aria-label={dropped ? 'Keep exception' : 'Delete exception'}
                    onClick={() => setDropExceptions((s) => toggle(s, e.id))}
                  >
                    {dropped ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                  </ActionIcon>
                </Group>
              );
            })}
            {form.values.exceptions.map((text, i) => (
              <Group key={text} justify="space-between" wrap="nowrap">
                <Text size="sm" c="teal">
                  {text}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label="Remove new exception"
                  onClick={() => form.removeListItem('exceptions', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group align="flex-end" wrap="nowrap">
              <Textarea
                style={{ flex: 1 }}
                label="New exception"
                autosize
                minRows={1}
                value={newException}
                onChange={(e) => setNewException(e.currentTarget.value)}
                error={form.errors['exceptions.0']}
              />
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addException}>
                Add
              </Button>
            </Group>

            {id !== null && (
              <>
                <Divider label="Files" labelPosition="left" />
                {(card.data?.files ?? []).map((f) => {
                  const dropped = dropFiles.has(f.id);
                  return (
                    <Group key={f.id} justify="space-between" wrap="nowrap">
                      <Anchor size="sm" td={dropped ? 'line-through' : undefined} onClick={() => downloadLink(f.url)}>
                        {f.name}
                      </Anchor>
                      {canDeleteFiles && (
                        <ActionIcon
                          variant="subtle"
                          color={dropped ? 'gray' : 'red'}
                          aria-label={dropped ? 'Keep file' : 'Delete file'}
                          onClick={() => setDropFiles((s) => toggle(s, f.id))}
                        >
                          {dropped ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                        </ActionIcon>
                      )}
                    </Group>
                  );
                })}
                {canUpload && (
                  <FileButton onChange={upload} accept={UPLOAD_ACCEPT}>
                    {(props) => (
                      <Button
                        {...props}
                        variant="default"
                        size="xs"
                        leftSection={<IconUpload size={14} />}
                        w="fit-content"
                      >
                        Upload file
                      </Button>
                    )}
                  </FileButton>
                )}
              </>
            )}

            <RecordDialogFooter onClose={onClose} loading={saving} mt="sm" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
