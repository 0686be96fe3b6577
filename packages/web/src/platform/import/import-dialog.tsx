import { MSG } from '@backhaul/shared';
import { pluralize } from '@backhaul/shared/formats/formats';
import {
  checkImportRows,
  type ImportColumns,
  type ImportDefinition,
  type ImportError,
  type ImportTextRow,
  SaveImportResponseSchema,
} from '@backhaul/shared/import/import.contract';
import {
  Alert,
  Badge,
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
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { type CSSProperties, useMemo, useState } from 'react';
import { showAlert } from '../alerts-store';
import { api } from '../api-client';
import { ApiError } from '../api-errors';
import { fieldWords } from '../data-table/table-toolbar';
import { postUpload } from '../services/files.api';

type Props<C extends ImportColumns> = {
  /** The module's import, declared in its shared contract (columns, rules). */
  definition: ImportDefinition<C>;
  /** The calls are `<base>/import` and `<base>/saveImport`. */
  base: string;
  /** The list's title: "Import potential clients". */
  title: string;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** Preview column widths in pixels (default 160). */
  widths?: Partial<Record<keyof C & string, number>>;
  testId?: string;
};

const keyOf = (row: number, field: string) => `${row}:${field}`;

/** Skip and status: one cell that stays at the left edge however far the row's cells scroll. */
const PINNED_WIDTH = 210;
const BAD_ROW = 'rgba(250, 82, 82, 0.14)';
const pinned = (bad = false): CSSProperties => ({
  position: 'sticky',
  left: 0,
  zIndex: 1,
  width: PINNED_WIDTH,
  minWidth: PINNED_WIDTH,
  // Opaque (a bad row keeps its tint), painted a little past its left edge and ruled on its right,
  // so nothing scrolled under it shows through.
  background: bad ? `linear-gradient(${BAD_ROW}, ${BAD_ROW}), var(--mantine-color-body)` : 'var(--mantine-color-body)',
  boxShadow: '-8px 0 0 var(--mantine-color-body), inset -1px 0 0 var(--table-border-color)',
});

/**
 * Spreadsheet import (XLSX or CSV) for any declared import: `…/import` answers the rows and each
 * bad row's errors without saving. Each row starts with Skip and its status (ready, its errors,
 * skipped), so nothing to act on sits off screen; the user fixes a cell, skips a row or every row
 * with errors at once (the shared rules re-check as they type), and Save sends the kept rows
 * without errors to `…/saveImport`, which stores them in one transaction and checks them again.
 */
export function ImportDialog<C extends ImportColumns>(props: Props<C>) {
  const { definition, base, title, opened, onClose, onSaved, testId = 'import-dialog' } = props;
  const widths: Partial<Record<string, number>> = props.widths ?? {};
  type Row = ImportTextRow<C>;
  type Key = keyof C & string;
  const label = (key: string) => definition.columns[key]?.label ?? key;
  const [rows, setRows] = useState<Row[] | null>(null);
  const [serverErrors, setServerErrors] = useState<ImportError[]>([]);
  const [ignored, setIgnored] = useState<string[]>([]);
  const [skipped, setSkipped] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState('');

  const close = () => {
    setRows(null);
    setServerErrors([]);
    setIgnored([]);
    setSkipped(new Set());
    setFileName('');
    onClose();
  };

  const kept = useMemo(() => (rows ?? []).filter((r) => !skipped.has(r.row)), [rows, skipped]);
  // Server errors (e.g. a value already saved) stand until their cell is edited; the shared rules
  // re-check every kept row as the user types.
  const errors = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of serverErrors) if (!skipped.has(e.row)) map.set(keyOf(e.row, e.field), e.message);
    for (const e of checkImportRows(definition, kept).errors) map.set(keyOf(e.row, e.field), e.message);
    return map;
  }, [definition, serverErrors, kept, skipped]);
  const badRows = new Set([...errors.keys()].map((k) => Number(k.split(':')[0])));
  // What Save sends: the kept rows without an error.
  const good = kept.filter((r) => !badRows.has(r.row));
  const messagesOf = (row: number) =>
    [...errors.entries()]
      .filter(([key]) => key.startsWith(`${row}:`))
      .map(([key, message]) => `${label(key.split(':')[1] ?? '')}: ${message}`);
  const skip = (list: number[], on: boolean) =>
    setSkipped((s) => {
      const next = new Set(s);
      for (const row of list) {
        if (on) next.add(row);
        else next.delete(row);
      }
      return next;
    });

  const choose = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const res = await postUpload(`${base}/import`, { file, schema: definition.responseSchema });
      setRows(res.rows);
      setServerErrors(res.errors);
      setIgnored(res.ignored);
      setSkipped(new Set());
      setFileName(file.name);
    } catch (err) {
      // The user may pick another file.
      showAlert('error', err instanceof Error ? err.message : MSG.whoops);
    } finally {
      setBusy(false);
    }
  };

  const edit = (row: number, field: Key, value: string) => {
    setRows((list) => (list ?? []).map((r) => (r.row === row ? { ...r, [field]: value } : r)));
    setServerErrors((list) => list.filter((e) => !(e.row === row && e.field === field)));
  };

  const save = async () => {
    setBusy(true);
    try {
      const res = await api.post(
        `${base}/saveImport`,
        { rows: good },
        { schema: SaveImportResponseSchema, silent: true },
      );
      showAlert('success', res.message);
      onSaved();
      close();
    } catch (err) {
      // 422: `rows.<index of the kept row>.<field>` → "Row <n>: <message>".
      if (err instanceof ApiError && err.status === 422) {
        const fresh: ImportError[] = [];
        for (const [key, messages] of Object.entries(err.fieldErrors)) {
          const [, index, field] = key.split('.');
          const row = good[Number(index)];
          if (row && field) fresh.push({ row: row.row, field, message: (messages[0] ?? '').replace(/^Row \d+: /, '') });
        }
        setServerErrors(fresh);
      }
      showAlert('error', MSG.savingError);
    } finally {
      setBusy(false);
    }
  };

  const headings = definition.keys.map(label).join(', ');
  return (
    <Modal opened={opened} onClose={close} title={`Import ${fieldWords([title])[0]}`} size="95%" centered>
      <Stack gap="sm" data-testid={testId}>
        <Group justify="space-between">
          <Group gap="xs">
            <FileButton onChange={choose} accept=".xlsx,.csv">
              {(buttonProps) => (
                <Button
                  {...buttonProps}
                  leftSection={<IconFileSpreadsheet size={16} />}
                  loading={busy && !rows}
                  data-testid="import-choose"
                >
                  {rows ? 'Choose another file' : 'Choose a spreadsheet'}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {fileName || `XLSX or CSV with the headings ${headings}.`}
            </Text>
          </Group>
          {rows && (
            <Text size="sm" data-testid="import-summary">
              {pluralize(rows.length, 'row')} · {badRows.size} with errors · {skipped.size} skipped
            </Text>
          )}
        </Group>
        {rows && ignored.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="import-ignored">
            Not imported (no such column): {ignored.join(', ')}.
          </Text>
        )}
        {rows && badRows.size > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="import-errors">
            {[...errors.entries()].slice(0, 6).map(([key, message]) => {
              const [row, field = ''] = key.split(':');
              return (
                <Text size="sm" key={key}>
                  Row {row}, {label(field)}: {message}
                </Text>
              );
            })}
            {errors.size > 6 && <Text size="sm">…and {errors.size - 6} more.</Text>}
            <Group gap="sm" mt={6}>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => skip([...badRows], true)}
                data-testid="import-skip-errors"
              >
                Skip rows with errors
              </Button>
              <Text size="sm" c="dimmed">
                Or fix the highlighted cells. Save saves the rows without errors.
              </Text>
            </Group>
          </Alert>
        )}
        {rows && (
          <ScrollArea.Autosize mah="calc(100vh - 400px)">
            <Table withTableBorder withColumnBorders striped={false} stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th style={{ ...pinned(), zIndex: 3 }}>
                    <Group gap="md" wrap="nowrap">
                      <span>Skip</span>
                      <span>Status</span>
                    </Group>
                  </Table.Th>
                  <Table.Th w={60}>Row</Table.Th>
                  {definition.keys.map((k) => (
                    <Table.Th key={k} miw={widths[k] ?? 160}>
                      {label(k)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => {
                  const isSkipped = skipped.has(r.row);
                  const bad = badRows.has(r.row);
                  const messages = bad ? messagesOf(r.row) : [];
                  return (
                    <Table.Tr
                      key={r.row}
                      data-testid={`import-row-${r.row}`}
                      data-error={bad ? 'true' : undefined}
                      data-skipped={isSkipped ? 'true' : undefined}
                      style={{ background: bad ? BAD_ROW : undefined }}
                    >
                      <Table.Td style={pinned(bad)}>
                        <Group gap="md" wrap="nowrap" align="flex-start">
                          <Checkbox
                            mt={2}
                            aria-label={`Skip row ${r.row}`}
                            checked={isSkipped}
                            data-testid={`skip-${r.row}`}
                            onChange={(e) => skip([r.row], e.currentTarget.checked)}
                          />
                          <div data-testid={`status-${r.row}`} style={{ minWidth: 0 }}>
                            {isSkipped ? (
                              <Badge color="gray" variant="light">
                                Skipped
                              </Badge>
                            ) : bad ? (
                              <Tooltip
                                label={messages.join('\n')}
                                multiline
                                maw={360}
                                style={{ whiteSpace: 'pre-line' }}
                              >
                                <Badge color="red" variant="light" style={{ cursor: 'help' }}>
                                  {pluralize(messages.length, 'error')}
                                </Badge>
                              </Tooltip>
                            ) : (
                              <Badge color="green" variant="light">
                                Ready
                              </Badge>
                            )}
                            {bad && !isSkipped && (
                              <Text size="xs" c="red" mt={2} lineClamp={2}>
                                {messages[0]}
                              </Text>
                            )}
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td style={{ opacity: isSkipped ? 0.45 : 1 }}>{r.row}</Table.Td>
                      {definition.keys.map((k) => {
                        const message = errors.get(keyOf(r.row, k));
                        return (
                          <Table.Td key={k} style={{ opacity: isSkipped ? 0.45 : 1 }}>
                            <TextInput
                              size="xs"
                              value={String((r as Record<string, unknown>)[k] ?? '')}
                              disabled={isSkipped}
                              error={Boolean(message)}
                              aria-label={`Row ${r.row} ${label(k)}`}
                              data-testid={`cell-${r.row}-${k}`}
                              onChange={(e) => edit(r.row, k, e.currentTarget.value)}
                            />
                            {message && (
                              <Text size="xs" c="red" mt={2} data-testid={`error-${r.row}-${k}`}>
                                {message}
                              </Text>
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          {rows && badRows.size > 0 && (
            <Text size="sm" c="dimmed" data-testid="import-save-note">
              {pluralize(badRows.size, 'row')} with errors will not be saved.
            </Text>
          )}
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={save}
            disabled={!rows || good.length === 0}
            loading={busy && Boolean(rows)}
            data-testid="import-save"
          >
            Save {good.length ? pluralize(good.length, 'row') : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
