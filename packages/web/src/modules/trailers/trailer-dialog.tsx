import { EMPTY_TRAILER_FORM, TrailerFormSchema } from '@backhaul/shared/modules/trailers/trailers.contract';
import { Stack, Text } from '@mantine/core';
import { RecordDialogFooter, type RecordDialogProps } from '../../platform/record/record-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordDialog } from '../../platform/record/use-record-dialog';
import { UnitDialog } from '../units';
import { trailersApi } from './trailers.api';

const LAYOUT = [
  'trailer_number',
  'trailer_type_id',
  'status',
  'size',
  'make',
  'year',
  'vin',
  'plate',
  'gps',
  'customer_id',
  'company_owner',
  'origin_value',
  'alignment_date',
  'annual_inspection_date',
  'registration_expires_on',
  'odometer',
  'pm_miles',
] as const;

/** Create or edit a trailer; a reefer type counts PM in engine hours. */
export function TrailerDialog({ id, opened, readOnly = false, onClose, onSaved }: RecordDialogProps) {
  const { form, data, loading, saving, submit } = useRecordDialog({
    api: trailersApi,
    id,
    opened,
    schema: TrailerFormSchema,
    empty: EMPTY_TRAILER_FORM,
    // A new trailer starts with the default type of the system settings.
    recordOf: (d) => d.trailer ?? { trailer_type_id: d.options.default_trailer_type_id },
    onSaved,
    onClose,
  });
  const types = data?.options.trailer_types ?? [];
  const reefer = types.find((t) => String(t.value) === form.values.trailer_type_id)?.reefer ?? false;
  const unit = reefer ? 'hh' : 'mi';
  const number = data?.trailer?.trailer_number ?? '';
  const title = readOnly ? `Trailer ${number}` : id ? `Edit trailer ${number}` : 'New trailer';
  return (
    <UnitDialog
      prefix="/trailers"
      title={title}
      unitId={id}
      opened={opened}
      loading={loading}
      readOnly={readOnly}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate data-testid="trailer-dialog">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <RecordFields
              schema={TrailerFormSchema}
              form={form}
              data={{
                options: {
                  ...data?.options,
                  trailer_types: types.map((t) => ({ ...t, label: t.reefer ? `${t.label} (reefer)` : t.label })),
                },
              }}
              only={LAYOUT}
              cols={3}
              extra={{ odometer: { label: `Reading (${unit})` }, pm_miles: { label: `Next PM at (${unit})` } }}
            />
            {data?.trailer?.truck_number && (
              <Text size="xs" c="dimmed">
                On truck {data.trailer.truck_number}.
              </Text>
            )}
          </Stack>
        </fieldset>
        {!readOnly && <RecordDialogFooter onClose={onClose} loading={saving} />}
      </form>
    </UnitDialog>
  );
}
