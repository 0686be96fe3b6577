import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  LeadEditResponseSchema,
  LeadFormSchema,
  LeadSaveResponseSchema,
  LeadStartResponseSchema,
} from '@backhaul/shared/modules/clients/clients.contract';
import {
  ActionIcon,
  Divider,
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
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../platform/api-client';
import { RecordDialogFooter } from '../../platform/data-table/record-dialog-footer';
import { saveRecord } from '../../platform/data-table/save-record';
import { zodValidator } from '../../platform/form-validation';

type Values = {
  mc: string;
  truck_quantity: string;
  carrier: string;
  contact: string;
  phone: string;
  email: string;
  comment: string;
  status: string;
  customer_id: string;
};
const EMPTY: Values = {
  mc: '',
  truck_quantity: '',
  carrier: '',
  contact: '',
  phone: '',
  email: '',
  comment: '',
  status: 'New',
  customer_id: '',
};

const toggle = (set: Set<number>, id: number) => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

type Props = { base: string; id: number | null; opened: boolean; onClose: () => void; onSaved: () => void };

/**
 * Create (POST base) or edit (PUT base/:id) a potential client or client. Descriptions and invoices
 * marked for deletion are drafts sent on save (…/destroyDescription, …/destroyInvoice).
 */
export function LeadDialog({ base, id, opened, onClose, onSaved }: Props) {
  const start = useQuery({
    queryKey: ['lead-start', base],
    queryFn: () => api.get(`${base}/create`, { schema: LeadStartResponseSchema }),
    enabled: opened,
    staleTime: 60_000,
  });
  const edit = useQuery({
    queryKey: ['lead-edit', base, id],
    queryFn: () => api.get(`${base}/${id}/edit`, { schema: LeadEditResponseSchema }),
    enabled: opened && id !== null,
    staleTime: 0,
  });
  const form = useForm<Values>({ initialValues: EMPTY, validate: zodValidator(LeadFormSchema) });
  const [dropDescriptions, setDropDescriptions] = useState<Set<number>>(new Set());
  const [dropInvoices, setDropInvoices] = useState<Set<number>>(new Set());

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on a record
  useEffect(() => {
    if (!opened) return;
    const r = id ? edit.data?.row : undefined;
    form.setValues(
      r
        ? {
            mc: r.mc ?? '',
            truck_quantity: r.truck_quantity === null ? '' : String(r.truck_quantity),
            carrier: r.carrier,
            contact: r.contact ?? '',
            phone: r.phone ?? '',
            email: r.email ?? '',
            comment: r.comment ?? '',
            status: r.status,
            customer_id: r.customer_id ? String(r.customer_id) : '',
          }
        : EMPTY,
    );
    form.resetDirty();
    form.clearErrors();
    setDropDescriptions(new Set());
    setDropInvoices(new Set());
  }, [opened, id, edit.data]);

  const submit = form.onSubmit((values) =>
    saveRecord(form, {
      save: async () => {
        const res = id
          ? await api.put(`${base}/${id}`, values, { schema: LeadSaveResponseSchema })
          : await api.post(base, values, { schema: LeadSaveResponseSchema });
        if (dropDescriptions.size) await api.post(`${base}/destroyDescription`, { ids: [...dropDescriptions] });
        if (dropInvoices.size) await api.post(`${base}/destroyInvoice`, { ids: [...dropInvoices] });
        return res;
      },
      onSaved,
      onClose,
    }),
  );

  const ready = start.data && (id === null || edit.data);
  return (
    <Modal opened={opened} onClose={onClose} title={id ? `Edit #${id}` : 'New record'} size="lg" centered>
      {!ready ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <form onSubmit={submit} noValidate data-testid="lead-dialog">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Carrier" withAsterisk data-testid="field-carrier" {...form.getInputProps('carrier')} />
              <TextInput label="MC" data-testid="field-mc" {...form.getInputProps('mc')} />
              <TextInput label="Truck quantity" {...form.getInputProps('truck_quantity')} />
              <TextInput label="Contact" {...form.getInputProps('contact')} />
              <TextInput label="Phone" placeholder="(312) 555-0100" {...form.getInputProps('phone')} />
              <TextInput label="E-mail" data-testid="field-email" {...form.getInputProps('email')} />
              <Select
                label="Status"
                data={start.data.statuses}
                allowDeselect={false}
                data-testid="field-status"
                {...form.getInputProps('status')}
              />
              <Select
                label="Customer"
                data={start.data.customers.map((c) => ({ value: String(c.id), label: c.name }))}
                clearable
                searchable
                {...form.getInputProps('customer_id')}
                onChange={(v) => form.setFieldValue('customer_id', v ?? '')}
                value={form.values.customer_id || null}
              />
            </SimpleGrid>
            <Textarea label="Comment" autosize minRows={3} maxRows={8} {...form.getInputProps('comment')} />
            {(edit.data?.descriptions.length ?? 0) > 0 && <Divider label="Descriptions" labelPosition="left" />}
            {edit.data?.descriptions.map((d) => {
              const dropped = dropDescriptions.has(d.id);
              return (
                <Group key={d.id} justify="space-between" wrap="nowrap">
                  <Text size="sm" td={dropped ? 'line-through' : undefined} c={dropped ? 'dimmed' : undefined}>
                    {d.text}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color={dropped ? 'gray' : 'red'}
                    aria-label={dropped ? 'Keep description' : 'Delete description'}
                    onClick={() => setDropDescriptions((s) => toggle(s, d.id))}
                  >
                    {dropped ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                  </ActionIcon>
                </Group>
              );
            })}
            {(edit.data?.invoices.length ?? 0) > 0 && <Divider label="Invoices" labelPosition="left" />}
            {edit.data?.invoices.map((inv) => {
              const dropped = dropInvoices.has(inv.id);
              return (
                <Group key={inv.id} justify="space-between" wrap="nowrap">
                  <Text size="sm" td={dropped ? 'line-through' : undefined} c={dropped ? 'dimmed' : undefined}>
                    {inv.number} · {formatMoney(inv.amount)} {inv.issued_on ? `· ${inv.issued_on}` : ''}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color={dropped ? 'gray' : 'red'}
                    aria-label={dropped ? 'Keep invoice' : 'Delete invoice'}
                    onClick={() => setDropInvoices((s) => toggle(s, inv.id))}
                  >
                    {dropped ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                  </ActionIcon>
                </Group>
              );
            })}
            <RecordDialogFooter onClose={onClose} mt="sm" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
