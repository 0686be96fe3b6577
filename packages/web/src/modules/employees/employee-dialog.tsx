import { MSG } from '@backhaul/shared';
import { formatPhone } from '@backhaul/shared/formats/formats';
import {
  EMPTY_EMPLOYEE_FORM,
  type EmployeeDocument,
  type EmployeeEditResponse,
  type EmployeeForm,
  EmployeeFormSchema,
  type EmployeeOptions,
  type InventoryItem,
} from '@backhaul/shared/modules/employees/employees.contract';
import {
  ActionIcon,
  Anchor,
  Autocomplete,
  Button,
  Divider,
  FileButton,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { RecordDialogFooter } from '../../platform/data-table/record-dialog-footer';
import { saveRecord } from '../../platform/data-table/save-record';
import { useRecordForm } from '../../platform/data-table/use-record-form';
import { downloadLink } from '../../platform/services/download';
import { UPLOAD_ACCEPT, uploadFile, uploadProblem } from '../../platform/services/files.api';

type Props = { id: number | null; opened: boolean; readOnly: boolean; onClose: () => void; onSaved: () => void };
type Loaded = EmployeeOptions & Partial<Pick<EmployeeEditResponse, 'employee' | 'inventory' | 'documents'>>;

const NEW_ITEM: InventoryItem = { item: '', serial: '', issued_on: '', returned_on: '', notes: '' };

function toForm(data: Loaded): EmployeeForm {
  if (!data.employee) return EMPTY_EMPLOYEE_FORM;
  const { id: _id, ...employee } = data.employee;
  const inventory = (data.inventory ?? []).map((i) => ({
    id: i.id,
    item: i.item,
    serial: i.serial ?? '',
    issued_on: i.issued_on ?? '',
    returned_on: i.returned_on ?? '',
    notes: i.notes ?? '',
  }));
  return { ...employee, phone: formatPhone(employee.phone), phone2: formatPhone(employee.phone2), inventory };
}

/** Create or edit an employee with its inventory and documents; read-only for view-only holders. */
export function EmployeeDialog({ id, opened, readOnly, onClose, onSaved }: Props) {
  const queryClient = useQueryClient();
  const [documents, setDocuments] = useState<EmployeeDocument[]>([]);
  const { data, form } = useRecordForm<EmployeeForm, Loaded>({
    queryKey: ['employee', id],
    opened,
    load: () => (id ? api.get<EmployeeEditResponse>(`/employees/${id}/edit`) : api.get<Loaded>('/employees/create')),
    initialValues: EMPTY_EMPLOYEE_FORM,
    schema: EmployeeFormSchema,
    toValues: toForm,
    onLoad: (loaded) => setDocuments(loaded.documents ?? []),
  });

  const submit = form.onSubmit((values) =>
    saveRecord(form, {
      save: () =>
        id
          ? api.put<{ message: string }>(`/employees/${id}`, values)
          : api.post<{ message: string }>('/employees', values),
      afterAlert: () => queryClient.invalidateQueries({ queryKey: ['employee'] }),
      onSaved,
      onClose,
    }),
  );

  const removeItem = async (index: number) => {
    const itemId = form.values.inventory?.[index]?.id;
    if (id && itemId) {
      try {
        const res = await api.delete<{ message: string }>(`/employees/${id}/inventory`, { body: { ids: [itemId] } });
        showAlert('success', res.message);
      } catch {
        return;
      }
    }
    form.removeListItem('inventory', index);
  };

  const upload = async (file: File | null) => {
    if (!file || !id) return;
    const problem = uploadProblem(file.name);
    if (problem) return showAlert('error', problem);
    try {
      const stored = await uploadFile({ entity: 'employees', entityId: id, file, category: 'document' });
      setDocuments((d) => [{ ...stored }, ...d]);
    } catch (err) {
      showAlert('error', err instanceof Error ? err.message : MSG.savingError);
    }
  };

  const removeDocument = async (docId: number) => {
    try {
      await api.delete(`/info/documents/${docId}`, { silent: true });
      setDocuments((d) => d.filter((x) => x.id !== docId));
      showAlert('success', MSG.removalSuccess);
    } catch {
      showAlert('error', MSG.deletionError);
    }
  };

  const options = (values: string[] | undefined) => [...new Set(values ?? [])];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={readOnly ? 'Employee' : id ? 'Edit employee' : 'New employee'}
      size="xl"
      centered
    >
      {!data ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <form onSubmit={submit} noValidate data-testid="employee-dialog">
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack gap="sm">
              <SimpleGrid cols={3} spacing="sm">
                <TextInput label="Name" withAsterisk data-testid="field-name" {...form.getInputProps('name')} />
                <Autocomplete label="Company" data={options(data.companies)} {...form.getInputProps('company')} />
                <Select
                  label="Department"
                  clearable={!readOnly}
                  data={data.departments.map((d) => ({ value: String(d.id), label: d.name }))}
                  value={form.values.department_id ? String(form.values.department_id) : null}
                  onChange={(v) => form.setFieldValue('department_id', v ? Number(v) : null)}
                  error={form.errors.department_id}
                />
                <Autocomplete label="Office" data={options(data.offices)} {...form.getInputProps('office')} />
                <TextInput label="Position" {...form.getInputProps('position')} />
                <TextInput label="E-mail" {...form.getInputProps('email')} />
                <TextInput label="Phone" placeholder="(214) 555-0100" {...form.getInputProps('phone')} />
                <TextInput label="Phone 2" {...form.getInputProps('phone2')} />
                <TextInput label="Hired" type="date" {...form.getInputProps('hired_on')} />
                <Switch label="Active" mt="lg" {...form.getInputProps('active', { type: 'checkbox' })} />
              </SimpleGrid>

              <Divider label="Inventory" labelPosition="left" />
              <Table withRowBorders={false} verticalSpacing={4} data-testid="inventory">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Serial</Table.Th>
                    <Table.Th>Issued</Table.Th>
                    <Table.Th>Returned</Table.Th>
                    <Table.Th>Notes</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(form.values.inventory ?? []).map((item, i) => (
                    <Table.Tr key={item.id ?? `new-${i}`} data-testid="inventory-row">
                      <Table.Td>
                        <TextInput size="xs" aria-label="Item" {...form.getInputProps(`inventory.${i}.item`)} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput size="xs" aria-label="Serial" {...form.getInputProps(`inventory.${i}.serial`)} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          type="date"
                          aria-label="Issued"
                          {...form.getInputProps(`inventory.${i}.issued_on`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          type="date"
                          aria-label="Returned"
                          {...form.getInputProps(`inventory.${i}.returned_on`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput size="xs" aria-label="Notes" {...form.getInputProps(`inventory.${i}.notes`)} />
                      </Table.Td>
                      <Table.Td>
                        {!readOnly && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label="Remove item"
                            onClick={() => removeItem(i)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {(form.values.inventory ?? []).length === 0 && (
                <Text size="sm" c="dimmed">
                  No inventory issued.
                </Text>
              )}
              {!readOnly && (
                <Group>
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => form.insertListItem('inventory', { ...NEW_ITEM })}
                    data-testid="inventory-add"
                  >
                    Add item
                  </Button>
                </Group>
              )}

              {id !== null && (
                <>
                  <Divider label="Documents" labelPosition="left" />
                  {documents.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No documents.
                    </Text>
                  )}
                  {documents.map((d) => (
                    <Group key={d.id} justify="space-between" data-testid="document-row">
                      <Anchor size="sm" component="button" type="button" onClick={() => downloadLink(d.url)}>
                        {d.name}
                      </Anchor>
                      {!readOnly && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label="Delete document"
                          onClick={() => removeDocument(d.id)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  ))}
                  {!readOnly && (
                    <FileButton onChange={upload} accept={UPLOAD_ACCEPT}>
                      {(props) => (
                        <Button
                          {...props}
                          variant="light"
                          size="xs"
                          leftSection={<IconUpload size={14} />}
                          w="fit-content"
                        >
                          Upload document
                        </Button>
                      )}
                    </FileButton>
                  )}
                </>
              )}
            </Stack>
          </fieldset>
          <RecordDialogFooter onClose={onClose} readOnly={readOnly} mt="md" />
        </form>
      )}
    </Modal>
  );
}
