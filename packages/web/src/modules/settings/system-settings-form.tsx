import * as C from '@backhaul/shared/modules/settings/settings.contract';
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QueryState } from '../../platform/query-state';
import { useRecordForm } from '../../platform/record/use-record-form';
import { fetchSystemSettings, type SystemSettingsUrl, saveSystemSettings, settingsKeys } from './settings.api';

type Option = { id: number; name: string };
const opts = (list: Option[]) => list.map((o) => ({ value: String(o.id), label: o.name }));
const PAGE_SIZES = ['10', '15', '20', '50', '100'];

/** A list input's message: the list's own or its first item's ('report_contacts.2'). */
// biome-ignore lint/suspicious/noExplicitAny: nested paths of any settings form
const listError = (form: UseFormReturnType<any>, path: string) =>
  form.errors[path] ?? Object.entries(form.errors).find(([k]) => k.startsWith(`${path}.`))?.[1];

/** An id select over nested form values (numbers in the form, strings in the input). */
function IdSelect(props: {
  // biome-ignore lint/suspicious/noExplicitAny: nested paths of any settings form
  form: UseFormReturnType<any>;
  path: string;
  label: string;
  data: Option[];
}) {
  const input = props.form.getInputProps(props.path);
  return (
    <Select
      label={props.label}
      data={opts(props.data)}
      clearable
      searchable
      {...input}
      value={input.value == null || input.value === '' ? null : String(input.value)}
      onChange={(v) => props.form.setFieldValue(props.path, v === null ? null : Number(v))}
    />
  );
}

/**
 * The system settings (dispatcher, maps, trailer types, departments, report and trucks-on-the-road
 * recipients, the statistics slots): one form, saved whole; the old and the new screen differ only
 * in the call they use.
 */
export function SystemSettingsForm({ url, readOnly }: { url: SystemSettingsUrl; readOnly?: boolean }) {
  const query = useQuery({ queryKey: [...settingsKeys.system, url], queryFn: () => fetchSystemSettings(url) });
  return <QueryState query={query}>{(s) => <SettingsFields s={s} url={url} readOnly={readOnly} />}</QueryState>;
}

/** The form's values: the settings without the lists shown beside them. */
function valuesOf(data: C.SystemSettings): C.SystemSettingsInput {
  const { departments: _d, options: _o, ...values } = data;
  return values as C.SystemSettingsInput;
}

function SettingsFields({ s, url, readOnly }: { s: C.SystemSettings; url: SystemSettingsUrl; readOnly?: boolean }) {
  const { form, submit, saving } = useRecordForm({
    initialValues: valuesOf(s),
    schema: C.SystemSettingsFormSchema,
    save: (values) => saveSystemSettings(url, values),
    invalidate: settingsKeys.system,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the settings are loaded
  useEffect(() => {
    const values = valuesOf(s);
    form.setValues(values);
    form.resetDirty(values);
  }, [s]);
  return (
    <form onSubmit={submit} data-testid="system-settings-form">
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Card withBorder>
              <Title order={4} mb="xs">
                General
              </Title>
              <SimpleGrid cols={2}>
                <TextInput label="Company name" withAsterisk {...form.getInputProps('setting.company_name')} />
                <Select
                  label="Default rows per page"
                  data={PAGE_SIZES}
                  {...form.getInputProps('setting.default_page_size')}
                  value={String(form.values.setting.default_page_size)}
                  onChange={(v) => v && form.setFieldValue('setting.default_page_size', Number(v) as 20)}
                />
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={4} mb="xs">
                Maps and mileage
              </Title>
              <SimpleGrid cols={2}>
                <Select
                  label="Provider"
                  data={[{ value: 'offline', label: 'Offline (great circle × road factor)' }]}
                  {...form.getInputProps('maps.provider')}
                />
                <NumberInput
                  label="Road factor"
                  min={1}
                  max={2}
                  step={0.01}
                  decimalScale={3}
                  {...form.getInputProps('maps.road_factor')}
                />
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={4} mb="xs">
                Dispatcher
              </Title>
              <SimpleGrid cols={2}>
                <IdSelect
                  form={form}
                  path="dispatcher.default_dispatcher_id"
                  label="Default dispatcher"
                  data={s.options.users}
                />
                <TextInput label="Default trip status" {...form.getInputProps('dispatcher.default_trip_status')} />
                <IdSelect
                  form={form}
                  path="trailer_type.default_id"
                  label="Default trailer type"
                  data={s.options.trailer_types}
                />
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={4} mb="xs">
                Statistics
              </Title>
              <SimpleGrid cols={2}>
                <IdSelect
                  form={form}
                  path="statistics_data.sales_person_id"
                  label="Sales person"
                  data={s.options.users}
                />
                <IdSelect form={form} path="statistics_data.manager_id" label="Manager" data={s.options.users} />
                <NumberInput
                  label="After hours"
                  suffix=" h"
                  min={0}
                  max={24}
                  {...form.getInputProps('statistics_data.after_hours')}
                />
                <IdSelect form={form} path="statistics_data.shift_id" label="Shift" data={s.options.shifts} />
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={4} mb="xs">
                E-mail recipients
              </Title>
              <Stack gap="xs">
                <TagsInput
                  label="Report contacts"
                  placeholder="Type an address, Enter"
                  {...form.getInputProps('report_contacts')}
                  error={listError(form, 'report_contacts')}
                />
                <TagsInput
                  label="Trucks on the road"
                  placeholder="Type an address, Enter"
                  {...form.getInputProps('trucksOnTheRoad')}
                  error={listError(form, 'trucksOnTheRoad')}
                />
              </Stack>
            </Card>
            <Card withBorder>
              <Title order={4} mb="xs">
                Departments
              </Title>
              <Group gap={6} data-testid="settings-departments">
                {s.departments.map((d) => (
                  <Badge key={d.id} variant="light">
                    {d.name}
                  </Badge>
                ))}
              </Group>
              <Text size="xs" c="dimmed" mt="xs">
                Edited in the Departments list.
              </Text>
            </Card>
          </SimpleGrid>
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={saving}>
                Save settings
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
