import { formatMilliDollars, formatMilliPercent } from '@backhaul/shared/formats/formats';
import {
  CONTRACT_TYPES,
  type DriverContract,
  type DriverContractForm,
  DriverContractFormSchema,
  type DriverFile,
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
  errors?: Record<string, string>;
};

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

/** Field errors of a draft from the shared contract schema, or null when it is valid. */
export function contractErrors(d: ContractDraft): Record<string, string> | null {
  const parsed = DriverContractFormSchema.safeParse(d.form);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

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
  drafts: ContractDraft[];
  drafted: ReadonlySet<number>;
  readOnly: boolean;
  onChange: (drafts: ContractDraft[]) => void;
  onToggleDelete: (id: number) => void;
};

/** Pay contracts: edited inline, saved with the driver; deletions of saved ones are drafted. */
export function DriverContracts({ drafts, drafted, readOnly, onChange, onToggleDelete }: Props) {
  const [shown, setShown] = useState<DriverContract | null>(null);
  const patch = (key: string, change: Partial<ContractDraft>) =>
    onChange(drafts.map((d) => (d.key === key ? { ...d, ...change, dirty: true } : d)));
  const setField = (d: ContractDraft, field: keyof DriverContractForm, value: string | boolean | null) =>
    patch(d.key, { form: { ...d.form, [field]: value ?? '' }, errors: { ...d.errors, [field]: '' } });
  const attach = (d: ContractDraft, file: File) => patch(d.key, { signed: file });
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
          {drafts.map((d) => {
            const struck = d.id !== undefined && drafted.has(d.id);
            const e = d.errors ?? {};
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
                    onChange={(v) => setField(d, 'contract_type', v)}
                    error={e.contract_type || undefined}
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
                    onChange={(ev) => setField(d, 'rate', ev.currentTarget.value)}
                    error={e.rate || undefined}
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
                    onChange={(v) => setField(d, 'fuel_paid_by', v === BY_DRIVER_TYPE ? '' : v)}
                    error={e.fuel_paid_by || undefined}
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
                    onChange={(v) => setField(d, 'pay_basis', v)}
                    error={e.pay_basis || undefined}
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
                      onChange={(ev) => setField(d, 'fsc_pass_through', ev.currentTarget.checked)}
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
                    onChange={(v) => setField(d, 'starts_on', v)}
                    error={e.starts_on || undefined}
                  />
                </Table.Td>
                <Table.Td>
                  <DateField
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Ends"
                    value={String(d.form.ends_on ?? '')}
                    onChange={(v) => setField(d, 'ends_on', v)}
                    error={e.ends_on || undefined}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Terms"
                    value={String(d.form.terms ?? '')}
                    onChange={(ev) => setField(d, 'terms', ev.currentTarget.value)}
                    error={e.terms || undefined}
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
                    <UploadButton onFile={(f) => attach(d, f)}>
                      {(p) => (
                        <ActionIcon {...p} variant="subtle" size="sm" aria-label="Attach signed copy">
                          <IconPaperclip size={14} />
                        </ActionIcon>
                      )}
                    </UploadButton>
                  )}
                  {e.file_id && (
                    <Text size="xs" c="red">
                      {e.file_id}
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
                          d.id === undefined ? onChange(drafts.filter((x) => x.key !== d.key)) : onToggleDelete(d.id)
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
            onChange([...drafts, { key: `n${Date.now()}`, form: { ...EMPTY_CONTRACT_FORM }, file: null, dirty: true }])
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
