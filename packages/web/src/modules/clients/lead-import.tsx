import { MSG } from '@backhaul/shared';
import {
  checkImportRows,
  IMPORT_FIELDS,
  type ImportError,
  type ImportField,
  type ImportResponse,
  ImportResponseSchema,
  type ImportRow,
  SaveImportResponseSchema,
} from '@backhaul/shared/modules/clients/clients.contract';
import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { API_BASE, api, webHeaders } from '../../platform/api-client';
import { ApiError, describeFailure } from '../../platform/api-errors';

const HEADINGS: Record<ImportField, string> = {
  mc: 'MC',
  truck_quantity: 'Trucks',
  carrier: 'Carrier',
  contact: 'Contact',
  phone: 'Phone',
  email: 'E-mail',
  comment: 'Comment',
};
const WIDTHS: Record<ImportField, number> = {
  mc: 120,
  truck_quantity: 120,
  carrier: 200,
  contact: 150,
  phone: 160,
  email: 210,
  comment: 260,
};

const keyOf = (row: number, field: string) => `${row}:${field}`;

async function postSpreadsheet(path: string, file: File): Promise<ImportResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(`${API_BASE}${path}`, { method: 'POST', body: form, headers: webHeaders() });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const failure = describeFailure(res.status, body);
    if (failure.alert) showAlert('error', failure.alert);
    throw new ApiError(res.status, body, failure);
  }
  return ImportResponseSchema.parse(body);
}

type Props = { base: string; title: string; opened: boolean; onClose: () => void; onSaved: () => void };

/**
 * Import of a spreadsheet (XLSX or CSV): POST …/import answers the rows and each bad row's errors
 * without saving; cells with errors are highlighted, the user fixes a cell or skips a row, and
 * POST …/saveImport saves them all once none has an error.
 */
export function LeadImportDialog({ base, title, opened, onClose, onSaved }: Props) {
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [serverErrors, setServerErrors] = useState<ImportError[]>([]);
  const [skipped, setSkipped] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState('');

  const reset = () => {
    setRows(null);
    setServerErrors([]);
    setSkipped(new Set());
    setFileName('');
  };
  const close = () => {
    reset();
    onClose();
  };

  const kept = useMemo(() => (rows ?? []).filter((r) => !skipped.has(r.row)), [rows, skipped]);
  // Server errors (e.g. an MC already in the list) stand until their cell is edited; the shared
  // rules re-check every kept row as the user types.
  const errors = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of serverErrors) if (!skipped.has(e.row)) map.set(keyOf(e.row, e.field), e.message);
    for (const e of checkImportRows(kept, new Set()).errors) map.set(keyOf(e.row, e.field), e.message);
    return map;
  }, [serverErrors, kept, skipped]);
  const badRows = new Set([...errors.keys()].map((k) => Number(k.split(':')[0])));

  const choose = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const res = await postSpreadsheet(`${base}/import`, file);
      setRows(res.rows);
      setServerErrors(res.errors);
      setSkipped(new Set());
      setFileName(file.name);
    } catch {
      // The alert is shown; the user may pick another file.
    } finally {
      setBusy(false);
    }
  };

  const edit = (row: number, field: ImportField, value: string) => {
    setRows((list) => (list ?? []).map((r) => (r.row === row ? { ...r, [field]: value } : r)));
    setServerErrors((list) => list.filter((e) => !(e.row === row && e.field === field)));
  };

  const save = async () => {
    setBusy(true);
    try {
      const res = await api.post(
        `${base}/saveImport`,
        { rows: kept },
        { schema: SaveImportResponseSchema, silent: true },
      );
      showAlert('success', res.message);
      onSaved();
      close();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        const fresh: ImportError[] = [];
        for (const [key, messages] of Object.entries(err.fieldErrors)) {
          const [, index, field] = key.split('.');
          const row = kept[Number(index)];
          if (row && field) fresh.push({ row: row.row, field, message: (messages[0] ?? '').replace(/^Row \d+: /, '') });
        }
        setServerErrors(fresh);
      }
      showAlert('error', MSG.savingError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={`Import ${title.toLowerCase()}`} size="95%" centered>
      <Stack gap="sm" data-testid="lead-import">
        <Group justify="space-between">
          <Group gap="xs">
            <FileButton onChange={choose} accept=".xlsx,.csv">
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconFileSpreadsheet size={16} />}
                  loading={busy && !rows}
                  data-testid="import-choose"
                >
                  {rows ? 'Choose another file' : 'Choose a spreadsheet'}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {fileName || 'XLSX or CSV with the headings MC, Truck quantity, Carrier, Contact, Phone, Email, Comment.'}
            </Text>
          </Group>
          {rows && (
            <Text size="sm" data-testid="import-summary">
              {rows.length} rows · {badRows.size} with errors · {skipped.size} skipped
            </Text>
          )}
        </Group>
        {rows && badRows.size > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="import-errors">
            {[...errors.entries()].slice(0, 6).map(([key, message]) => {
              const [row, field] = key.split(':');
              return (
                <Text size="sm" key={key}>
                  Row {row}, {HEADINGS[field as ImportField] ?? field}: {message}
                </Text>
              );
            })}
            {errors.size > 6 && <Text size="sm">…and {errors.size - 6} more.</Text>}
            <Text size="sm" mt={4} c="dimmed">
              Fix the highlighted cells or skip their rows; nothing is saved until every kept row is valid.
            </Text>
          </Alert>
        )}
        {rows && (
          <ScrollArea.Autosize mah="calc(100vh - 400px)">
            <Table withTableBorder withColumnBorders striped={false} stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>Row</Table.Th>
                  {IMPORT_FIELDS.map((f) => (
                    <Table.Th key={f} miw={WIDTHS[f]}>
                      {HEADINGS[f]}
                    </Table.Th>
                  ))}
                  <Table.Th w={60}>Skip</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => {
                  const skip = skipped.has(r.row);
                  return (
                    <Table.Tr
                      key={r.row}
                      data-testid={`import-row-${r.row}`}
                      data-error={badRows.has(r.row) ? 'true' : undefined}
                      style={{
                        background: badRows.has(r.row) ? 'rgba(250, 82, 82, 0.14)' : undefined,
                        opacity: skip ? 0.45 : 1,
                      }}
                    >
                      <Table.Td>{r.row}</Table.Td>
                      {IMPORT_FIELDS.map((f) => {
                        const message = errors.get(keyOf(r.row, f));
                        const input = (
                          <TextInput
                            size="xs"
                            value={r[f]}
                            disabled={skip}
                            error={Boolean(message)}
                            aria-label={`Row ${r.row} ${HEADINGS[f]}`}
                            data-testid={`cell-${r.row}-${f}`}
                            onChange={(e) => edit(r.row, f, e.currentTarget.value)}
                          />
                        );
                        return (
                          <Table.Td key={f}>
                            {input}
                            {message && (
                              <Text size="xs" c="red" mt={2} data-testid={`error-${r.row}-${f}`}>
                                {message}
                              </Text>
                            )}
                          </Table.Td>
                        );
                      })}
                      <Table.Td>
                        <Checkbox
                          aria-label={`Skip row ${r.row}`}
                          checked={skip}
                          data-testid={`skip-${r.row}`}
                          onChange={(e) => {
                            const on = e.currentTarget.checked;
                            setSkipped((s) => {
                              const next = new Set(s);
                              if (on) next.add(r.row);
                              else next.delete(r.row);
                              return next;
                            });
                          }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={save}
            disabled={!rows || kept.length === 0 || badRows.size > 0}
            loading={busy && Boolean(rows)}
            data-testid="import-save"
          >
            Save {kept.length ? `${kept.length} rows` : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
