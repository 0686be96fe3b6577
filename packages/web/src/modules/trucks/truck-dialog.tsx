import {
  EMPTY_TRUCK_FORM,
  TRUCK_STATUS_LABELS,
  type Truck,
  type TruckForm,
  TruckFormSchema,
  type TruckOptions,
} from '@backhaul/shared/modules/trucks/trucks.contract';
import { UNIT_STATUS_LABELS } from '@backhaul/shared/modules/units/units.contract';
import { Autocomplete, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api-client';
import { RecordDialogFooter } from '../../platform/data-table/record-dialog-footer';
import { saveRecord } from '../../platform/data-table/save-record';
import { useRecordForm } from '../../platform/data-table/use-record-form';
import { UnitDialog } from '../units';

type Props = { id: number | null; opened: boolean; readOnly: boolean; onClose: () => void; onSaved: () => void };
type Loaded = { truck?: Truck; options: TruckOptions };

const text = (v: string | null) => v ?? '';
const toForm = (t: Truck | undefined): TruckForm =>
  t
    ? {
        truck_number: t.truck_number,
        make: text(t.make),
        model: text(t.model),
        year: t.year ?? '',
        vin: text(t.vin),
        plate: text(t.plate),
        customer_id: t.customer_id ? String(t.customer_id) : null,
        driver_id: t.driver_id ? String(t.driver_id) : null,
        trailer_id: t.trailer_id ? String(t.trailer_id) : null,
        eld: text(t.eld),
        alignment_date: t.alignment_date,
        annual_inspection_date: t.annual_inspection_date,
        pm_miles: t.pm_miles ?? '',
        odometer: t.odometer ?? '',
        registration_expires_on: t.registration_expires_on,
        company_owner: text(t.company_owner),
        status: t.status,
        truck_status: t.truck_status,
        origin_value: t.origin_value ?? '',
      }
    : EMPTY_TRUCK_FORM;
const select = (o: Array<{ value: number; label: string }>) =>
  o.map((x) => ({ value: String(x.value), label: x.label }));
const labelled = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Create or edit a truck; an existing truck also shows its equipment, notes, values and history. */
export function TruckDialog({ id, opened, readOnly, onClose, onSaved }: Props) {
  const queryClient = useQueryClient();
  const [pair, setPair] = useState<Pick<TruckOptions, 'drivers' | 'trailers'> | null>(null);
  const [trailerInfo, setTrailerInfo] = useState<string>('');
  const { data, form } = useRecordForm<TruckForm, Loaded>({
    queryKey: ['truck', id],
    opened,
    load: () => (id ? api.get<Loaded>(`/trucks/${id}/edit`) : api.get<Loaded>('/trucks/create')),
    initialValues: EMPTY_TRUCK_FORM,
    schema: TruckFormSchema,
    toValues: (loaded) => toForm(loaded.truck),
    onLoad: (loaded) => {
      setPair(null);
      setTrailerInfo(loaded.truck?.trailer_type ?? '');
    },
  });

  const changeCustomer = async (value: string | null) => {
    form.setFieldValue('customer_id', value);
    setPair(await api.post('/trucks/getDriverTrailers', { customer_id: value }));
  };
  const changeTrailer = async (value: string | null) => {
    form.setFieldValue('trailer_id', value);
    if (!value) return setTrailerInfo('');
    const info = await api.get<{
      trailer: { trailer_type: string | null; size: string | null; reefer: boolean } | null;
    }>('/trailers/getTrailerInfo', { query: { id: value } });
    const t = info.trailer;
    setTrailerInfo(
      t ? [t.trailer_type, t.size, t.reefer ? 'reefer: PM in engine hours' : null].filter(Boolean).join(' · ') : '',
    );
  };

  const submit = form.onSubmit((values) =>
    saveRecord(form, {
      save: () =>
        id ? api.put<{ message: string }>(`/trucks/${id}`, values) : api.post<{ message: string }>('/trucks', values),
      afterAlert: () => queryClient.invalidateQueries({ queryKey: ['truck'] }),
      onSaved,
      onClose,
    }),
  );

  const options = data?.options;
  const drivers = pair?.drivers ?? options?.drivers ?? [];
  const trailers = pair?.trailers ?? options?.trailers ?? [];
  const title = readOnly
    ? `Truck ${data?.truck?.truck_number ?? ''}`
    : id
      ? `Edit truck ${data?.truck?.truck_number ?? ''}`
      : 'New truck';
  return (
    <UnitDialog
      prefix="/trucks"
      title={title}
      unitId={id}
      opened={opened}
      loading={!data}
      readOnly={readOnly}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate data-testid="truck-dialog">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <SimpleGrid cols={3} spacing="sm">
              <TextInput
                label="Truck number"
                withAsterisk
                data-testid="field-truck_number"
                {...form.getInputProps('truck_number')}
              />
              <Select
                label="Status"
                withAsterisk
                data={labelled(UNIT_STATUS_LABELS)}
                {...form.getInputProps('status')}
              />
              <Select
                label="Truck status"
                clearable
                disabled={form.values.status !== 'active'}
                data={labelled(TRUCK_STATUS_LABELS)}
                {...form.getInputProps('truck_status')}
              />
              <TextInput label="Make" {...form.getInputProps('make')} />
              <TextInput label="Model" {...form.getInputProps('model')} />
              <NumberInput label="Year" allowDecimal={false} {...form.getInputProps('year')} />
              <TextInput label="VIN" data-testid="field-vin" {...form.getInputProps('vin')} />
              <TextInput label="Plate" {...form.getInputProps('plate')} />
              <Autocomplete label="ELD" data={options?.elds ?? []} {...form.getInputProps('eld')} />
              <Select
                label="Customer"
                searchable
                clearable
                data={select(options?.customers ?? [])}
                {...form.getInputProps('customer_id')}
                onChange={changeCustomer}
              />
              <Select label="Driver" searchable clearable data={select(drivers)} {...form.getInputProps('driver_id')} />
              <Select
                label="Trailer"
                searchable
                clearable
                data={select(trailers)}
                description={trailerInfo || undefined}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('trailer_id')}
                onChange={changeTrailer}
              />
              <TextInput label="Alignment date" type="date" {...form.getInputProps('alignment_date')} />
              <TextInput label="Annual inspection" type="date" {...form.getInputProps('annual_inspection_date')} />
              <TextInput label="Registration expires" type="date" {...form.getInputProps('registration_expires_on')} />
              <NumberInput
                label="Odometer (mi)"
                thousandSeparator=","
                allowDecimal={false}
                {...form.getInputProps('odometer')}
              />
              <NumberInput
                label="Next PM at (mi)"
                thousandSeparator=","
                allowDecimal={false}
                {...form.getInputProps('pm_miles')}
              />
              <NumberInput
                label="Origin value"
                prefix="$"
                thousandSeparator=","
                decimalScale={2}
                {...form.getInputProps('origin_value')}
              />
              <TextInput label="Company owner" {...form.getInputProps('company_owner')} />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              A change of customer, driver or trailer is written to the History tab from today.
            </Text>
            {!readOnly && <RecordDialogFooter onClose={onClose} />}
          </Stack>
        </fieldset>
      </form>
    </UnitDialog>
  );
}
