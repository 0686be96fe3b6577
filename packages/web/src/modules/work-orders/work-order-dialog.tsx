import { ACTION, SECTION } from '@backhaul/shared';
import { formatMoney, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  EMPTY_WORK_ORDER,
  previewTotals,
  subletBilled,
  WO_CANCELED,
  WO_WAITING_APPROVAL,
  type WorkOrderForm,
  WorkOrderFormSchema,
} from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { Alert, Badge, Button, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileInvoice, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DateField, DateTimeField } from '../../platform/forms/date-field';
import { RecordDialogFooter, type RecordDialogProps, RecordModal } from '../../platform/record/record-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordDialog } from '../../platform/record/use-record-dialog';
import { lineInputs, WorkOrderLines } from './work-order-lines';
import { type WorkOrderLoaded, workOrdersApi } from './work-orders.api';

const HEAD = ['wo_type', 'unit_type', 'dispatch_request', 'status', 'technician_id', 'arrival_date'];
const FLAGS = ['arrived', 'alignment', 'inspection', 'pm', 'towing'];
const UNIT_FIELDS: Record<string, string[]> = {
  truck: ['truck_id'],
  trailer: ['trailer_id'],
  customer: ['customer_id', 'customer_unit'],
};
const id = (v: number | null | undefined) => (v === null || v === undefined ? null : String(v));

/** The form's values from what the dialog loaded: an order with its lines, or the create form's preset. */
function valuesOf(data: WorkOrderLoaded): WorkOrderForm {
  const r = data.row;
  if (!r || !('labour' in r)) {
    const preset = r as { unit_type: WorkOrderForm['unit_type']; customer_id: number | null } | undefined;
    return { ...EMPTY_WORK_ORDER, unit_type: preset?.unit_type ?? 'truck', customer_id: id(preset?.customer_id) };
  }
  return {
    ...EMPTY_WORK_ORDER,
    wo_type: r.wo_type as WorkOrderForm['wo_type'],
    unit_type: r.unit_type as WorkOrderForm['unit_type'],
    truck_id: id(r.truck_id),
    trailer_id: id(r.trailer_id),
    customer_id: id(r.customer_id),
    customer_unit: r.customer_unit ?? '',
    dispatch_request: String(r.dispatch_request),
    status: String(r.status),
    technician_id: id(r.technician_id),
    arrived: r.arrived,
    arrival_date: r.arrival_date,
    alignment: r.alignment,
    inspection: r.inspection,
    pm: r.pm,
    towing: r.towing,
    check_in: r.check_in ?? '',
    check_out: r.check_out ?? '',
    check_in_odometer: r.check_in_odometer ?? '',
    tax_percent: r.tax_percent,
    labour: r.labour.map((l) => ({ ...l, technician_id: id(l.technician_id) })),
    parts: r.parts,
    descriptions: r.descriptions,
    invoices: r.invoices,
  } as WorkOrderForm;
}

/**
 * A work order: the unit, priority, status and Shop manager; check-in and check-out; complaint,
 * cause and correction; labour and parts lines with the totals the server will compute; vendor
 * invoices; downtime. Removed descriptions and invoices are drafts sent after the save
 * (/work-order/destroyDescription, /destroyInvoice); an outside customer's order prints and mails its invoice.
 */
export function WorkOrderDialog({
  id: orderId,
  opened,
  onClose,
  onSaved,
  readOnly,
  customerId,
}: RecordDialogProps & { customerId?: number }) {
  const [dropDescriptions, setDropDescriptions] = useState<number[]>([]);
  const [dropInvoices, setDropInvoices] = useState<number[]>([]);
  const tree = usePermissionTree();
  const mayEdit = allowsButton(tree, { section: SECTION.WorkOrders, ids: [ACTION.EDIT] });
  const { form, data, loading, saving, submit } = useRecordDialog({
    api: workOrdersApi,
    id: orderId,
    opened,
    schema: WorkOrderFormSchema,
    empty: EMPTY_WORK_ORDER as Record<string, unknown>,
    toValues: (d) => valuesOf(d) as Record<string, unknown>,
    query: customerId ? { customer_id: customerId } : undefined,
    onLoad: () => {
      setDropDescriptions([]);
      setDropInvoices([]);
    },
    after: async () => {
      if (dropDescriptions.length) await workOrdersApi.destroy('Description', dropDescriptions);
      if (dropInvoices.length) await workOrdersApi.destroy('Invoice', dropInvoices);
    },
    onSaved,
    onClose,
  });
  const values = form.getValues() as WorkOrderForm;
  const row = data?.row && 'labour' in data.row ? data.row : null;
  const shop = data?.shop ?? { sublet_markup_percent: 0, labor_taxable: false };
  const totals = previewTotals(values, shop);
  const markupMilli = Math.round(shop.sublet_markup_percent * 1000);
  const billed = (amount: unknown) => subletBilled(Math.round(Number(amount || 0) * 100), markupMilli) / 100;
  const mayApprove =
    row !== null &&
    row.customer_id !== null &&
    row.customer_invoice_id === null &&
    row.approved_at === null &&
    row.status !== WO_CANCELED &&
    !readOnly &&
    mayEdit;
  const approve = async () => {
    if (!row) return;
    const answer = await workOrdersApi.approve(row.id);
    showAlert('success', answer.message);
    onSaved();
    onClose();
  };
  const input = lineInputs(form);
  const technicians = (data?.technicians ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  const removeTo = (key: 'remove_labour' | 'remove_parts') => (lineId: number) =>
    form.setFieldValue(key, [...((form.getValues()[key] as number[]) ?? []), lineId]);
  const now = () => nowInCompanyTimeZone().dateTime;
  const unitFields = UNIT_FIELDS[String(values.unit_type)] ?? [];
  const ro = readOnly || !mayEdit;

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      loading={loading}
      size={1100}
      title={
        <Group gap="xs">
          <Text fw={600}>{orderId ? `Work order #${orderId}` : 'New work order'}</Text>
          {Number(values.status) === WO_CANCELED && <Badge color="red">Canceled</Badge>}
        </Group>
      }
    >
      <form onSubmit={submit} noValidate data-testid="work-order-dialog">
        <Stack gap="xs">
          <RecordFields schema={WorkOrderFormSchema} form={form} data={data} only={HEAD} cols={3} />
          <SimpleGrid cols={4} spacing="sm">
            <RecordFields
              schema={WorkOrderFormSchema}
              form={form}
              data={data}
              only={unitFields}
              cols={unitFields.length}
            />
            <DateTimeField
              label="Check-in"
              data-testid="field-check_in"
              {...form.getInputProps('check_in')}
              onChange={(v) => form.setFieldValue('check_in', v)}
              rightSectionWidth={60}
              rightSection={
                !ro && !values.check_in ? (
                  <Button size="compact-xs" variant="subtle" onClick={() => form.setFieldValue('check_in', now())}>
                    Now
                  </Button>
                ) : undefined
              }
            />
            <DateTimeField
              label="Check-out"
              data-testid="field-check_out"
              {...form.getInputProps('check_out')}
              onChange={(v) => form.setFieldValue('check_out', v)}
              rightSectionWidth={60}
              rightSection={
                !ro && values.check_in && !values.check_out ? (
                  <Button size="compact-xs" variant="subtle" onClick={() => form.setFieldValue('check_out', now())}>
                    Now
                  </Button>
                ) : undefined
              }
            />
            {values.unit_type === 'truck' && (
              // The truck's odometer when it came in: an odometer reading (a typo that goes back is refused).
              <RecordFields
                schema={WorkOrderFormSchema}
                form={form}
                data={data}
                only={['check_in_odometer']}
                cols={1}
              />
            )}
          </SimpleGrid>
          <RecordFields schema={WorkOrderFormSchema} form={form} data={data} only={FLAGS} cols={5} />
          <Divider />
          <WorkOrderLines
            form={form}
            list="descriptions"
            title="Descriptions"
            readOnly={ro}
            empty={{ complaint: '', cause: '', correction: '' }}
            onRemoveSaved={(d) => setDropDescriptions((ids) => [...ids, d])}
            columns={[
              { key: 'complaint', title: 'Complaint', input: input.area('Complaint') },
              { key: 'cause', title: 'Cause', input: input.area('Cause') },
              { key: 'correction', title: 'Correction', input: input.area('Correction') },
            ]}
          />
          <WorkOrderLines
            form={form}
            list="labour"
            title="Labour"
            readOnly={ro}
            empty={{ technician_id: null, description: '', hours: '', rate: '' }}
            onRemoveSaved={removeTo('remove_labour')}
            amount={(l) => previewTotals({ labour: [l] }).labour / 100}
            columns={[
              { key: 'technician_id', title: 'Technician', width: 200, input: input.select('Technician', technicians) },
              { key: 'description', title: 'Work done', input: input.text('Work done') },
              { key: 'hours', title: 'Hours', width: 90, input: input.number('Hours') },
              { key: 'rate', title: 'Rate', width: 110, input: input.number('Rate', true) },
            ]}
          />
          <WorkOrderLines
            form={form}
            list="parts"
            title="Parts"
            readOnly={ro}
            empty={{ part_number: '', description: '', quantity: 1, unit_price: '' }}
            onRemoveSaved={removeTo('remove_parts')}
            amount={(p) => previewTotals({ parts: [p] }).parts / 100}
            columns={[
              { key: 'part_number', title: 'Part #', width: 140, input: input.text('Part number') },
              { key: 'description', title: 'Description', input: input.text('Part description') },
              { key: 'quantity', title: 'Qty', width: 80, input: input.number('Quantity') },
              { key: 'unit_price', title: 'Unit price', width: 110, input: input.number('Unit price', true) },
            ]}
          />
          <WorkOrderLines
            form={form}
            list="invoices"
            title={
              shop.sublet_markup_percent
                ? `Vendor invoices (sublet, billed with a ${shop.sublet_markup_percent} % markup)`
                : 'Vendor invoices (sublet)'
            }
            readOnly={ro}
            empty={{ number: '', amount: '', issued_on: null }}
            onRemoveSaved={(d) => setDropInvoices((ids) => [...ids, d])}
            amount={(i) => billed(i.amount)}
            amountTitle="Billed"
            columns={[
              { key: 'number', title: 'Invoice #', width: 200, input: input.text('Invoice number') },
              { key: 'amount', title: 'Amount', width: 140, input: input.number('Invoice amount', true) },
              {
                key: 'issued_on',
                title: 'Date',
                width: 160,
                input: (path) => (
                  <DateField
                    size="xs"
                    aria-label="Invoice date"
                    {...form.getInputProps(path)}
                    onChange={(v) => form.setFieldValue(path, v || null)}
                  />
                ),
              },
            ]}
          />
          <Group justify="space-between" align="flex-end" wrap="nowrap">
            <Group gap="sm" align="flex-end" wrap="nowrap">
              <div style={{ width: 150 }}>
                <RecordFields schema={WorkOrderFormSchema} form={form} data={data} only={['tax_percent']} />
              </div>
              {row && row.downtime_days > 0 && (
                <Alert variant="light" color="orange" p={8} data-testid="downtime">
                  Out of service {row.downtime_days} day{row.downtime_days === 1 ? '' : 's'}
                  {row.downtime_cost !== null && <> · downtime cost {formatMoney(row.downtime_cost)}</>}
                </Alert>
              )}
            </Group>
            <Group gap="md" wrap="nowrap" data-testid="work-order-totals">
              <Text size="sm" c="dimmed">
                {`Labour ${formatMoney(totals.labour / 100)} · Parts ${formatMoney(totals.parts / 100)} · Tax${shop.labor_taxable ? ' (parts and labour)' : ''} ${formatMoney(totals.tax / 100)} · Sublet ${formatMoney(totals.sublet / 100)}`}
              </Text>
              <Text fw={700}>Total {formatMoney(totals.total / 100)}</Text>
            </Group>
          </Group>
        </Stack>
        <Group justify="space-between" mt="md">
          <Group gap="xs">
            {row && (
              <Button
                variant="default"
                leftSection={<IconFileInvoice size={16} />}
                onClick={() => window.open(workOrdersApi.invoiceUrl(row.id), '_blank', 'noopener')}
              >
                Invoice PDF
              </Button>
            )}
            {mayApprove && (
              <Button variant="light" color="teal" onClick={approve} data-testid="approve-and-bill">
                {row?.status === WO_WAITING_APPROVAL ? 'Approve and bill' : 'Bill now'}
              </Button>
            )}
            {row?.customer_invoice_id && (
              <Badge variant="light" color="teal" data-testid="billed">
                Billed on invoice #{row.customer_invoice_id}
              </Badge>
            )}
            {row?.customer_id && !ro && (
              <Button
                variant="default"
                leftSection={<IconMail size={16} />}
                onClick={async () => showAlert('success', (await workOrdersApi.send(row.id, '')).message)}
              >
                Send invoice
              </Button>
            )}
          </Group>
          <RecordDialogFooter onClose={onClose} loading={saving} readOnly={ro} mt={0} />
        </Group>
      </form>
    </RecordModal>
  );
}
