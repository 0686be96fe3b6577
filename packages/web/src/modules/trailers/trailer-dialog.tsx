import {
  EMPTY_TRAILER_FORM,
  type Trailer,
  type TrailerForm,
  TrailerFormSchema,
  type TrailerOptions,
} from '@backhaul/shared/modules/trailers/trailers.contract';
import { UNIT_STATUS_LABELS } from '@backhaul/shared/modules/units/units.contract';
import { NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../platform/api-client';
import { RecordDialogFooter } from '../../platform/data-table/record-dialog-footer';
import { saveRecord } from '../../platform/data-table/save-record';
import { useRecordForm } from '../../platform/data-table/use-record-form';
import { UnitDialog } from '../units';

type Props = { id: number | null; opened: boolean; readOnly: boolean; onClose: () => void; onSaved: () => void };
type Loaded = { trailer?: Trailer; options: TrailerOptions };

const text = (v: string | null) => v ?? '';
const toForm = (t: Trailer | undefined): TrailerForm =>
  t
    ? {
        trailer_number: t.trailer_number,
        trailer_type_id: t.trailer_type_id ? String(t.trailer_type_id) : null,
        size: text(t.size),
        make: text(t.make),
        year: t.year ?? '',
        vin: text(t.vin),
        plate: text(t.plate),
        customer_id: t.customer_id ? String(t.customer_id) : null,
        alignment_date: t.alignment_date,
        annual_inspection_date: t.annual_inspection_date,
        pm_miles: t.pm_miles ?? '',
        odometer: t.odometer ?? '',
        registration_expires_on: t.registration_expires_on,
        company_owner: text(t.company_owner),
        gps: text(t.gps),
        status: t.status,
        origin_value: t.origin_value ?? '',
      }
    : EMPTY_TRAILER_FORM;

/** Create or edit a trailer; a reefer type counts PM in engine hours. */
export function TrailerDialog({ id, opened, readOnly, onClose, onSaved }: Props) {
  const queryClient = useQueryClient();
  const { data, form } = useRecordForm<TrailerForm, Loaded>({
    queryKey: ['trailer', id],
    opened,
    load: () => (id ? api.get<Loaded>(`/trailers/${id}/edit`) : api.get<Loaded>('/trailers/create')),
    initialValues: EMPTY_TRAILER_FORM,
    schema: TrailerFormSchema,
    toValues: (loaded) => toForm(loaded.trailer),
  });

  const submit = form.onSubmit((values) =>
    saveRecord(form, {
      save: () =>
        id
          ? api.put<{ message: string }>(`/trailers/${id}`, values)
          : api.post<{ message: string }>('/trailers', values),
      afterAlert: () => queryClient.invalidateQueries({ queryKey: ['trailer'] }),
      onSaved,
      onClose,
    }),
  );

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
      loading={!data}
      readOnly={readOnly}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate data-testid="trailer-dialog">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <SimpleGrid cols={3} spacing="sm">
              <TextInput
                label="Trailer number"
                withAsterisk
                data-testid="field-trailer_number"
                {...form.getInputProps('trailer_number')}
              />
              <Select
                label="Trailer type"
                clearable
                data={types.map((t) => ({ value: String(t.value), label: t.reefer ? `${t.label} (reefer)` : t.label }))}
                {...form.getInputProps('trailer_type_id')}
              />
              <Select
                label="Status"
                withAsterisk
                data={Object.entries(UNIT_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
                {...form.getInputProps('status')}
              />
              <TextInput label="Size" placeholder="53 ft" {...form.getInputProps('size')} />
              <TextInput label="Make" {...form.getInputProps('make')} />
              <NumberInput label="Year" allowDecimal={false} {...form.getInputProps('year')} />
              <TextInput label="VIN" {...form.getInputProps('vin')} />
              <TextInput label="Plate" {...form.getInputProps('plate')} />
              <TextInput label="GPS" {...form.getInputProps('gps')} />
              <Select
                label="Customer"
                searchable
                clearable
                data={(data?.options.customers ?? []).map((c) => ({ value: String(c.value), label: c.label }))}
                {...form.getInputProps('customer_id')}
              />
              <TextInput label="Company owner" {...form.getInputProps('company_owner')} />
              <NumberInput
                label="Origin value"
                prefix="$"
                thousandSeparator=","
                decimalScale={2}
                {...form.getInputProps('origin_value')}
              />
              <TextInput label="Alignment date" type="date" {...form.getInputProps('alignment_date')} />
              <TextInput label="Annual inspection" type="date" {...form.getInputProps('annual_inspection_date')} />
              <TextInput label="Registration expires" type="date" {...form.getInputProps('registration_expires_on')} />
              <NumberInput
                label={`Reading (${unit})`}
                thousandSeparator=","
                allowDecimal={false}
                {...form.getInputProps('odometer')}
              />
              <NumberInput
                label={`Next PM at (${unit})`}
                thousandSeparator=","
                allowDecimal={false}
                {...form.getInputProps('pm_miles')}
              />
            </SimpleGrid>
            {data?.trailer?.truck_number && (
              <Text size="xs" c="dimmed">
                On truck {data.trailer.truck_number}.
              </Text>
            )}
            {!readOnly && <RecordDialogFooter onClose={onClose} />}
          </Stack>
        </fieldset>
      </form>
    </UnitDialog>
  );
}
