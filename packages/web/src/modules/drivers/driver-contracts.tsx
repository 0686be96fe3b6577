import {
  CONTRACT_TYPES,
  type DriverContract,
  type DriverContractForm,
  DriverContractFormSchema,
  type DriverFile,
  EMPTY_CONTRACT_FORM,
} from '@backhaul/shared/modules/drivers/drivers.contract';
import { ActionIcon, Anchor, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
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
  const setField = (d: ContractDraft, field: keyof DriverContractForm, value: string | null) =>
    patch(d.key, { form: { ...d.form, [field]: value ?? '' }, errors: { ...d.errors, [field]: '' } });
  const attach = (d: ContractDraft, file: File) => patch(d.key, { signed: file });
  const open = async (id: number) => setShown((await showContract(id)).contract);

  return (
    <>
      <Table withRowBorders={false} verticalSpacing={4} data-testid="driver-contracts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Rate</Table.Th>
            <Table.Th>Starts</Table.Th>
            <Table.Th>Ends</Table.Th>
            <Table.Th>Terms</Table.Th>
            <Table.Th>Signed copy</Table.Th>
            <Table.Th />
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
                <Table.Td w={120}>
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
                <Table.Td w={110}>
                  <TextInput
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Rate"
                    leftSection={d.form.contract_type === 'percent' ? '%' : '$'}
                    value={String(d.form.rate)}
                    onChange={(ev) => setField(d, 'rate', ev.currentTarget.value)}
                    error={e.rate || undefined}
                  />
                </Table.Td>
                <Table.Td w={140}>
                  <DateField
                    size="xs"
                    readOnly={readOnly || struck}
                    aria-label="Starts"
                    value={String(d.form.starts_on)}
                    onChange={(v) => setField(d, 'starts_on', v)}
                    error={e.starts_on || undefined}
                  />
                </Table.Td>
                <Table.Td w={140}>
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
                <Table.Td w={70}>
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
              {CONTRACT_TYPES[shown.contract_type as keyof typeof CONTRACT_TYPES] ?? shown.contract_type},{' '}
              {shown.contract_type === 'percent' ? `${shown.rate}%` : `$${shown.rate.toFixed(2)}`}
            </Text>
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
