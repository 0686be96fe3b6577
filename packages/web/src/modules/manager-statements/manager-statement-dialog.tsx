import { formatMoney } from '@backhaul/shared/formats/formats';
import type { ManagerStatementRowForm } from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRecordSave } from '../../platform/record/use-record-dialog';
import { managerStatementKeys, managerStatementsApi } from './manager-statements.api';

type Values = { rows: [Record<keyof ManagerStatementRowForm, string | number | null | undefined>] };
const EMPTY: Values = {
  rows: [
    {
      id: undefined,
      month: '',
      department_id: null,
      employee_id: null,
      salary: '',
      base_rate_percent: null,
      description: '',
    },
  ],
};

/**
 * One person's statement for a month: salary (and a dispatcher's base rate) typed in; the bonus is
 * the month's bonus-or-charge entries, computed by the server, and the total follows.
 */
export function ManagerStatementDialog(props: {
  editing: { id: number | null; readOnly: boolean } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = props.editing?.id ?? null;
  const readOnly = props.editing?.readOnly ?? false;
  const form = useForm<Values>({ initialValues: EMPTY });
  const month = String(form.values.rows[0].month ?? '');
  const [loadedFor, setLoadedFor] = useState<number | null | undefined>(undefined);
  const edit = useQuery({
    queryKey: managerStatementKeys.form(id),
    queryFn: () => managerStatementsApi.edit(id as number),
    enabled: props.editing !== null && id !== null,
  });
  const options = useQuery({
    queryKey: managerStatementKeys.form(null, month),
    queryFn: () => managerStatementsApi.options(month || undefined),
    enabled: props.editing !== null,
  });
  useEffect(() => {
    if (props.editing === null) return setLoadedFor(undefined);
    if (loadedFor === id) return;
    if (id === null && options.data) {
      form.setValues({ rows: [{ ...EMPTY.rows[0], month: options.data.selected_month }] });
      setLoadedFor(null);
    } else if (id !== null && edit.data) {
      const s = edit.data.statement;
      form.setValues({
        rows: [
          {
            id: s.id,
            month: s.month,
            department_id: s.department_id === null ? null : String(s.department_id),
            employee_id: String(s.employee_id),
            salary: s.salary,
            base_rate_percent: s.base_rate,
            description: s.description,
          },
        ],
      });
      setLoadedFor(id);
    }
  }, [props.editing, id, options.data, edit.data, loadedFor, form.setValues]);
  const { submit, saving } = useRecordSave(form, {
    save: (v) => managerStatementsApi.save(v.rows as unknown as ManagerStatementRowForm[]),
    invalidate: managerStatementKeys.all,
    onSaved: () => {
      props.onSaved();
      props.onClose();
    },
  });
  const employees = options.data?.employees ?? [];
  const employee = employees.find((e) => String(e.id) === String(form.values.rows[0].employee_id));
  const salary = Number(form.values.rows[0].salary) || 0;
  const bonus = employee?.bonus ?? 0;
  const field = (name: keyof ManagerStatementRowForm) => form.getInputProps(`rows.0.${name}`);
  return (
    <Modal
      opened={props.editing !== null}
      onClose={props.onClose}
      title={id === null ? 'New manager statement' : readOnly ? 'Manager statement' : 'Edit manager statement'}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate data-testid="manager-statement-dialog">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <SimpleGrid cols={2} spacing="sm">
              <Select label="Month" withAsterisk data={options.data?.month ?? []} {...field('month')} />
              <Select
                label="Dispatcher / employee"
                withAsterisk
                searchable
                data={employees.map((e) => ({
                  value: String(e.id),
                  label:
                    e.has_statement && String(e.id) !== String(edit.data?.statement.employee_id)
                      ? `${e.name} (has a statement)`
                      : e.name,
                }))}
                {...field('employee_id')}
                onChange={(v) => {
                  form.setFieldValue('rows.0.employee_id', v);
                  const chosen = employees.find((e) => String(e.id) === v);
                  if (chosen?.department_id) form.setFieldValue('rows.0.department_id', String(chosen.department_id));
                }}
              />
              <Select
                label="Department"
                withAsterisk
                data={(options.data?.departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
                {...field('department_id')}
              />
              <NumberInput
                label="Salary"
                withAsterisk
                prefix="$"
                decimalScale={2}
                thousandSeparator=","
                {...field('salary')}
              />
              <NumberInput
                label="Base rate (dispatchers)"
                rightSection="%"
                min={0}
                max={100}
                decimalScale={2}
                {...field('base_rate_percent')}
              />
            </SimpleGrid>
            <Textarea label="Description" autosize minRows={2} {...field('description')} />
            <Group gap="lg" data-testid="manager-statement-total">
              <Text size="sm">
                Bonus / charge this month: <b>{formatMoney(bonus)}</b>
              </Text>
              <Text size="sm">
                Total: <b>{formatMoney(Math.round((salary + bonus) * 100) / 100)}</b>
              </Text>
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                {readOnly ? 'Close' : 'Cancel'}
              </Button>
              {!readOnly && (
                <Button type="submit" loading={saving}>
                  Save
                </Button>
              )}
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
}
