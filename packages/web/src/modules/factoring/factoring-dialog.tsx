import { EMPTY_FACTORING_FORM, FactoringFormSchema } from '@backhaul/shared/modules/factoring/factoring.contract';
import { Stack } from '@mantine/core';
import { DraftedItems, toggleId } from '../../platform/record/drafted-items';
import { RecordDialogFooter, type RecordDialogProps, RecordModal } from '../../platform/record/record-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordDialog } from '../../platform/record/use-record-dialog';
import { factoringApi } from './factoring.api';

/** Create (POST /factoring) or edit (PUT /factoring/:id) a factoring company; notes are drafts sent with the save. */
export function FactoringDialog({ id, opened, readOnly = false, onClose, onSaved }: RecordDialogProps) {
  const { form, data, loading, saving, submit } = useRecordDialog({
    api: factoringApi,
    id,
    opened,
    schema: FactoringFormSchema,
    empty: EMPTY_FACTORING_FORM,
    recordOf: (d) => d.factoring,
    onSaved,
    onClose,
  });
  const { new_notes: added = [], remove_notes: dropped = [] } = form.values;
  const title = id ? `${readOnly ? 'Factoring company' : 'Edit factoring company'} #${id}` : 'New factoring company';
  return (
    <RecordModal opened={opened} onClose={onClose} title={title} loading={loading} size="lg">
      <form onSubmit={submit} noValidate data-testid="factoring-dialog">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <RecordFields schema={FactoringFormSchema} form={form} data={data} cols={2} />
            <DraftedItems
              title="Notes"
              testId="note-row"
              items={(data?.notes_rows ?? []).map((n) => ({
                id: n.id,
                text: n.text,
                detail: [n.created_by, new Date(n.created_at).toLocaleDateString('en-US')].filter(Boolean).join(' · '),
              }))}
              dropped={dropped}
              onToggle={(noteId) => form.setFieldValue('remove_notes', toggleId(dropped, noteId))}
              added={added}
              onAdd={(text) => form.insertListItem('new_notes', text)}
              onRemoveAdded={(i) => form.removeListItem('new_notes', i)}
              readOnly={readOnly}
            />
          </Stack>
        </fieldset>
        <RecordDialogFooter onClose={onClose} readOnly={readOnly} loading={saving} />
      </form>
    </RecordModal>
  );
}
