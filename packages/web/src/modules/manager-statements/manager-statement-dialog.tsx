import { formatMoney } from '@backhaul/shared/formats/formats';
import {
  type ManagerStatementRowForm,
  ManagerStatementsSaveBodySchema,
  type StaffEntryOption,
} from '@backhaul/shared/modules/manager-statements/manager-statements.contract';
import { Button, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRecordForm } from '../../platform/record/use-record-form';
import { managerStatementKeys, managerStatementsApi } from './manager-statements.api';

type Scalar = string | number | null | undefined;
type Values = {
  rows: [Record<Exclude<keyof ManagerStatementRowForm, 'additional'>, Scalar> & { additional: string[] }];
};
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
      additional: [],
    },
  ],
};

const cents = (dollars: number) => Math.round(dollars * 100);
/** An entry as the form lists it: a month's (marked when it came late) or an Additional one (its description names its year). */
const entryLabel = (e: StaffEntryOption, additional = false) =>
  `${additional ? '' : `${e.salary_month}${e.late ? ' (late)' : ''} · `}${e.type}: ${e.description} — ${formatMoney(e.amount)}`;

/**
 * One person's statement for a month: the salary is the month's salary from the pay history,
 * prorated by calendar days (shown; a typed amount replaces it); the month's bonus-or-charge entries
 * (and earlier ones left off their month's statement) are taken by the server; the accountant
 * chooses the "Additional {year}" entries to pay on it.
 */
export function ManagerStatementDialog(props: {
  editing: { id: number | null; readOnly: boolean } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = props.editing?.id ?? null;
  const readOnly = props.editing?.readOnly ?? false;
  const { form, submit, saving } = useRecordForm({
    initialValues: EMPTY,
    schema: ManagerStatementsSaveBodySchema,
    save: (v) => managerStatementsApi.save(v.rows as unknown as ManagerStatementRowForm[]),
    invalidate: managerStatementKeys.all,
    onSaved: () => {
      props.onSaved();
      props.onClose();
    },
  });
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
            additional: s.additional.map(String),
          },
        ],
      });
      setLoadedFor(id);
    }
  }, [props.editing, id, options.data, edit.data, loadedFor, form.setValues]);
  // The statement's own month offers what is on it; another month, what a new statement would take.
  const onItsMonth = id !== null && edit.data?.statement.month === month;
  const employees = (onItsMonth ? edit.data?.employees : options.data?.employees) ?? [];
  const values = form.values.rows[0];
  const employee = employees.find((e) => String(e.id) === String(values.employee_id));
  const typed =
    values.salary === '' || values.salary === null || values.salary === undefined ? null : Number(values.salary);
  const salary = typed ?? employee?.salary ?? 0;
  const bonus = employee?.bonus ?? 0;
  const additional = (employee?.additional ?? []).filter((a) => values.additional.includes(String(a.id)));
  const total = (cents(salary) + cents(bonus) + additional.reduce((s, a) => s + cents(a.amount), 0)) / 100;
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
              <Select
                label="Month"
                withAsterisk
                allowDeselect={false}
                data={options.data?.month ?? []}
                {...field('month')}
              />
              <Select
                label="Dispatcher / employee"
                withAsterisk
                allowDeselect={false}
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
                  form.setFieldValue('rows.0.additional', []);
                  const chosen = employees.find((e) => String(e.id) === v);
                  if (chosen?.department_id) form.setFieldValue('rows.0.department_id', String(chosen.department_id));
                }}
              />
              <Select
                label="Department"
                withAsterisk
                allowDeselect={false}
                data={(options.data?.departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
                {...field('department_id')}
              />
              <NumberInput
                label="Salary"
                prefix="$"
                decimalScale={2}
                thousandSeparator=","
                placeholder={employee ? formatMoney(employee.salary) : undefined}
                description={employee ? `From pay history: ${formatMoney(employee.salary)} (empty uses it)` : undefined}
                {...field('salary')}
              />
              <NumberInput
                label="Base rate (dispatchers)"
                rightSection="%"
                min={0}
                max={100}
                decimalScale={3}
                {...field('base_rate_percent')}
              />
            </SimpleGrid>
            <Textarea label="Description" autosize minRows={2} {...field('description')} />
            {(employee?.entries.length ?? 0) > 0 && (
              <Stack gap={2} data-testid="manager-statement-entries">
                <Text size="sm" fw={500}>
                  Bonuses and charges taken
                </Text>
                {employee?.entries.map((e) => (
                  <Text key={e.id} size="xs" c={e.amount < 0 ? 'red.4' : 'green.4'}>
                    {entryLabel(e)}
                  </Text>
                ))}
              </Stack>
            )}
            {(employee?.additional.length ?? 0) > 0 && (
              <Checkbox.Group
                label="Additional entries to pay on this statement"
                {...field('additional')}
                data-testid="manager-statement-additional"
              >
                <Stack gap={4} mt={4}>
                  {employee?.additional.map((a) => (
                    <Checkbox key={a.id} value={String(a.id)} label={entryLabel(a, true)} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            <Group gap="lg" data-testid="manager-statement-total">
              <Text size="sm">
                Bonus / charge:{' '}
                <b>{formatMoney((cents(bonus) + additional.reduce((s, a) => s + cents(a.amount), 0)) / 100)}</b>
              </Text>
              <Text size="sm">
                Total: <b>{formatMoney(total)}</b>
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
