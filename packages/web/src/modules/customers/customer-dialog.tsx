import { ACTION, MSG, SECTION } from '@backhaul/shared';
import {
  type CustomerFile,
  CustomerFormSchema,
  EMPTY_CUSTOMER_FORM,
} from '@backhaul/shared/modules/customers/customers.contract';
import { Anchor, Button, FileButton, MultiSelect, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { DraftedItems, toggleId } from '../../platform/record/drafted-items';
import { RecordDialogFooter, type RecordDialogProps, RecordModal } from '../../platform/record/record-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordDialog } from '../../platform/record/use-record-dialog';
import { downloadLink } from '../../platform/services/download';
import { UPLOAD_ACCEPT, uploadFile, uploadProblem } from '../../platform/services/files.api';
import { CustomerContacts } from './customer-contacts';
import { customerDialogApi, customerFormOf, deleteCustomerDrafts } from './customers.api';

/**
 * Create or edit a customer (POST /customers/create or /customers/update keyed by division_id).
 * Exceptions and files marked for deletion are drafts, sent on save (001 §4).
 */
export function CustomerDialog({ id, opened, onClose, onSaved }: RecordDialogProps) {
  const queryClient = useQueryClient();
  const tree = usePermissionTree();
  const [dropExceptions, setDropExceptions] = useState<number[]>([]);
  const [dropFiles, setDropFiles] = useState<number[]>([]);
  const [files, setFiles] = useState<CustomerFile[]>([]);
  const { form, data, loading, saving, submit } = useRecordDialog({
    api: customerDialogApi,
    id,
    opened,
    schema: CustomerFormSchema,
    empty: EMPTY_CUSTOMER_FORM,
    recordOf: customerFormOf,
    onLoad: (loaded) => {
      setDropExceptions([]);
      setDropFiles([]);
      setFiles(loaded.files ?? []);
    },
    after: async () => {
      await deleteCustomerDrafts(dropExceptions, dropFiles);
      await queryClient.invalidateQueries({ queryKey: ['customer-card'] });
    },
    onSaved,
    onClose,
  });
  const canDeleteFiles = allowsButton(tree, { section: SECTION.Customers, ids: [ACTION.FILE_DELETE, ACTION.DELETE] });
  const canUpload = allowsButton(tree, { section: SECTION.Customers, ids: [ACTION.FILE_UPLOAD, ACTION.EDIT] });

  const upload = async (file: File | null) => {
    if (!file || !id) return;
    const problem = uploadProblem(file.name);
    if (problem) return showAlert('error', problem);
    try {
      const stored = await uploadFile({ entity: 'customers', entityId: id, file });
      setFiles((list) => [...list, { ...stored, category: stored.category ?? null }]);
    } catch (err) {
      showAlert('error', err instanceof Error ? err.message : MSG.savingError);
    }
  };

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={id ? `Edit customer #${id}` : 'New customer'}
      loading={loading}
      size="xl"
    >
      <form onSubmit={submit} noValidate data-testid="customer-dialog">
        <Stack gap="sm">
          <RecordFields schema={CustomerFormSchema} form={form} data={data} cols={3} />
          <MultiSelect label="Services" data={data?.services ?? []} {...form.getInputProps('services')} />
          <CustomerContacts form={form} types={data?.contact_types ?? []} />
          <DraftedItems
            title="Exceptions"
            testId="exception-row"
            items={(data?.exceptions ?? []).map((e) => ({ id: e.id, text: e.text }))}
            dropped={dropExceptions}
            onToggle={(e) => setDropExceptions((ids) => toggleId(ids, e))}
            added={form.values.exceptions}
            onAdd={(text) => form.insertListItem('exceptions', text)}
            onRemoveAdded={(i) => form.removeListItem('exceptions', i)}
            error={form.errors['exceptions.0']}
          />
          {id !== null && (
            <DraftedItems
              title="Files"
              items={files.map((f) => ({
                id: f.id,
                text: (
                  <Anchor size="sm" onClick={() => downloadLink(f.url)}>
                    {f.name}
                  </Anchor>
                ),
              }))}
              dropped={dropFiles}
              onToggle={(f) => setDropFiles((ids) => toggleId(ids, f))}
              readOnly={!canDeleteFiles}
            />
          )}
          {id !== null && canUpload && (
            <FileButton onChange={upload} accept={UPLOAD_ACCEPT}>
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} w="fit-content">
                  Upload file
                </Button>
              )}
            </FileButton>
          )}
        </Stack>
        <RecordDialogFooter onClose={onClose} loading={saving} />
      </form>
    </RecordModal>
  );
}
