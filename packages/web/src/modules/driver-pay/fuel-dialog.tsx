import { EMPTY_FUEL_FORM, FuelFormSchema } from '@backhaul/shared/modules/driver-pay/fuel.contract';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { DraftedItems, toggleId } from '../../platform/record/drafted-items';
import { RecordDialogFooter, type RecordDialogProps, RecordModal } from '../../platform/record/record-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordDialog } from '../../platform/record/use-record-dialog';
import { fuelApi } from './fuel.api';

/**
 * Create (POST /fuel) or edit (PUT /fuel/:id) a fuel row. Descriptions and invoices marked for
 * deletion are drafts sent on save (/fuel/destroyDescription, /fuel/destroyInvoice).
 */
export function FuelDialog({ id, opened, onClose, onSaved }: RecordDialogProps) {
  const [dropDescriptions, setDropDescriptions] = useState<number[]>([]);
  const [dropInvoices, setDropInvoices] = useState<number[]>([]);
  const { form, data, loading, saving, submit } = useRecordDialog({
    api: fuelApi,
    id,
    opened,
    schema: FuelFormSchema,
    empty: EMPTY_FUEL_FORM,
    recordOf: (d) => d.row,
    onLoad: () => {
      setDropDescriptions([]);
      setDropInvoices([]);
    },
    after: async () => {
      if (dropDescriptions.length) await fuelApi.destroy('Description', dropDescriptions);
      if (dropInvoices.length) await fuelApi.destroy('Invoice', dropInvoices);
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
      title={id ? `Edit fuel #${id}` : 'New fuel row'}
      loading={loading}
      size="xl"
    >
      <form onSubmit={submit} noValidate data-testid="fuel-dialog">
        <Stack gap="sm">
          <RecordFields schema={FuelFormSchema} form={form} data={data} cols={4} />
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
              items={invoices.map((i) => ({ id: i.id, text: i.text }))}
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
