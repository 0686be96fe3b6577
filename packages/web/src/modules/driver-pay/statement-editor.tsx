import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { formatMoney, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import {
  AdditionFormSchema,
  type StatementDetail,
  type StatementEdit,
  StatementPayFormSchema,
  type StatementSaved,
  type StatementUpdate,
} from '@backhaul/shared/modules/driver-pay/driver-statements.contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconPencil, IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '../../platform/alerts-store';
import { downloadLink } from '../../platform/data-table/download';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { ConfirmDialog, DeleteIconButton } from '../../platform/record/confirm-dialog';
import { RecordFields } from '../../platform/record/record-fields';
import { useRecordForm } from '../../platform/record/use-record-form';
import { statementKeys, statementsApi } from './driver-statements.api';
import { LineDate, moneyColor, PAID_COLOR, TransferLines } from './statement-lines';
import { StatementWriteOffDialog } from './statement-write-off-dialog';

const S = SECTION.DriverStatements;
type Selection = {
  trips: number[];
  hours: string[];
  fuel: number[];
  scheduled_payments: string[];
  additional: string[];
  addition: number[];
};
const selectionOf = (e: StatementEdit): Selection => ({
  trips: e.trips_selected,
  hours: e.hours_selected,
  fuel: e.fuel_selected,
  scheduled_payments: e.scheduled_payments_selected,
  additional: e.additional_selected,
  addition: e.addition_selected,
});

/** What became of a negative statement's balance. */
const OWED_FATE: Partial<Record<StatementDetail['paid_status'], string>> = {
  Carried: ', carried to the next statement',
  'Written off': ', written off',
};

function Summary({ s }: { s: StatementDetail }) {
  const item = (label: string, value: React.ReactNode) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {value}
      </Text>
    </div>
  );
  return (
    <Stack gap={6} data-testid="statement-summary">
      <SimpleGrid cols={4} spacing="xs" verticalSpacing={6}>
        {item('Driver', s.driver)}
        {item('Period', `${s.date_from} – ${s.date_to}`)}
        {item('Contract', `${s.contract_type}, ${s.rate}`)}
        {item(
          'Status',
          <Group gap={4}>
            <Badge size="sm" variant="light" color={s.status === 'Closed' ? 'gray' : 'blue'}>
              {s.status}
            </Badge>
            <Badge size="sm" variant="light" color={PAID_COLOR[s.paid_status]} data-testid="statement-paid-status">
              {s.paid_status}
            </Badge>
          </Group>,
        )}
        {item('Amount', <span data-testid="statement-amount">{formatMoney(s.amount)}</span>)}
        {s.amount < 0
          ? item('Driver owes', `${formatMoney(-s.amount)}${OWED_FATE[s.paid_status] ?? ''}`)
          : item('Paid / due', `${formatMoney(s.paid_amount)} / ${formatMoney(s.due)}`)}
        {s.escrow &&
          item(
            'Escrow after this statement',
            <span data-testid="statement-escrow">
              {`${formatMoney(s.escrow.balance)} of ${formatMoney(s.escrow.target)} · deposit ${formatMoney(s.escrow.deposit)}`}
            </span>,
          )}
        {item(
          'Cash advances outstanding',
          <Text
            span
            size="sm"
            fw={500}
            c={s.advances_outstanding > 0 ? 'red' : undefined}
            data-testid="statement-advances"
          >
            {formatMoney(s.advances_outstanding)}
          </Text>,
        )}
      </SimpleGrid>
      {s.final && (
        <Text size="xs" c="orange" data-testid="statement-final">
          Final statement: the lease ended on {s.final.ended_on}; the escrow is due back by {s.final.due_by} (49 CFR
          376.12(k)(6)).
        </Text>
      )}
      {s.settlement_note && (
        <Text size="xs" c="dimmed" data-testid="statement-settlement-note">
          {s.paid_status === 'Written off' ? 'Written off: ' : ''}
          {s.settlement_note}
        </Text>
      )}
    </Stack>
  );
}

/** Additional payments: the kept ones (a removal is a draft until Save), and a form that adds or changes one at once. */
function Additions(props: {
  edit: StatementEdit;
  kept: number[];
  onKept: (ids: number[]) => void;
  readOnly: boolean;
  onSaved: (e: StatementDetail) => void;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  const empty = { category: 'deduction', date: nowInCompanyTimeZone().date, amount: '', description: '' };
  const { form, submit, saving } = useRecordForm({
    initialValues: empty,
    schema: AdditionFormSchema,
    save: (values) =>
      editing
        ? statementsApi.updateAddition(editing, values)
        : statementsApi.setAddition({ ...values, statement_id: props.edit.statement?.id }),
    resetOnSave: true,
    onSaved: (saved) => {
      props.onSaved(saved.statement);
      setEditing(null);
    },
  });
  const rows = props.edit.addition;
  return (
    <div data-testid="statement-additions">
      <Text size="sm" fw={700} mb={4}>
        Additional payments
      </Text>
      <Table fz="xs" verticalSpacing={4}>
        <Table.Tbody>
          {rows.map((a) => {
            const kept = props.kept.includes(a.id);
            return (
              <Table.Tr key={a.id} style={kept ? undefined : { textDecoration: 'line-through', opacity: 0.6 }}>
                <Table.Td w={100}>{a.date}</Table.Td>
                <Table.Td w={90}>
                  <Badge size="xs" variant="light" color={a.category === 'credit' ? 'green' : 'red'}>
                    {a.category === 'credit' ? 'Credit' : 'Deduction'}
                  </Badge>
                </Table.Td>
                <Table.Td>{a.description}</Table.Td>
                <Table.Td ta="right" c={moneyColor(a.amount)}>
                  {formatMoney(a.amount)}
                </Table.Td>
                {!props.readOnly && (
                  <Table.Td w={64}>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`Change ${a.description}`}
                        onClick={() => {
                          setEditing(a.id);
                          form.setValues({
                            category: a.category,
                            date: a.date,
                            amount: String(Math.abs(a.amount)),
                            description: a.description,
                          });
                        }}
                      >
                        <IconPencil size={14} />
                      </ActionIcon>
                      <DeleteIconButton
                        label={`${kept ? 'Remove' : 'Keep'} ${a.description}`}
                        onClick={() =>
                          props.onKept(kept ? props.kept.filter((k) => k !== a.id) : [...props.kept, a.id])
                        }
                      />
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          No additional payments.
        </Text>
      )}
      {!props.readOnly && (
        <form onSubmit={submit} noValidate data-testid="addition-form">
          <Group align="flex-end" gap="xs" mt="xs" wrap="nowrap">
            <div style={{ flex: 1 }}>
              <RecordFields schema={AdditionFormSchema} form={form} cols={4} />
            </div>
            <Button type="submit" size="sm" loading={saving} data-testid="addition-save">
              {editing ? 'Save payment' : 'Add payment'}
            </Button>
          </Group>
        </form>
      )}
    </div>
  );
}

/** Payments of a closed statement: the list (each may be removed) and a form for the next one. */
function Payments(props: { s: StatementDetail; canPay: boolean; onSaved: (s: StatementDetail) => void }) {
  const [removing, setRemoving] = useState<number | null>(null);
  const empty = { amount: '', date: nowInCompanyTimeZone().date, note: '' };
  const { form, submit, saving } = useRecordForm({
    initialValues: empty,
    schema: StatementPayFormSchema,
    save: (values) => statementsApi.setPay(props.s.id, values),
    resetOnSave: true,
    onSaved: (saved) => props.onSaved(saved.statement),
  });
  return (
    <div data-testid="statement-payments">
      <Text size="sm" fw={700} mb={4}>
        Payments
      </Text>
      <Table fz="xs" verticalSpacing={4}>
        <Table.Tbody>
          {props.s.payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td w={100}>{p.date}</Table.Td>
              <Table.Td>{p.note}</Table.Td>
              <Table.Td c="dimmed">{p.created_by}</Table.Td>
              <Table.Td ta="right">{formatMoney(p.amount)}</Table.Td>
              {props.canPay && (
                <Table.Td w={32}>
                  <DeleteIconButton label="Remove payment" onClick={() => setRemoving(p.id)} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {props.s.payments.length === 0 && (
        <Text size="xs" c="dimmed">
          Not paid yet.
        </Text>
      )}
      {props.canPay && props.s.due > 0 && (
        <form onSubmit={submit} noValidate data-testid="pay-form">
          <Group align="flex-end" gap="xs" mt="xs" wrap="nowrap">
            <div style={{ flex: 1 }}>
              <RecordFields schema={StatementPayFormSchema} form={form} cols={4} />
            </div>
            <Button type="submit" size="sm" loading={saving} data-testid="pay-save">
              Pay
            </Button>
          </Group>
        </form>
      )}
      <ConfirmDialog
        opened={removing !== null}
        message="Remove this payment? The statement's paid amount goes down by it."
        confirmLabel="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing === null) return;
          const res = await statementsApi.deletePayment(removing);
          showAlert('success', res.message);
          props.onSaved(res.statement);
          setRemoving(null);
        }}
      />
    </div>
  );
}

type Rights = { canEdit: boolean; canPay: boolean; canSend: boolean };

/**
 * A driver statement: Edit while open (move trips, fuel and scheduled payments in and out, add
 * credits and deductions, Save, Close), View once closed (its lines, payments and Pay).
 */
export function StatementEditor(props: {
  id: number | null;
  onClose: () => void;
  onChanged: () => void;
  onSend: (id: number) => void;
}) {
  const tree = usePermissionTree();
  const queryClient = useQueryClient();
  const rights: Rights = {
    canEdit: allowsButton(tree, { section: S, ids: [ACTION.EDIT] }),
    canPay: allowsButton(tree, { section: S, ids: [ACTION.PAID] }),
    canSend: allowsButton(tree, { section: S, ids: [ACTION.SEND] }),
  };
  const query = useQuery({
    queryKey: statementKeys.record(props.id),
    queryFn: () => statementsApi.edit(props.id as number),
    enabled: props.id !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const edit = query.data;
  const s = edit?.statement;
  const readOnly = s?.status === 'Closed' || !rights.canEdit;
  const reload = async () => {
    props.onChanged();
    await queryClient.invalidateQueries({ queryKey: statementKeys.record(props.id) });
  };
  return (
    <Modal
      opened={props.id !== null}
      onClose={props.onClose}
      size={1180}
      centered
      title={s ? `${readOnly ? 'View' : 'Edit'} driver statement #${s.id}` : 'Driver statement'}
    >
      {!edit || !s ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : (
        // A fresh selection per loaded statement, and again once it is closed.
        <StatementForm
          key={`${s.id}:${s.status}`}
          edit={edit}
          s={s}
          rights={rights}
          reload={reload}
          onClose={props.onClose}
          onSend={props.onSend}
        />
      )}
    </Modal>
  );
}

/** The loaded statement: its lines (the selection is the form), payments and actions. */
function StatementForm(props: {
  edit: StatementEdit;
  s: StatementDetail;
  rights: Rights;
  reload: () => Promise<void>;
  onClose: () => void;
  onSend: (id: number) => void;
}) {
  const { edit, s, rights } = props;
  const closed = s.status === 'Closed';
  const readOnly = closed || !rights.canEdit;
  const [closing, setClosing] = useState(false);
  const [writingOff, setWritingOff] = useState(false);
  // No schema on the client: the selection has no input to show a message under, so the server's
  // 422 is the API client's alert.
  const { form, submit, saving } = useRecordForm<Selection, StatementSaved, StatementUpdate>({
    initialValues: selectionOf(edit),
    body: (selection) => (closing ? { ...selection, status: 'Closed' } : selection),
    save: (body) => statementsApi.update(s.id, body),
    onSaved: async () => {
      await props.reload();
      if (closing) setClosing(false);
      else props.onClose();
    },
  });
  const sel = form.values;
  const choose = <K extends keyof Selection>(key: K) => ({
    selected: sel[key],
    onChange: (ids: Selection[K]) => form.setFieldValue(key, ids as never),
  });
  const onAddition = (detail: StatementDetail) => {
    const fresh = detail.lines
      .filter((l) => l.kind === 'addition' && !edit.addition.some((a) => a.id === l.id))
      .map((l) => l.id);
    form.setFieldValue('addition', [...form.getValues().addition, ...fresh]);
    void props.reload();
  };
  const selectedTotal =
    [
      ...edit.trips.filter((r) => sel.trips.includes(r.id)),
      ...edit.hours.filter((r) => sel.hours.includes(r.id)),
      ...edit.fuel.filter((r) => sel.fuel.includes(r.id)),
      ...edit.scheduled_payments.filter((r) => sel.scheduled_payments.includes(r.id)),
      ...edit.additional.filter((r) => sel.additional.includes(r.id)),
      ...edit.addition.filter((r) => sel.addition.includes(r.id)),
    ].reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100;

  return (
    <Stack gap="sm" data-testid="statement-editor">
      <Summary s={s} />
      <Divider />
      {closed ? (
        <Paper withBorder p="xs">
          <Table fz="xs" verticalSpacing={4} data-testid="statement-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Count</Table.Th>
                <Table.Th>Schedule</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <LineDate date={l.date} earned={l.earned} />
                  </Table.Td>
                  <Table.Td>{l.type}</Table.Td>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td>{l.count_action}</Table.Td>
                  <Table.Td>{l.schedule}</Table.Td>
                  <Table.Td ta="right" c={moneyColor(l.amount)}>
                    {formatMoney(l.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td colSpan={5} fw={700}>
                  Total
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {formatMoney(s.amount)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
      ) : (
        <>
          <TransferLines
            title="Trips"
            testId="trips"
            readOnly={readOnly}
            rows={edit.trips.map((r) => ({ ...r, detail: `Trip #${r.trip_id} · ${r.count_action}` }))}
            {...choose('trips')}
          />
          {(edit.hours.length > 0 || s.contract_type === 'Hourly') && (
            <TransferLines
              title="Hours"
              testId="hours"
              readOnly={readOnly}
              rows={edit.hours.map((r) => ({ ...r, detail: r.count_action }))}
              {...choose('hours')}
            />
          )}
          <TransferLines
            title="Fuel"
            testId="fuel"
            readOnly={readOnly}
            rows={edit.fuel.map((r) => ({ ...r, detail: r.count_action }))}
            {...choose('fuel')}
          />
          <TransferLines
            title="Scheduled payments"
            testId="scheduled"
            readOnly={readOnly}
            rows={edit.scheduled_payments.map((r) => ({ ...r, detail: r.schedule }))}
            {...choose('scheduled_payments')}
          />
          <TransferLines
            title="Expenses, advances, escrow and carried balances"
            testId="additional"
            readOnly={readOnly}
            rows={edit.additional.map((r) => ({ ...r, detail: r.type }))}
            {...choose('additional')}
          />
          <Additions
            edit={edit}
            kept={sel.addition}
            onKept={(addition) => form.setFieldValue('addition', addition)}
            readOnly={readOnly}
            onSaved={onAddition}
          />
        </>
      )}
      {closed && (s.amount > 0 || s.payments.length > 0) && (
        <Payments s={s} canPay={rights.canPay} onSaved={() => void props.reload()} />
      )}
      <Divider />
      {!closed && edit.warnings.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="statement-warnings">
          <Stack gap={4}>
            {edit.warnings.map((w) => (
              <Text key={w} size="sm">
                {w}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" data-testid="statement-total">
          {closed ? 'Statement amount' : 'Amount after saving'}:{' '}
          <Text span fw={700} c={moneyColor(closed ? s.amount : selectedTotal)}>
            {formatMoney(closed ? s.amount : selectedTotal)}
          </Text>
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              downloadLink(`/api/drivers-statements/${s.id}/pdf`).catch(() => showAlert('error', MSG.whoops))
            }
            data-testid="statement-pdf"
          >
            PDF
          </Button>
          {rights.canSend && (
            <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => props.onSend(s.id)}>
              Send
            </Button>
          )}
          {closed && rights.canPay && s.paid_status === 'Owed by driver' && (
            <Button variant="light" color="grape" onClick={() => setWritingOff(true)} data-testid="statement-write-off">
              Write off balance
            </Button>
          )}
          {!readOnly && (
            <Button variant="light" color="orange" onClick={() => setClosing(true)} data-testid="statement-close">
              Close statement
            </Button>
          )}
          <Button variant="default" onClick={props.onClose}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button loading={saving} onClick={() => submit()} data-testid="statement-save">
              Save
            </Button>
          )}
        </Group>
      </Group>
      <ConfirmDialog
        opened={closing}
        title="Close statement"
        message="Close this statement? Its lines can no longer change, and it cannot be deleted."
        confirmLabel="Close statement"
        busy={saving}
        testId="confirm-close"
        onClose={() => setClosing(false)}
        onConfirm={() => submit()}
      />
      <StatementWriteOffDialog
        statement={writingOff ? s : null}
        onClose={() => setWritingOff(false)}
        onDone={() => void props.reload()}
      />
    </Stack>
  );
}
