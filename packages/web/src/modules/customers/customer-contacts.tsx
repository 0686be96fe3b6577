import { type CustomerForm, EMPTY_CONTACT } from '@backhaul/shared/modules/customers/customers.contract';
import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';

/**
 * A customer's contact people in its dialog, each typed by the company's contact types (Settings →
 * Contact types). Saved with the customer; a removed contact is deleted on save.
 */
export function CustomerContacts(props: {
  form: UseFormReturnType<CustomerForm>;
  types: ReadonlyArray<{ id: number; name: string }>;
}) {
  const { form } = props;
  const contacts = form.values.contacts ?? [];
  const remove = (i: number) => {
    const id = contacts[i]?.id;
    if (id) form.setFieldValue('contacts_removed', [...(form.values.contacts_removed ?? []), id]);
    form.removeListItem('contacts', i);
  };
  const types = props.types.map((t) => ({ value: String(t.id), label: t.name }));
  return (
    <Stack gap={4} data-testid="customer-contacts">
      <Group justify="space-between">
        <Text fw={500} size="sm">
          Contacts
        </Text>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('contacts', { ...EMPTY_CONTACT })}
          data-testid="contact-add"
        >
          Add contact
        </Button>
      </Group>
      {contacts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No contacts.
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {contacts.map((c, i) => (
              <Table.Tr key={c.id ?? `new-${i}`} data-testid="contact-row">
                <Table.Td w={180}>
                  <Select
                    size="xs"
                    aria-label="Contact type"
                    placeholder="Type"
                    data={types}
                    clearable
                    {...form.getInputProps(`contacts.${i}.type_id`)}
                    value={c.type_id ? String(c.type_id) : null}
                    onChange={(v) => form.setFieldValue(`contacts.${i}.type_id`, v ?? '')}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label="Contact name"
                    placeholder="Name"
                    {...form.getInputProps(`contacts.${i}.name`)}
                  />
                </Table.Td>
                <Table.Td w={170}>
                  <TextInput
                    size="xs"
                    aria-label="Contact phone"
                    placeholder="Phone"
                    {...form.getInputProps(`contacts.${i}.phone`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label="Contact e-mail"
                    placeholder="E-mail"
                    {...form.getInputProps(`contacts.${i}.email`)}
                  />
                </Table.Td>
                <Table.Td w={40}>
                  <ActionIcon variant="subtle" color="red" aria-label="Remove contact" onClick={() => remove(i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
