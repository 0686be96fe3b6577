import { ACTION, SECTION } from '@backhaul/shared';
import { formatMoneyExact } from '@backhaul/shared/formats/formats';
import { CustomerServiceRatesBodySchema } from '@backhaul/shared/modules/customers/customers.contract';
import { Button, Group, NumberInput, Table, Text } from '@mantine/core';
import { useEffect } from 'react';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { useRecordForm } from '../../platform/record/use-record-form';
import { saveCustomerServiceRates, serviceRatesKey, useCustomerServiceRates } from './customers.api';

type Values = { rates: Array<{ service_id: number; rate: number | string | null }> };

/**
 * The customer's own rates for the accounting services, on its card: each service's default and
 * the customer's rate (empty: the default); an editor of Customers saves them (422 onto the field).
 */
export function CustomerServiceRates({ customerId }: { customerId: number }) {
  const canEdit = allowsButton(usePermissionTree(), { section: SECTION.Customers, ids: [ACTION.EDIT] });
  const { data } = useCustomerServiceRates(customerId);
  const empty: Values = { rates: [] };
  const { form, submit, saving } = useRecordForm({
    initialValues: empty,
    schema: CustomerServiceRatesBodySchema,
    // An empty field is the default rate (null): mapped before the schema checks the body, so a
    // service left at its default does not stop the save.
    body: (values) => ({
      rates: values.rates.map((r) => ({ service_id: r.service_id, rate: r.rate === '' ? null : r.rate })),
    }),
    save: (body) => saveCustomerServiceRates(customerId, body),
    invalidate: serviceRatesKey(customerId),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the rates are loaded
  useEffect(() => {
    if (data) form.setValues({ rates: data.rates.map((r) => ({ service_id: r.service_id, rate: r.rate ?? '' })) });
  }, [data]);
  if (!data) return null;
  if (!data.rates.length)
    return (
      <Text size="sm" c="dimmed">
        No accounting services.
      </Text>
    );
  return (
    <form onSubmit={submit} data-testid="customer-service-rates">
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Service</Table.Th>
            <Table.Th>Default</Table.Th>
            <Table.Th w={170}>Customer's rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.rates.map((r, i) => {
            const percent = r.unit === 'percent';
            return (
              <Table.Tr key={r.service_id}>
                <Table.Td>{r.service}</Table.Td>
                <Table.Td>{percent ? `${r.default_rate} %` : formatMoneyExact(r.default_rate)}</Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    aria-label={`${r.service} rate`}
                    placeholder="Default"
                    // The rate schema keeps thousandths: the input shows a rate as saved, never rounded.
                    decimalScale={3}
                    min={0}
                    disabled={!canEdit}
                    {...(percent ? { suffix: ' %' } : { prefix: '$' })}
                    {...form.getInputProps(`rates.${i}.rate`)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {canEdit && (
        <Group justify="flex-end" mt="xs">
          <Button type="submit" size="xs" loading={saving}>
            Save rates
          </Button>
        </Group>
      )}
    </form>
  );
}
