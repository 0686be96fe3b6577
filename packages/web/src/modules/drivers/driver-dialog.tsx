import { MSG } from '@backhaul/shared';
import { formatPhone, normalizePhoneInput } from '@backhaul/shared/formats/formats';
import {
  DRIVER_FILE_ENTITY,
  DRIVER_SERVICES,
  DRIVER_TYPES,
  DriverContractFormSchema,
  type DriverFile,
  type DriverForm,
  DriverFormSchema,
  driverToForm,
  EMPTY_DRIVER_FORM,
  PAYMENT_TYPES,
} from '@backhaul/shared/modules/drivers/drivers.contract';
import {
  Badge,
  Divider,
  Group,
  Loader,
  Modal,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { showAlert } from '../../platform/alerts-store';
import { DateField } from '../../platform/forms/date-field';
import { RecordDialogFooter } from '../../platform/record/record-dialog';
import { underRow, useRecordForm } from '../../platform/record/use-record-form';
import { uploadFile } from '../../platform/services/files.api';
import { DriverPayPanel } from '../driver-pay';
import { loadQualification, QualificationPanel, qualificationKeys, ScoreTrendChart } from '../safety';
import { type ContractDraft, DriverContracts, type DriverDialogValues, toDraft } from './driver-contracts';
import { DriverFiles, type PendingFile } from './driver-files';
import { destroyContracts, destroyFiles, loadDriverDialog, saveContract, saveDriver } from './drivers.api';

type Props = { id: number | null; opened: boolean; readOnly: boolean; onClose: () => void; onSaved: () => void };

/** The driver's own rate, to the thousandth, labelled by how it pays. */
const RATE_LABEL: Record<DriverForm['payment_type'], string> = {
  per_mile: '$ per mile',
  percent: '% of line haul',
  flat: '$ per load',
  hourly: '$ per hour',
};

/** What Save checks: the driver, and each new or changed contract where it stands (`contracts.2.form.rate`). */
const DialogSchema = DriverFormSchema.extend({
  contracts: z.array(z.object({ form: DriverContractFormSchema }).nullable()),
});

const EMPTY: DriverDialogValues = { ...EMPTY_DRIVER_FORM, contracts: [] };

const choices = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const asOptions = (rows: Array<{ value: string | number; label: string }> | undefined) =>
  (rows ?? []).map((o) => ({ value: String(o.value), label: o.label }));

/**
 * Create, edit or view a driver with its contracts and files. Everything is applied on Save:
 * the driver, new files, new and changed contracts, then the drafted deletions in one call each.
 */
export function DriverDialog({ id, opened, readOnly, onClose, onSaved }: Props) {
  const query = useQuery({
    queryKey: ['driver-dialog', id],
    queryFn: () => loadDriverDialog(id),
    enabled: opened,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const data = query.data;
  // The qualification file's completeness on the tab (the panel reads the same query).
  const dq = useQuery({
    queryKey: qualificationKeys.record(id ?? 0),
    queryFn: () => loadQualification(id ?? 0),
    enabled: opened && id !== null,
    staleTime: 0,
  });
  const [savedId, setSavedId] = useState<number | null>(null);
  const [files, setFiles] = useState<DriverFile[]>([]);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [dropFiles, setDropFiles] = useState<Set<number>>(new Set());
  const [dropContracts, setDropContracts] = useState<Set<number>>(new Set());
  const changed = (d: ContractDraft) => d.dirty && !(d.id !== undefined && dropContracts.has(d.id));

  // The api client alerts its own failures; an upload is a plain fetch, so it alerts here.
  const upload = async (driverId: number, file: File, category: string) => {
    try {
      return await uploadFile({ entity: DRIVER_FILE_ENTITY, entityId: driverId, file, category });
    } catch (err) {
      showAlert('error', err instanceof Error ? err.message : MSG.savingError);
      throw err;
    }
  };

  /** After the driver: new files, new and changed contracts (a 422 under its row), then the drafted deletions. */
  const saveChildren = async (driverId: number, contracts: ContractDraft[]) => {
    for (const p of pending) {
      const stored = await upload(driverId, p.file, p.category);
      setFiles((f) => [stored, ...f]);
      setPending((list) => list.filter((x) => x.key !== p.key));
    }
    for (const [i, d] of contracts.entries()) {
      if (!changed(d)) continue;
      let draft = d;
      if (d.signed) {
        const signed = await upload(driverId, d.signed, 'contract');
        setFiles((f) => [signed, ...f]);
        // Kept on the row, so a second Save does not upload it again.
        draft = { ...d, file: signed, signed: undefined, form: { ...d.form, file_id: signed.id } };
        form.setFieldValue(`contracts.${i}`, draft);
      }
      const res = await underRow(`contracts.${i}.form`, () =>
        saveContract({ driverId, contractId: draft.id, form: draft.form }),
      );
      form.setFieldValue(`contracts.${i}`, toDraft(res.contract));
    }
    if (dropFiles.size) await destroyFiles({ driver_id: driverId, ids: [...dropFiles] });
    if (dropContracts.size) await destroyContracts({ driver_id: driverId, ids: [...dropContracts] });
  };

  const { form, submit, saving } = useRecordForm({
    initialValues: EMPTY,
    schema: DialogSchema,
    body: (values) => ({ ...values, contracts: values.contracts.map((d) => (changed(d) ? { form: d.form } : null)) }),
    save: async (_, { contracts, ...driver }) => {
      const saved = await saveDriver(id ?? savedId, driver);
      setSavedId(saved.driver.id);
      try {
        await saveChildren(saved.driver.id, contracts);
      } finally {
        // What was saved shows in the list, also when a later call failed (and was announced).
        onSaved();
      }
      return saved;
    },
    onSaved: onClose,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on a loaded record
  useEffect(() => {
    if (!opened || !data || query.isFetching) return;
    const values = {
      ...(data.driver ? driverToForm(data.driver) : EMPTY),
      contracts: (data.contracts ?? []).map(toDraft),
    };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setSavedId(null);
    setFiles(data.files ?? []);
    setPending([]);
    setDropFiles(new Set());
    setDropContracts(new Set());
  }, [opened, data, query.isFetching]);

  const toggle = (set: Set<number>, value: number) => {
    const next = new Set(set);
    if (!next.delete(value)) next.add(value);
    return next;
  };

  const select = (field: keyof DriverForm, options: SelectProps['data'], label: string, extra: SelectProps = {}) => {
    const v = form.values[field];
    return (
      <Select
        label={label}
        data={options}
        searchable
        clearable
        value={v === null || v === '' || v === undefined ? null : String(v)}
        onChange={(next) =>
          form.setFieldValue(field, (field.endsWith('_id') ? (next ? Number(next) : null) : (next ?? '')) as never)
        }
        error={form.errors[field]}
        data-testid={`field-${field}`}
        {...extra}
      />
    );
  };
  // Shown in the spec's format, kept as digits (normalizePhoneInput drops the +1 and the marks).
  const phone = (field: 'phone' | 'phone2') => ({
    ...form.getInputProps(field),
    value: formatPhone(String(form.values[field] ?? '')),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, normalizePhoneInput(e.currentTarget.value)),
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={readOnly ? 'Driver' : id ? 'Edit driver' : 'New driver'}
      size="85rem"
      centered
    >
      {!data || query.isFetching ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <Tabs defaultValue="driver" keepMounted>
          {/* The qualification file and the score trend of a saved driver: beside the form, never inside it. */}
          {id ? (
            <Tabs.List mb="sm">
              <Tabs.Tab value="driver">Driver</Tabs.Tab>
              <Tabs.Tab
                value="qualification"
                data-testid="driver-tab-qualification"
                rightSection={
                  dq.data ? (
                    <Badge
                      size="sm"
                      color={dq.data.completeness.complete ? 'green' : dq.data.completeness.expired ? 'red' : 'orange'}
                      data-testid="driver-dq-badge"
                    >
                      {dq.data.completeness.label}
                    </Badge>
                  ) : null
                }
              >
                Qualification and safety score
              </Tabs.Tab>
            </Tabs.List>
          ) : null}
          <Tabs.Panel value="driver">
            <form onSubmit={submit} noValidate data-testid="driver-dialog">
              <Stack gap="sm">
                <fieldset disabled={readOnly || saving} style={{ border: 0, padding: 0, margin: 0 }}>
                  <SimpleGrid cols={4} spacing="sm" verticalSpacing="xs">
                    <TextInput
                      label="Driver"
                      withAsterisk
                      data-testid="field-driver"
                      {...form.getInputProps('driver')}
                    />
                    <TextInput
                      label="Phone"
                      withAsterisk
                      placeholder="(312) 555-0100"
                      data-testid="field-phone"
                      {...phone('phone')}
                    />
                    <TextInput label="Phone 2" data-testid="field-phone2" {...phone('phone2')} />
                    <TextInput label="E-mail" data-testid="field-email" {...form.getInputProps('email')} />
                    {select('driver_type', choices(DRIVER_TYPES), 'Driver type', {
                      clearable: false,
                      withAsterisk: true,
                    })}
                    {select('service', choices(DRIVER_SERVICES), 'Service')}
                    <TextInput label="ELD name" data-testid="field-eld_name" {...form.getInputProps('eld_name')} />
                    <Switch
                      label="Safety service"
                      mt={28}
                      data-testid="field-safety"
                      {...form.getInputProps('safety', { type: 'checkbox' })}
                    />
                    {select('customer_id', asOptions(data.options.customers), 'Customer')}
                    {select('truck_id', asOptions(data.options.trucks), 'Truck')}
                    {select('trailer_id', asOptions(data.options.trailers), 'Trailer')}
                    {select('trailer_type_id', asOptions(data.options.trailer_types), 'Trailer type')}
                    <TextInput
                      label={RATE_LABEL[form.values.payment_type]}
                      withAsterisk
                      inputMode="decimal"
                      placeholder={form.values.payment_type === 'percent' ? '88.5' : '0.575'}
                      {...(form.values.payment_type === 'percent' ? { rightSection: '%' } : { leftSection: '$' })}
                      data-testid="field-amount"
                      {...form.getInputProps('amount')}
                    />
                    {select('payment_type', choices(PAYMENT_TYPES), 'Payment type', {
                      clearable: false,
                      withAsterisk: true,
                    })}
                    <TextInput
                      label="CDL number"
                      data-testid="field-cdl_number"
                      {...form.getInputProps('cdl_number')}
                    />
                    <DateField
                      label="CDL expires"
                      data-testid="field-cdl_expires_on"
                      {...form.getInputProps('cdl_expires_on')}
                    />
                    <DateField
                      label="Medical card expires"
                      data-testid="field-medical_card_expires_on"
                      {...form.getInputProps('medical_card_expires_on')}
                    />
                    <DateField label="Hired" data-testid="field-hired_on" {...form.getInputProps('hired_on')} />
                    <DateField
                      label="Terminated"
                      data-testid="field-terminated_on"
                      {...form.getInputProps('terminated_on')}
                    />
                    <Switch
                      label="Active"
                      mt={28}
                      data-testid="field-active"
                      {...form.getInputProps('active', { type: 'checkbox' })}
                    />
                  </SimpleGrid>
                </fieldset>

                {/* Outside the fieldset: a view-only holder still opens contracts and files. */}
                <Divider label="Contracts" labelPosition="left" />
                <DriverContracts
                  form={form}
                  drafted={dropContracts}
                  readOnly={readOnly || saving}
                  onToggleDelete={(cid) => setDropContracts((s) => toggle(s, cid))}
                />

                <Divider label="Files" labelPosition="left" />
                <DriverFiles
                  files={files}
                  pending={pending}
                  drafted={dropFiles}
                  readOnly={readOnly || saving}
                  onAdd={(p) => setPending((list) => [...list, p])}
                  onRemovePending={(key) => setPending((list) => list.filter((p) => p.key !== key))}
                  onToggleDelete={(fid) => setDropFiles((s) => toggle(s, fid))}
                  documentTypes={data.options.document_types}
                />
                {/* Advances outstanding, escrow and the final statement a lease's end calls for. */}
                {id ? <DriverPayPanel driverId={id} /> : null}
              </Stack>
              <RecordDialogFooter onClose={onClose} readOnly={readOnly} loading={saving} mt="md" />
            </form>
          </Tabs.Panel>
          {id ? (
            <Tabs.Panel value="qualification">
              <Stack gap="sm">
                <Divider label="Driver qualification file" labelPosition="left" />
                <QualificationPanel driverId={id} />
                <Divider label="Safety score" labelPosition="left" />
                <ScoreTrendChart driverId={id} />
              </Stack>
            </Tabs.Panel>
          ) : null}
        </Tabs>
      )}
    </Modal>
  );
}
