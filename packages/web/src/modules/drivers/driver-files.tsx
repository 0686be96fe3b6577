import { formatDate } from '@backhaul/shared/formats/formats';
import {
  CONTRACT_FILE_KEPT,
  DRIVER_FILE_CATEGORIES,
  type DriverFile,
} from '@backhaul/shared/modules/drivers/drivers.contract';
import { ActionIcon, Anchor, Badge, Button, Group, Select, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconEye, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { UploadButton } from '../../platform/forms/upload-button';
import { downloadLink, openPreview } from '../../platform/services/download';

/** A file chosen in the dialog, uploaded on save. */
export type PendingFile = { key: string; file: File; category: string };

type Props = {
  files: DriverFile[];
  pending: PendingFile[];
  drafted: ReadonlySet<number>;
  readOnly: boolean;
  onAdd: (p: PendingFile) => void;
  onRemovePending: (key: string) => void;
  onToggleDelete: (id: number) => void;
  /** The company's document types for drivers (Settings), offered after the built-in categories. */
  documentTypes?: readonly string[];
};

const categoryLabel = (c: string | null) =>
  c ? (DRIVER_FILE_CATEGORIES[c as keyof typeof DRIVER_FILE_CATEGORIES] ?? c) : 'Other';
const CATEGORY_OPTIONS = Object.entries(DRIVER_FILE_CATEGORIES).map(([value, label]) => ({ value, label }));

/**
 * The driver's files: upload with a category (sent on save), open, and draft deletions (struck
 * through until save). A contract file never gets a delete button: the server refuses it too.
 */
export function DriverFiles(props: Props) {
  const [category, setCategory] = useState<PendingFile['category']>('cdl');
  const known = new Set(Object.values(DRIVER_FILE_CATEGORIES).map((l) => l.toLowerCase()));
  const options = [
    ...CATEGORY_OPTIONS,
    ...(props.documentTypes ?? []).filter((t) => !known.has(t.toLowerCase())).map((t) => ({ value: t, label: t })),
  ];
  const add = (file: File) => {
    props.onAdd({ key: `${Date.now()}-${file.name}`, file, category });
  };

  return (
    <>
      <Table withRowBorders={false} verticalSpacing={4} data-testid="driver-files">
        <Table.Tbody>
          {props.files.map((f) => {
            const drafted = props.drafted.has(f.id);
            const isContract = f.category?.toLowerCase() === 'contract';
            return (
              <Table.Tr key={f.id} data-testid="file-row" data-drafted={drafted || undefined}>
                <Table.Td w={120}>
                  <Badge size="sm" variant="light" color={isContract ? 'grape' : 'blue'}>
                    {categoryLabel(f.category)}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ textDecoration: drafted ? 'line-through' : undefined, opacity: drafted ? 0.6 : 1 }}>
                  <Anchor size="sm" component="button" type="button" onClick={() => downloadLink(f.url)}>
                    {f.name}
                  </Anchor>
                </Table.Td>
                <Table.Td w={110}>
                  <Text size="xs" c="dimmed">
                    {formatDate(f.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td w={80}>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {f.preview_url && (
                      <ActionIcon
                        variant="subtle"
                        aria-label="Preview"
                        onClick={() => openPreview(f.preview_url as string)}
                      >
                        <IconEye size={16} />
                      </ActionIcon>
                    )}
                    {!props.readOnly &&
                      (isContract ? (
                        <Tooltip label={CONTRACT_FILE_KEPT}>
                          <ActionIcon variant="subtle" color="gray" aria-label="Contract file is kept" disabled>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      ) : (
                        <ActionIcon
                          variant="subtle"
                          color={drafted ? 'gray' : 'red'}
                          aria-label={drafted ? 'Keep file' : 'Delete file'}
                          onClick={() => props.onToggleDelete(f.id)}
                        >
                          {drafted ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
                        </ActionIcon>
                      ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {props.pending.map((p) => (
            <Table.Tr key={p.key} data-testid="pending-file-row">
              <Table.Td>
                <Badge size="sm" variant="outline">
                  {categoryLabel(p.category)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{p.file.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  uploaded on save
                </Text>
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label="Remove file"
                    onClick={() => props.onRemovePending(p.key)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {props.files.length + props.pending.length === 0 && (
        <Text size="sm" c="dimmed">
          No files.
        </Text>
      )}
      {!props.readOnly && (
        <Group gap="xs" align="flex-end">
          <Select
            size="xs"
            w={160}
            label="Category"
            data={options}
            value={category}
            allowDeselect={false}
            onChange={(v) => v && setCategory(v)}
            data-testid="file-category"
          />
          <UploadButton onFile={add}>
            {(p) => (
              <Button {...p} variant="light" size="xs" leftSection={<IconUpload size={14} />} data-testid="file-add">
                Add file
              </Button>
            )}
          </UploadButton>
        </Group>
      )}
    </>
  );
}
