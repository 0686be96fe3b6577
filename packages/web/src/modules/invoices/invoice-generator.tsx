import { ACTION, SECTION } from '@backhaul/shared';
import { formatMoney, formatMoneyExact, nowInCompanyTimeZone, pluralize } from '@backhaul/shared/formats/formats';
import {
  GENERATE_MAX_DAYS,
  GenerateBodySchema,
  GenerateOptionsSchema,
  type GenerateResult,
  GenerateStartedSchema,
} from '@backhaul/shared/modules/invoices/invoices.contract';
import { Button, Card, Group, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { api } from '../../platform/api-client';
import { DataTable } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DateField } from '../../platform/forms/date-field';
import { useRecordForm } from '../../platform/record/use-record-form';
import { JobProgress } from '../../platform/services/job-progress';

type Form = {
  preset: string;
  from: string;
  to: string;
  service_id: string;
  customer_ids: string[];
  description: string;
};
const EMPTY: Form = { preset: 'custom', from: '', to: '', service_id: '', customer_ids: [], description: '' };
const toBody = (f: Form) => ({
  from: f.from,
  to: f.to,
  service_id: f.service_id ? Number(f.service_id) : null,
  customer_ids: f.customer_ids.map(Number),
  description: f.description,
});
const METHOD: Record<string, string> = {
  percent_of_gross: '% of gross',
  per_driver_week: 'per driver a week',
  flat_month: 'a month',
};

/** The generation form (GET /generate-invoice/create, POST /generate-invoice): a job with a progress bar. */
function GenerateForm({ onDone }: { onDone: () => void }) {
  const query = useQuery({
    queryKey: ['generate-invoice', 'create'],
    queryFn: () => api.get('/generate-invoice/create', { schema: GenerateOptionsSchema }),
  });
  const options = query.data;
  const today = nowInCompanyTimeZone().date;
  const [jobId, setJobId] = useState<string | null>(null);
  const { form, submit, saving } = useRecordForm({
    initialValues: EMPTY,
    schema: GenerateBodySchema,
    body: toBody,
    // The run's progress bar says when it is done; its start is not alerted.
    save: async (body) => (await api.post('/generate-invoice', body, { schema: GenerateStartedSchema })).job_id,
    onSaved: (id) => setJobId(id),
  });
  // The Accounting settings' default service is where the form starts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the options arrive
  useEffect(() => {
    if (options?.default_service_id && !form.values.service_id)
      form.setFieldValue('service_id', String(options.default_service_id));
  }, [options?.default_service_id]);
  const choosePreset = (id: string) => {
    const p = options?.periods.find((x) => x.id === id);
    form.setValues(p ? { preset: id, from: p.from, to: p.to } : { preset: id });
  };
  const services = (options?.services ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.name} (${s.billing_method === 'percent_of_gross' ? `${s.rate} %` : formatMoneyExact(s.rate)} ${METHOD[s.billing_method] ?? ''})`,
  }));

  return (
    <Card withBorder padding="sm" data-testid="invoice-generator-form">
      <form noValidate onSubmit={submit}>
        <Stack gap="xs">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <SegmentedControl
              size="xs"
              value={form.values.preset}
              onChange={choosePreset}
              data={[
                ...(options?.periods ?? []).map((p) => ({ value: p.id, label: p.label })),
                { value: 'custom', label: 'Custom' },
              ]}
            />
            <DateField size="xs" w={170} label="From" maxDate={today} withAsterisk {...form.getInputProps('from')} />
            <DateField size="xs" w={170} label="To" maxDate={today} withAsterisk {...form.getInputProps('to')} />
            <Select
              size="xs"
              w={260}
              label="Service"
              placeholder="All services"
              clearable
              data={services}
              {...form.getInputProps('service_id')}
            />
            <MultiSelect
              size="xs"
              w={300}
              label="Customers"
              placeholder="All customers"
              searchable
              data={(options?.customers ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              {...form.getInputProps('customer_ids')}
            />
            <TextInput size="xs" w={220} label="Description" {...form.getInputProps('description')} />
            <Button
              size="xs"
              type="submit"
              loading={saving}
              disabled={jobId !== null && saving}
              data-testid="generate-invoices"
            >
              Generate invoices
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Bills each customer for the services it buys: billed loads delivered in the period (once per load), active
            drivers per week, or the flat monthly fee. Running it again for the same period bills only what is new. A
            period ends today at the latest and spans at most {GENERATE_MAX_DAYS} days.
          </Text>
          {jobId && (
            <JobProgress
              key={jobId}
              jobId={jobId}
              label="Generating invoices (customers)"
              onCompleted={(job) => {
                const r = job.result as GenerateResult | null;
                showAlert(
                  'success',
                  `${pluralize(r?.invoices ?? 0, 'invoice generated', 'invoices generated')}, ${formatMoney(r?.amount ?? 0)}.`,
                );
                onDone();
              }}
            />
          )}
        </Stack>
      </form>
    </Card>
  );
}

/** Invoice generator (section 121): the form (CREATE 8) and the generated invoices list (VIEW 10). */
export function InvoiceGenerator() {
  const tree = usePermissionTree();
  const [refreshKey, setRefreshKey] = useState(0);
  const canCreate = allowsButton(tree, { section: SECTION.InvoiceGenerator, ids: [ACTION.CREATE] });
  return (
    <Stack gap="sm">
      {canCreate && <GenerateForm onDone={() => setRefreshKey((k) => k + 1)} />}
      <DataTable
        url="/generate-invoice/list"
        listKey="generate-invoice"
        urlPrefix="g"
        rowId={(r) => Number(r.invoice_id)}
        refreshKey={refreshKey}
        toolbar={{ export: true }}
      />
    </Stack>
  );
}
