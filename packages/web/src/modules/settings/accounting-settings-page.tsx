import { ACTION, SECTION } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/settings/settings.contract';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { QueryState } from '../../platform/query-state';
import { useRecordForm } from '../../platform/record/use-record-form';
import { fetchAccountSettings, saveAccountSettings, settingsKeys } from './settings.api';

/**
 * Settings → Accounting settings (GET/POST /settings/account): invoice numbering, payment terms and
 * the remit-to address printed on invoices, the accounting services (status, name, default), the
 * Zelle account customers pay to, pay rules, shop billing (sublet markup, labour taxable) and the
 * motivation programme's miles.
 */
export function AccountingSettingsPage() {
  const canEdit = allowsButton(usePermissionTree(), { section: SECTION.Settings, ids: [ACTION.EDIT] });
  const query = useQuery({ queryKey: settingsKeys.account, queryFn: fetchAccountSettings });
  return (
    <Stack gap="md" data-testid="accounting-settings-page">
      <Title order={1}>Accounting settings</Title>
      <QueryState query={query}>{(data) => <AccountingSettingsForm data={data} canEdit={canEdit} />}</QueryState>
    </Stack>
  );
}

const valuesOf = (data: C.AccountSettings): C.AccountSettingsInput =>
  ({
    ...data,
    service: data.service.map((s) => ({ ...s, status: s.status === 1 ? 1 : 0 })),
  }) as C.AccountSettingsInput;

/** The loaded settings as one form, saved whole. */
function AccountingSettingsForm({ data, canEdit }: { data: C.AccountSettings; canEdit: boolean }) {
  const { form, submit, saving } = useRecordForm({
    initialValues: valuesOf(data),
    schema: C.AccountSettingsFormSchema,
    save: saveAccountSettings,
    invalidate: settingsKeys.account,
  });
  // The saved settings come back (a new service with its id): the form takes them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the settings are loaded
  useEffect(() => {
    form.setValues(valuesOf(data));
  }, [data]);
  const services = form.values.service;
  const defaultIndex = services.findIndex((s) => s.default);
  return (
    <form onSubmit={submit}>
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Card withBorder>
              <Title order={4} mb="xs">
                Invoices
              </Title>
              <SimpleGrid cols={3}>
                <TextInput label="Invoice prefix" placeholder="BH-" {...form.getInputProps('setting.invoice_prefix')} />
                <NumberInput
                  label="Next invoice number"
                  min={1}
                  {...form.getInputProps('setting.next_invoice_number')}
                />
                <NumberInput
                  label="Payment terms"
                  suffix=" days"
                  min={0}
                  max={180}
                  {...form.getInputProps('setting.payment_terms_days')}
                />
              </SimpleGrid>
              <Textarea
                label="Remit-to address (printed on invoices)"
                autosize
                minRows={3}
                mt="sm"
                {...form.getInputProps('setting.remit_to')}
              />
            </Card>
            <Card withBorder>
              <Title order={4} mb="xs">
                Zelle account
              </Title>
              <SimpleGrid cols={1}>
                <TextInput label="Account name" {...form.getInputProps('zelleAccount.name')} />
                <SimpleGrid cols={2}>
                  <TextInput label="E-mail" {...form.getInputProps('zelleAccount.email')} />
                  <TextInput label="Phone" placeholder="(214) 555-0100" {...form.getInputProps('zelleAccount.phone')} />
                </SimpleGrid>
              </SimpleGrid>
            </Card>
          </SimpleGrid>
          <Card withBorder>
            <Group justify="space-between" mb="xs">
              <Title order={4}>Accounting services</Title>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('service', { name: 'Name', status: 1, default: false })}
              >
                Add service
              </Button>
            </Group>
            <Table striped withTableBorder data-testid="accounting-services">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>ID</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th w={120}>Active</Table.Th>
                  <Table.Th w={100}>Default</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {services.map((s, i) => (
                  <Table.Tr key={s.id ?? `new-${i}`}>
                    <Table.Td>{s.id ?? 'new'}</Table.Td>
                    <Table.Td>
                      <TextInput aria-label="Service name" size="xs" {...form.getInputProps(`service.${i}.name`)} />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label="Active"
                        checked={s.status === 1}
                        onChange={(e) => form.setFieldValue(`service.${i}.status`, e.currentTarget.checked ? 1 : 0)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Radio
                        aria-label="Default service"
                        checked={i === defaultIndex}
                        onChange={() =>
                          form.setFieldValue(
                            'service',
                            services.map((x, j) => ({ ...x, default: j === i })),
                          )
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Card withBorder data-testid="pay-rules">
            <Title order={4} mb="xs">
              Pay rules
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="Weekly minimum pay"
                description="A company driver's statement warns when deductions leave less for the week (FLSA; federal: $7.25 × 40 h = $290.00)."
                prefix="$"
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator=","
                min={0}
                data-testid="field-pay.min_weekly_pay"
                {...form.getInputProps('pay.min_weekly_pay')}
              />
            </SimpleGrid>
          </Card>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Card withBorder data-testid="shop-rules">
              <Title order={4} mb="xs">
                Shop billing
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label="Sublet markup"
                  description="Added to vendors' invoices (a tow, outside machining) on a customer's work order."
                  suffix=" %"
                  decimalScale={3}
                  min={0}
                  max={100}
                  data-testid="field-shop.sublet_markup_percent"
                  {...form.getInputProps('shop.sublet_markup_percent')}
                />
                <Switch
                  mt="lg"
                  label="Labour is taxable"
                  description="Charge the work order's tax on labour as well as parts (as the state requires)."
                  data-testid="field-shop.labor_taxable"
                  {...form.getInputProps('shop.labor_taxable', { type: 'checkbox' })}
                />
              </SimpleGrid>
            </Card>
            <Card withBorder data-testid="motivation-rules">
              <Title order={4} mb="xs">
                Motivation programme
              </Title>
              <NumberInput
                label="Safe-driving bonus: minimum miles a month"
                description="A clean month earns the bonus only with at least these miles driven."
                suffix=" mi"
                thousandSeparator=","
                min={0}
                max={100000}
                data-testid="field-motivation.safe_driving_min_miles"
                {...form.getInputProps('motivation.safe_driving_min_miles')}
              />
            </Card>
          </SimpleGrid>
          {canEdit && (
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
