import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  type StatementDetail,
  StatementWriteOffSchema,
} from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import { useEffect } from 'react';
import { ConfirmDialog } from '../../platform/record/confirm-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordForm } from '../../platform/record/use-record-form';
import { statementKeys, statementsApi } from './driver-statements.api';

/**
 * Write off what a driver owes on a closed negative statement ("Owed by driver"): the reason is
 * required and kept as the statement's settlement note (and in the audit row).
 */
export function StatementWriteOffDialog(props: {
  statement: { id: number; driver: string; amount: number } | null;
  onClose: () => void;
  onDone: (s: StatementDetail) => void;
}) {
  const { form, submit, saving } = useRecordForm({
    initialValues: { reason: '' },
    schema: StatementWriteOffSchema,
    save: (values) => statementsApi.writeOff(props.statement?.id as number, values),
    invalidate: statementKeys.all,
    onSaved: (saved) => {
      props.onDone(saved.statement);
      props.onClose();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a blank reason for each statement
  useEffect(() => form.reset(), [props.statement?.id]);
  const s = props.statement;
  return (
    <ConfirmDialog
      opened={s !== null}
      title="Write off balance"
      message={
        s
          ? `${s.driver} owes ${formatMoney(Math.abs(s.amount))} on statement #${s.id}. Write it off? It is not carried to a later statement, and this cannot be undone.`
          : ''
      }
      confirmLabel="Write off"
      busy={saving}
      testId="confirm-write-off"
      onClose={props.onClose}
      onConfirm={() => submit()}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
        data-testid="write-off-form"
      >
        <RecordFields schema={StatementWriteOffSchema} form={form} cols={2} />
      </form>
    </ConfirmDialog>
  );
}
