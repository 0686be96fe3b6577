import { Button, Group, TextInput } from '@mantine/core';
import {
  IconArrowLeft,
  IconColumns3,
  IconDownload,
  IconFilterOff,
  IconInfoCircle,
  IconPlus,
  IconSearch,
  IconSend,
  IconSettings,
  IconUpload,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useRovingGroup } from './roving-focus';

/** Toolbar buttons a page asks for (000 §2 "Table shell"); each one appears only when given. */
export type ToolbarActions = {
  refresh?: boolean;
  settings?: boolean;
  export?: boolean;
  search?: boolean;
  create?: () => void;
  upload?: () => void;
  info?: () => void;
  back?: () => void;
  send?: () => void;
  /** A page's own buttons (a menu of exports, its create), placed before Create. */
  extra?: ReactNode;
};

type Props = {
  actions: ToolbarActions;
  search: string;
  /** What the list's search covers (the server's search_fields): the placeholder names them. */
  searchFields?: readonly string[];
  onSearch: (text: string) => void;
  onRefresh: () => void;
  onSettings: () => void;
  onExport: () => Promise<void>;
  /** The filters in force (chips), after the search box. */
  chips?: ReactNode;
  /** How many columns yielded to fit the screen: a button that opens the column settings. */
  hiddenColumns?: number;
};

/** Field titles as words in a sentence: acronyms (BOL, MC number) keep their capitals. */
export const fieldWords = (fields: readonly string[]): string[] =>
  fields.map((f) => f.replace(/\b(?![A-Z]{2,}\b)\w+/g, (w) => w.toLowerCase()));

/** "Search customer, broker or BOL" from the list's search fields. */
export function searchPlaceholder(fields: readonly string[]): string {
  if (!fields.length) return 'Search, then Enter';
  const names = fieldWords(fields);
  const last = names.length > 1 ? ` or ${names.at(-1)}` : '';
  return `Search ${names.slice(0, names.length > 1 ? -1 : 1).join(', ')}${last}`;
}

/**
 * The search box and the table's buttons. The buttons are one tab stop (←/→ between them), so the
 * keyboard reaches the rows in a few presses.
 */
export function TableToolbar({
  actions,
  search,
  searchFields = [],
  onSearch,
  onRefresh,
  onSettings,
  onExport,
  chips,
  hiddenColumns = 0,
}: Props) {
  const [text, setText] = useState(search);
  const roving = useRovingGroup<HTMLDivElement>();
  const [exporting, setExporting] = useState(false);
  useEffect(() => setText(search), [search]);
  const runExport = async () => {
    setExporting(true);
    try {
      await onExport();
    } finally {
      setExporting(false);
    }
  };
  return (
    <Group justify="space-between" gap="xs" data-testid="table-toolbar">
      <Group gap="xs" style={{ flex: '1 1 320px' }}>
        {actions.back && (
          <Button size="xs" variant="subtle" leftSection={<IconArrowLeft size={14} />} onClick={actions.back}>
            Back to list
          </Button>
        )}
        {actions.search !== false && (
          <TextInput
            size="xs"
            style={{ flex: '1 1 220px', minWidth: 220, maxWidth: 440 }}
            placeholder={searchPlaceholder(searchFields)}
            title={searchFields.length ? `${searchPlaceholder(searchFields)}, then Enter` : undefined}
            aria-label={searchPlaceholder(searchFields)}
            leftSection={<IconSearch size={14} />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onSearch(text.trim());
            }}
            data-testid="table-search"
          />
        )}
        {chips}
      </Group>
      <Group
        gap="xs"
        ref={roving.ref}
        onKeyDown={roving.onKeyDown}
        onFocus={roving.onFocus}
        role="toolbar"
        aria-label="Table actions"
      >
        {hiddenColumns > 0 && (
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconColumns3 size={14} />}
            onClick={onSettings}
            title="Columns that did not fit the screen: choose them in the column settings"
            data-testid="table-hidden-columns"
          >
            {hiddenColumns === 1 ? '1 column hidden' : `${hiddenColumns} columns hidden`}
          </Button>
        )}
        {actions.refresh !== false && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFilterOff size={14} />}
            onClick={onRefresh}
            data-testid="table-refresh"
          >
            Refresh filters
          </Button>
        )}
        {actions.settings !== false && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSettings size={14} />}
            onClick={onSettings}
            data-testid="table-settings"
          >
            Settings
          </Button>
        )}
        {actions.export && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            loading={exporting}
            onClick={runExport}
            data-testid="table-export"
          >
            Export
          </Button>
        )}
        {actions.upload && (
          <Button size="xs" variant="default" leftSection={<IconUpload size={14} />} onClick={actions.upload}>
            Upload
          </Button>
        )}
        {actions.info && (
          <Button size="xs" variant="default" leftSection={<IconInfoCircle size={14} />} onClick={actions.info}>
            Info
          </Button>
        )}
        {actions.send && (
          <Button size="xs" variant="default" leftSection={<IconSend size={14} />} onClick={actions.send}>
            Send
          </Button>
        )}
        {actions.extra}
        {actions.create && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={actions.create} data-testid="table-create">
            Create
          </Button>
        )}
      </Group>
    </Group>
  );
}
