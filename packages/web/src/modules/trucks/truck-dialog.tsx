import { EMPTY_TRUCK_FORM, TruckFormSchema, type TruckOptions } from '@backhaul/shared/modules/trucks/trucks.contract';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RecordDialogFooter, type RecordDialogProps } from '../../platform/record/record-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordDialog } from '../../platform/record/use-record-dialog';
import { UnitDowntime } from '../downtime';
import { TruckOdometer } from '../eld';
import { UnitDialog } from '../units';
import { driverTrailers, trailerInfo, trucksApi } from './trucks.api';

const LAYOUT = [
  'truck_number',
  'status',
  'truck_status',
  'make',
  'model',
  'year',
  'vin',
  'plate',
  'eld',
  'customer_id',
  'driver_id',
  'trailer_id',
  'alignment_date',
  'annual_inspection_date',
  'registration_expires_on',
  'odometer',
  'pm_miles',
  'origin_value',
  'company_owner',
] as const;

/** Create or edit a truck; an existing truck also shows its equipment, notes, values and history. */
export function TruckDialog({ id, opened, readOnly = false, onClose, onSaved }: RecordDialogProps) {
  // A customer chosen in the form narrows its drivers and trailers.
  const [pair, setPair] = useState<Pick<TruckOptions, 'drivers' | 'trailers'> | null>(null);
  const [trailerNote, setTrailerNote] = useState('');
  const { form, data, loading, saving, submit } = useRecordDialog({
    api: trucksApi,
    id,
    opened,
    schema: TruckFormSchema,
    empty: EMPTY_TRUCK_FORM,
    recordOf: (d) => d.truck,
    onLoad: (loaded) => {
      setPair(null);
      setTrailerNote(loaded.truck?.trailer_type ?? '');
    },
    onSaved,
    onClose,
  });

  const changeCustomer = async (value: string | null) => {
    form.setFieldValue('customer_id', value);
    setPair(await driverTrailers(value));
  };
  const changeTrailer = async (value: string | null) => {
    form.setFieldValue('trailer_id', value);
    const t = value ? (await trailerInfo(value)).trailer : null;
    setTrailerNote(
      t ? [t.trailer_type, t.size, t.reefer ? 'reefer: PM in engine hours' : null].filter(Boolean).join(' · ') : '',
    );
  };

  const number = data?.truck?.truck_number ?? '';
  const title = readOnly ? `Truck ${number}` : id ? `Edit truck ${number}` : 'New truck';
  return (
    <UnitDialog
      prefix="/trucks"
      title={title}
      unitId={id}
      opened={opened}
      loading={loading}
      readOnly={readOnly}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate data-testid="truck-dialog">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <RecordFields
              schema={TruckFormSchema}
              form={form}
              data={{ options: { ...data?.options, ...pair } }}
              only={LAYOUT}
              cols={3}
              extra={{
                truck_status: { disabled: form.values.status !== 'active' },
                customer_id: { onChange: changeCustomer },
                trailer_id: {
                  onChange: changeTrailer,
                  description: trailerNote || undefined,
                  inputWrapperOrder: ['label', 'input', 'description', 'error'],
                },
              }}
            />
            {id !== null && <TruckOdometer id={id} readOnly={readOnly} />}
            {id !== null && <UnitDowntime type="truck" id={id} />}
            <Text size="xs" c="dimmed">
              A change of customer, driver or trailer is written to the History tab from today.
            </Text>
          </Stack>
        </fieldset>
        {!readOnly && <RecordDialogFooter onClose={onClose} loading={saving} />}
      </form>
    </UnitDialog>
  );
}
