import { formatMoney } from '@backhaul/shared/formats/formats';
import { EMPTY_LEAD_FORM, LeadFormSchema, type LeadKind } from '@backhaul/shared/modules/clients/clients.contract';
import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DraftedItems, toggleId } from '../../platform/record/drafted-items';
import { RecordDialogFooter, type RecordDialogProps, RecordModal } from '../../platform/record/record-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordDialog } from '../../platform/record/use-record-dialog';
import { leadsApi } from './clients.api';

const LAYOUT = ['carrier', 'mc', 'truck_quantity', 'contact', 'phone', 'email', 'status', 'customer_id', 'comment'];

/**
 * Create (POST base) or edit (PUT base/:id) a potential client or client. Descriptions and invoices
 * marked for deletion are drafts sent on save (…/destroyDescription, …/destroyInvoice).
 */
export function LeadDialog({ kind, id, opened, onClose, onSaved }: RecordDialogProps & { kind: LeadKind }) {
  const api = useMemo(() => leadsApi(kind), [kind]);
  const [dropDescriptions, setDropDescriptions] = useState<number[]>([]);
  const [dropInvoices, setDropInvoices] = useState<number[]>([]);
  const { form, data, loading, saving, submit } = useRecordDialog({
    api,
    id,
    opened,
    schema: LeadFormSchema,
    empty: { ...EMPTY_LEAD_FORM, customer_id: null },
    // The create form's `row` holds only the preselected customer and status; an edit's the record.
    recordOf: (d) => d.row,
    onLoad: () => {
      setDropDescriptions([]);
      setDropInvoices([]);
    },
    after: async () => {
      if (dropDescriptions.length) await api.destroy('Description', dropDescriptions);
      if (dropInvoices.length) await api.destroy('Invoice', dropInvoices);
    },
    onSaved,
    onClose,
  });
  const descriptions = data?.descriptions ?? [];
  const invoices = data?.invoices ?? [];
  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={id ? `Edit #${id}` : 'New record'}
      loading={loading}
      size="lg"
    >
      <form onSubmit={submit} noValidate data-testid="lead-dialog">
        <Stack gap="sm">
          <RecordFields schema={LeadFormSchema} form={form} data={data} only={LAYOUT} cols={2} />
          {descriptions.length > 0 && (
            <DraftedItems
              title="Descriptions"
              items={descriptions.map((d) => ({ id: d.id, text: d.text }))}
              dropped={dropDescriptions}
              onToggle={(d) => setDropDescriptions((ids) => toggleId(ids, d))}
            />
          )}
          {invoices.length > 0 && (
            <DraftedItems
              title="Invoices"
              items={invoices.map((i) => ({
                id: i.id,
                text: [i.number, formatMoney(i.amount), i.issued_on].filter(Boolean).join(' · '),
              }))}
              dropped={dropInvoices}
              onToggle={(d) => setDropInvoices((ids) => toggleId(ids, d))}
            />
          )}
        </Stack>
        <RecordDialogFooter onClose={onClose} loading={saving} />
      </form>
    </RecordModal>
  );
}
