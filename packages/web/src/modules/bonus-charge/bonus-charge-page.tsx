import { ACTION } from '@backhaul/shared';
import { formatMoney, nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { type FormField, formFields } from '@backhaul/shared/forms/fields';
import * as C from '@backhaul/shared/modules/bonus-charge/bonus-charge.contract';
import { Anchor, Badge, Button, SimpleGrid, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendar, IconEye } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { DataTable, type Row } from '../../platform/data-table/data-table';
import { allowsButton, usePermissionTree } from '../../platform/data-table/permissions';
import { RegistryPage, useRegistryActions } from '../../platform/data-table/use-registry-actions';
import { UploadButton } from '../../platform/forms/upload-button';
import { RecordDialog } from '../../platform/record/record-dialog';
import { type AnyForm, FieldInput } from '../../platform/record/record-fields';
import { openPreview } from '../../platform/services/download';
import { uploadFile } from '../../platform/services/files.api';
import { BONUS_CHARGE_FILES, BONUS_CHARGE_SECTION, bonusChargeApi } from './bonus-charge.api';

type Entry = Row & { id: number; type: C.BonusChargeType; total: number; file: number | null; action_delete: boolean };

const EMPTY = {
  type: null,
  total: '',
  employee: null,
  department: null,
  salary_month: '',
  additional: false,
  description: '',
};

const FIELDS = formFields(C.BonusChargeFormSchema);
const fieldOf = (name: string): FormField => {
  const f = FIELDS.find((x) => x.name === name);
  if (!f) throw new Error(`No field ${name} in the bonus-charge form`);
  return f;
};

/**
 * The dialog's fields after Type and Total: choosing the employee fills the department with the
 * employee's own (still changeable); the salary month is picked from a calendar of months.
 */
export function BonusChargeFields({ form, data }: { form: AnyForm; data: unknown }) {
  const employees = (data as Partial<z.infer<typeof C.BonusChargeOptionsSchema>> | undefined)?.employees ?? [];
  const chooseEmployee = (value: string | null) => {
    form.setFieldValue('employee', value);
    const department = employees.find((e) => String(e.id) === value)?.department_id;
    if (department) form.setFieldValue('department', String(department));
  };
  const month = form.getInputProps('salary_month');
  const salaryMonth = fieldOf('salary_month');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <FieldInput field={fieldOf('employee')} form={form} data={data} extra={{ onChange: chooseEmployee }} />
      <FieldInput field={fieldOf('department')} form={form} data={data} />
      <MonthPickerInput
        label={salaryMonth.label}
        withAsterisk
        placeholder="Pick a month"
        valueFormat="YYYY-MM"
        leftSection={<IconCalendar size={14} />}
        data-testid="field-salary_month"
        error={month.error}
        value={typeof month.value === 'string' && month.value ? `${month.value.slice(0, 7)}-01` : null}
        onChange={(v) => form.setFieldValue('salary_month', v ? v.slice(0, 7) : '')}
      />
      <FieldInput field={fieldOf('additional')} form={form} data={data} />
      <div style={{ gridColumn: 'span 2' }}>
        <FieldInput field={fieldOf('description')} form={form} data={data} />
      </div>
    </SimpleGrid>
  );
}

/** Accounting → Bonus and charges: the entries of every employee, types in the spec's colours. */
export function BonusChargePage() {
  // A new entry is for this month's salary (company time) unless the user picks another.
  const [empty] = useState(() => ({ ...EMPTY, salary_month: nowInCompanyTimeZone().date.slice(0, 7) }));
  const tree = usePermissionTree();
  const canAttach = allowsButton(tree, { section: BONUS_CHARGE_SECTION, ids: [ACTION.EDIT] });
  const registry = useRegistryActions<Entry>({
    section: BONUS_CHARGE_SECTION,
    rowId: (r) => r.id,
    deleteUrl: bonusChargeApi.deleteUrl,
    describe: (id) => `bonus or charge #${id}`,
    deleteMessages: 'server',
    // An entry a statement pays is that statement's line: not edited (the server answers 412).
    editVisible: (r, canEdit) => canEdit && !r.action_delete,
  });
  // …nor deleted (001 §6: action_delete, derived from the statement's line); it opens read-only.
  const [viewing, setViewing] = useState<number | null>(null);
  const actions = [
    ...registry.actions.map((a) => (a.id === 'delete' ? { ...a, visible: (r: Entry) => !r.action_delete } : a)),
    {
      id: 'paid',
      label: 'View (paid on a statement)',
      icon: <IconEye size={16} />,
      visible: (r: Entry) => r.action_delete,
      onClick: (r: Entry) => setViewing(r.id),
    },
  ];
  const dialog =
    viewing === null
      ? registry.dialog
      : { ...registry.dialog, id: viewing, opened: true, readOnly: true, onClose: () => setViewing(null) };
  const attach = useMutation({
    mutationFn: (v: { id: number; file: File }) =>
      uploadFile({ entity: BONUS_CHARGE_FILES, entityId: v.id, file: v.file }),
    onSuccess: registry.refresh,
  });
  return (
    <RegistryPage testId="bonus-charge-page" title="Bonus and charges">
      <DataTable<Entry>
        url="/bonus-charge/list"
        listKey="bonus-charge"
        rowId={(r) => r.id}
        refreshKey={registry.refreshKey}
        toolbar={registry.toolbar}
        actions={actions}
        widths={{ file: 110 }}
        cells={{
          type: (r) => (
            <Badge color={C.BONUS_CHARGE_COLOR[r.type] ?? 'gray'} variant="light">
              {r.type}
            </Badge>
          ),
          total: (r) => (
            <Text size="sm" ta="right" c={C.BONUS_CHARGE_COLOR[r.type] === 'red' ? 'red.4' : 'green.4'}>
              {C.BONUS_CHARGE_SIGN[r.type] < 0 ? '−' : ''}
              {formatMoney(r.total)}
            </Text>
          ),
          file: (r) =>
            r.file ? (
              <Anchor size="sm" component="button" onClick={() => openPreview(`/api/files/${r.file}/preview`)}>
                Open file
              </Anchor>
            ) : canAttach ? (
              <UploadButton onFile={(file) => attach.mutate({ id: r.id, file })}>
                {(props) => (
                  <Button size="compact-xs" variant="subtle" {...props}>
                    Attach
                  </Button>
                )}
              </UploadButton>
            ) : null,
        }}
      />
      <RecordDialog
        api={bonusChargeApi}
        schema={C.BonusChargeFormSchema}
        empty={empty}
        fields={['type', 'total']}
        recordOf={(d) => (d as { item?: unknown }).item}
        title={{ create: 'New bonus or charge', edit: 'Edit bonus or charge', view: 'Bonus or charge' }}
        section={BONUS_CHARGE_SECTION}
        cols={2}
        {...dialog}
      >
        {({ form, data }) => <BonusChargeFields form={form} data={data} />}
      </RecordDialog>
      {registry.dialogs}
    </RegistryPage>
  );
}
