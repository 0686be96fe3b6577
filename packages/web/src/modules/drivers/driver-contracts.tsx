import { formatMilliDollars, formatMilliPercent } from '@backhaul/shared/formats/formats';
import {
  CONTRACT_TYPES,
  type DriverContract,
  type DriverContractForm,
  type DriverFile,
  type DriverForm,
  EMPTY_CONTRACT_FORM,
  FUEL_PAID_BY,
  PAY_BASIS,
} from '@backhaul/shared/modules/drivers/drivers.contract';
import { toMilli } from '@backhaul/shared/schemas/rate';
import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowBackUp, IconFileText, IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '../../platform/forms/date-field';
import { UploadButton } from '../../platform/forms/upload-button';
import { downloadLink } from '../../platform/services/download';
import { showContract } from './drivers.api';

/** A contract row of the dialog: saved (with id) or new; `signed` is a copy chosen to upload on save. */
export type ContractDraft = {
  key: string;
  id?: number;
  form: DriverContractForm;
  file: DriverFile | null;
  signed?: File;
  dirty: boolean;
};

/** The driver dialog's form: the driver's fields and the contract rows (errors as `contracts.2.form.rate`). */
export type DriverDialogValues = DriverForm & { contracts: ContractDraft[] };

export const toDraft = (c: DriverContract): ContractDraft => ({
  key: `c${c.id}`,
  id: c.id,
  form: {
    contract_type: c.contract_type as DriverContractForm['contract_type'],
    rate: c.rate,
    fuel_paid_by: (c.fuel_paid_by ?? '') as DriverContractForm['fuel_paid_by'],
    pay_basis: c.pay_basis as DriverContractForm['pay_basis'],
    fsc_pass_through: c.fsc_pass_through,
    starts_on: c.starts_on,
    ends_on: c.ends_on ?? '',
    terms: c.terms ?? '',
    file_id: c.file_id,
  },
  file: c.file,
  dirty: false,
});

const TYPE_OPTIONS = Object.entries(CONTRACT_TYPES).map(([value, label]) => ({ value, label }));
/** Unset: the driver's type decides (owner-operators and lease drivers bear fuel, company drivers never). */
const BY_DRIVER_TYPE = 'by_driver_type';
const FUEL_OPTIONS = [
  { value: BY_DRIVER_TYPE, label: 'By driver type' },
  ...Object.entries(FUEL_PAID_BY).map(([value, label]) => ({ value, label })),
];
const BASIS_OPTIONS = Object.entries(PAY_BASIS).map(([value, label]) => ({ value, label }));
type ContractType = keyof typeof CONTRACT_TYPES;
/** What the rate is per, beside its input. */
const RATE_UNIT: Record<ContractType, string> = { per_mile: '/mi', percent: '%', flat: '/load', hourly: '/hr' };

/** A contract's rate exactly as written: "$0.575/mi", "88.5%", "$250.00/load", "$28.50/hr". */
export function formatContractRate(type: string, rate: number): string {
  const milli = toMilli(rate);
  if (type === 'percent') return formatMilliPercent(milli);
  return `${formatMilliDollars(milli)}${RATE_UNIT[type as ContractType] ?? ''}`;
}

type Props = {
  form: UseFormReturnType<DriverDialogValues>;
  drafted: ReadonlySet<number>;
  readOnly: boolean;
  onToggleDelete: (id: number) => void;
};

/** Pay contracts: rows of the dialog's form, edited inline, saved with the driver; deletions of saved ones are drafted. */
export function DriverContracts({ form, drafted, readOnly, onToggleDelete }: Props) {
  const [shown, setShown] = useState<DriverContract | null>(null);
  const drafts = form.values.contracts;
  // A changed row is checked and saved on Save; a change clears that input's message.
  const setField = (i: number, field: keyof DriverContractForm, value: string | boolean | null) => {
    form.setFieldValue(`contracts.${i}.form.${field}`, (value ?? '') as never);
    form.setFieldValue(`contracts.${i}.dirty`, true);
  };
  const attach = (i: number, file: File) => {
    form.setFieldValue(`contracts.${i}.signed`, file as never);
    form.setFieldValue(`contracts.${i}.dirty`, true);
  };
  const open = async (id: number) => setShown((await showContract(id)).contract);

  return (
    <>
      <Table withRowBorders={false} verticalSpacing={4} layout="fixed" data-testid="driver-contracts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>Type</Table.Th>
            <Table.Th w={125}>Rate</Table.Th>
            <Table.Th w={150}>Fuel paid by</Table.Th>
            <Table.Th w={180}>Pay loads</Table.Th>
            <Table.Th w={110}>Fuel surcharge</Table.Th>
            <Table.Th w={145}>Starts</Table.Th>
            <Table.Th w={145}>Ends</Table.Th>
            <Table.Th>Terms</Table.Th>
            <Table.Th w={80}>Signed copy</Table.Th>
            <Table.Th w={70} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drafts.map((d, i) => {
            const struck = d.id !== undefined && drafted.has(d.id);
            const error = (field: keyof DriverContractForm) => form.errors[`contracts.${i}.form.${field}`] || undefined;
            return (
              <Table.Tr
                key={d.key}
                data-testid="contract-row"
                data-drafted={struck || undefined}
                style={{ textDecoration: struck ? 'line-through' : undefined, opacity: struck ? 0.6 : 1 }}
              >
                <Table.Td>
                  <Select
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Contract type"
                    data={TYPE_OPTIONS}
                    allowDeselect={false}
                    value={String(d.form.contract_type)}
                    onChange={(v) => setField(i, 'contract_type', v)}
                    error={error('contract_type')}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Rate"
                    inputMode="decimal"
                    {...(d.form.contract_type === 'percent' ? {} : { leftSection: '$' })}
                    rightSection={
                      <Text size="xs" c="dimmed">
                        {RATE_UNIT[d.form.contract_type]}
                      </Text>
                    }
                    rightSectionWidth={38}
                    value={String(d.form.rate)}
                    onChange={(ev) => setField(i, 'rate', ev.currentTarget.value)}
                    error={error('rate')}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Fuel paid by"
                    data={FUEL_OPTIONS}
                    allowDeselect={false}
                    value={d.form.fuel_paid_by || BY_DRIVER_TYPE}
                    onChange={(v) => setField(i, 'fuel_paid_by', v === BY_DRIVER_TYPE ? '' : v)}
                    error={error('fuel_paid_by')}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Pay loads"
                    data={BASIS_OPTIONS}
                    allowDeselect={false}
                    value={d.form.pay_basis ?? 'delivery'}
                    onChange={(v) => setField(i, 'pay_basis', v)}
                    error={error('pay_basis')}
                  />
                </Table.Td>
                <Table.Td>
                  {/* Only percentage pay is computed on the line haul the surcharge may pass around. */}
                  {d.form.contract_type === 'percent' ? (
                    <Checkbox
                      size="xs"
                      label="passes through"
                      disabled={readOnly || struck}
                      aria-label="Fuel surcharge passes through"
                      checked={Boolean(d.form.fsc_pass_through)}
                      onChange={(ev) => setField(i, 'fsc_pass_through', ev.currentTarget.checked)}
                    />
                  ) : (
                    <Text size="xs" c="dimmed" title="Only percentage pay depends on the line haul">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <DateField
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Starts"
                    value={String(d.form.starts_on)}
                    onChange={(v) => setField(i, 'starts_on', v)}
                    error={error('starts_on')}
                  />
                </Table.Td>
                <Table.Td>
                  <DateField
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Ends"
                    value={String(d.form.ends_on ?? '')}
                    onChange={(v) => setField(i, 'ends_on', v)}
                    error={error('ends_on')}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Terms"
                    value={String(d.form.terms ?? '')}
                    onChange={(ev) => setField(i, 'terms', ev.currentTarget.value)}
                    error={error('terms')}
                  />
                </Table.Td>
                <Table.Td>
                  {d.signed ? (
                    <Text size="xs">{d.signed.name} (on save)</Text>
                  ) : d.file ? (
                    <Anchor size="xs" component="button" type="button" onClick={() => downloadLink(d.file?.url ?? '')}>
                      {d.file.name}
                    </Anchor>
                  ) : null}
                  {!readOnly && !struck && (
                    <UploadButton onFile={(f) => attach(i, f)}>
                      {(p) => (
                        <ActionIcon {...p} variant="subtle" size="sm" aria-label="Attach signed copy">
                          <IconPaperclip size={14} />
                        </ActionIcon>
                      )}
                    </UploadButton>
                  )}
                  {error('file_id') && (
                    <Text size="xs" c="red">
                      {error('file_id')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap" justify="flex-end">
                    {d.id !== undefined && (
                      <ActionIcon variant="subtle" aria-label="Show contract" onClick={() => open(d.id as number)}>
                        <IconFileText size={16} />
                      </ActionIcon>
                    )}
                    {!readOnly && (
                      <ActionIcon
                        variant="subtle"
                        color={struck ? 'gray' : 'red'}
                        aria-label={struck ? 'Keep contract' : 'Delete contract'}
                        onClick={() =>
                          d.id === undefined ? form.removeListItem('contracts', i) : onToggleDelete(d.id)
                        }
                      >
                        {struck ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {drafts.length === 0 && (
        <Text size="sm" c="dimmed">
          No contracts.
        </Text>
      )}
      {!readOnly && (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          data-testid="contract-add"
          onClick={() =>
            form.insertListItem('contracts', {
              key: `n${Date.now()}`,
              form: { ...EMPTY_CONTRACT_FORM },
              file: null,
              dirty: true,
            })
          }
        >
          Add contract
        </Button>
      )}
      <Modal opened={shown !== null} onClose={() => setShown(null)} title="Contract" size="md" centered>
        {shown && (
          <Stack gap={4} data-testid="contract-view">
            <Text size="sm">
              {CONTRACT_TYPES[shown.contract_type as ContractType] ?? shown.contract_type},{' '}
              {formatContractRate(shown.contract_type, shown.rate)}
            </Text>
            <Text size="sm">
              Fuel paid by: {FUEL_PAID_BY[shown.fuel_paid_by as keyof typeof FUEL_PAID_BY] ?? 'By driver type'}
            </Text>
            <Text size="sm">Loads paid: {PAY_BASIS[shown.pay_basis as keyof typeof PAY_BASIS] ?? shown.pay_basis}</Text>
            {shown.contract_type === 'percent' && (
              <Text size="sm">
                Fuel surcharge:{' '}
                {shown.fsc_pass_through ? 'passes through (not in the line haul)' : 'part of the line haul'}
              </Text>
            )}
            <Text size="sm">
              From {shown.starts_on}
              {shown.ends_on ? ` to ${shown.ends_on}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              {shown.terms ?? 'No terms written.'}
            </Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
