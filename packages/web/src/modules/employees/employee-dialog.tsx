import { ACTION, MSG } from '@backhaul/shared';
import {
  EMPTY_EMPLOYEE_FORM,
  type EmployeeDocument,
  EmployeeFormSchema,
  type InventoryItem,
} from '@backhaul/shared/modules/employees/employees.contract';
import { SALARY_SECTIONS } from '@backhaul/shared/modules/salaries/salaries.contract';
import {
  ActionIcon,
  Anchor,
  Autocomplete,
  Button,
  FileButton,
  Group,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DateField } from '../../platform/forms/date-field';
import { RecordDialogFooter, type RecordDialogProps, RecordModal } from '../../platform/record/record-dialog';
import { RecordFields, valuesFrom } from '../../platform/record/record-fields';
import { useRecordDialog } from '../../platform/record/use-record-dialog';
import { downloadLink } from '../../platform/services/download';
import { UPLOAD_ACCEPT, uploadFile, uploadProblem } from '../../platform/services/files.api';
import { PayHistoryPanel } from '../salaries';
import { employeesApi, removeInventory } from './employees.api';

const NEW_ITEM: InventoryItem = { item: '', serial: '', issued_on: '', returned_on: '', notes: '' };
const ITEM_COLUMNS = [
  { key: 'item', label: 'Item' },
  { key: 'serial', label: 'Serial' },
  { key: 'issued_on', label: 'Issued', date: true },
  { key: 'returned_on', label: 'Returned', date: true },
  { key: 'notes', label: 'Notes' },
] as const;

/** Create or edit an employee with its inventory and documents; read-only for view-only holders. */
export function EmployeeDialog({ id, opened, readOnly = false, onClose, onSaved }: RecordDialogProps) {
  const [documents, setDocuments] = useState<EmployeeDocument[]>([]);
  const { form, data, loading, saving, submit } = useRecordDialog({
    api: employeesApi,
    id,
    opened,
    schema: EmployeeFormSchema,
    empty: EMPTY_EMPLOYEE_FORM,
    toValues: (loaded) => ({
      ...valuesFrom(EmployeeFormSchema, loaded.employee, EMPTY_EMPLOYEE_FORM),
      inventory: (loaded.inventory ?? []).map((i) => ({
        id: i.id,
        item: i.item,
        serial: i.serial ?? '',
        issued_on: i.issued_on ?? '',
        returned_on: i.returned_on ?? '',
        notes: i.notes ?? '',
      })),
    }),
    onLoad: (loaded) => setDocuments(loaded.documents ?? []),
    onSaved,
    onClose,
  });
  const inventory = form.values.inventory ?? [];
  const catalogue = data?.inventory_items ?? [];
  const needsSerial = (name: string) =>
    catalogue.some((x) => x.serial_required && x.name.toLowerCase() === name.trim().toLowerCase());

  const removeItem = async (index: number) => {
    const itemId = inventory[index]?.id;
    if (id && itemId) {
      try {
        showAlert('success', (await removeInventory(id, [itemId])).message);
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

  const title = readOnly ? 'Employee' : id ? 'Edit employee' : 'New employee';
  // The pay history of the user the employee signs in as: Pay history (104) and Account users (91) view.
  const tree = usePermissionTree();
  const userId = data?.employee?.user_id ?? null;
  const payOf =
    id !== null &&
    userId !== null &&
    allowsButton(tree, { section: SALARY_SECTIONS.payHistory, ids: [ACTION.VIEW] }) &&
    allowsButton(tree, { section: SALARY_SECTIONS.accountUsers, ids: [ACTION.VIEW] })
      ? userId
      : null;
  const card = (
    <form onSubmit={submit} noValidate data-testid="employee-dialog">
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          <RecordFields schema={EmployeeFormSchema} form={form} data={data} cols={3} />
          <Text fw={500} size="sm" mt="xs">
            Inventory
          </Text>
          <Table withRowBorders={false} verticalSpacing={4} data-testid="inventory">
            <Table.Thead>
              <Table.Tr>
                {ITEM_COLUMNS.map((c) => (
                  <Table.Th key={c.key}>{c.label}</Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inventory.map((item, i) => (
                <Table.Tr key={item.id ?? `new-${i}`} data-testid="inventory-row">
                  {ITEM_COLUMNS.map((c) => {
                    const props = form.getInputProps(`inventory.${i}.${c.key}`);
                    return (
                      <Table.Td key={c.key}>
                        {'date' in c ? (
                          <DateField
                            size="xs"
                            aria-label={c.label}
                            {...props}
                            onChange={(v) => form.setFieldValue(`inventory.${i}.${c.key}`, v)}
                          />
                        ) : c.key === 'item' ? (
                          // The catalogue of Settings → Inventory, or any other item typed.
                          <Autocomplete size="xs" aria-label={c.label} data={catalogue.map((x) => x.name)} {...props} />
                        ) : (
                          <TextInput
                            size="xs"
                            aria-label={c.label}
                            {...props}
                            {...(c.key === 'serial' && needsSerial(item.item)
                              ? { withAsterisk: true, required: true }
                              : {})}
                          />
                        )}
                      </Table.Td>
                    );
                  })}
                  <Table.Td>
                    {!readOnly && (
                      <ActionIcon variant="subtle" color="red" aria-label="Remove item" onClick={() => removeItem(i)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {inventory.length === 0 && (
            <Text size="sm" c="dimmed">
              No inventory issued.
            </Text>
          )}
          {!readOnly && (
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('inventory', { ...NEW_ITEM })}
              data-testid="inventory-add"
            >
              Add item
            </Button>
          )}
          {id !== null && (
            <Stack gap="xs">
              <Text fw={500} size="sm">
                Documents
              </Text>
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
                    <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />} w="fit-content">
                      Upload document
                    </Button>
                  )}
                </FileButton>
              )}
            </Stack>
          )}
        </Stack>
      </fieldset>
      <RecordDialogFooter onClose={onClose} readOnly={readOnly} loading={saving} />
    </form>
  );
  return (
    <RecordModal opened={opened} onClose={onClose} title={title} loading={loading} size="xl">
      {payOf === null ? (
        card
      ) : (
        // A tab of its own, seen at the top of the card rather than below its Save.
        <Tabs defaultValue="employee">
          <Tabs.List mb="sm">
            <Tabs.Tab value="employee">Employee</Tabs.Tab>
            <Tabs.Tab value="pay" data-testid="employee-pay-tab">
              Pay history
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="employee">{card}</Tabs.Panel>
          <Tabs.Panel value="pay">
            <PayHistoryPanel userId={payOf} />
          </Tabs.Panel>
        </Tabs>
      )}
    </RecordModal>
  );
}
