import { formatPhone } from '@backhaul/shared/formats/formats';
import { type FieldOption, type FormField, formFields } from '@backhaul/shared/forms/fields';
import { Autocomplete, Checkbox, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { DateField } from '../forms/date-field';

// biome-ignore lint/suspicious/noExplicitAny: a field renderer serves any record's form values
export type AnyForm = UseFormReturnType<any>;

const at = (data: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), data);

/** A select's choices: fixed in the contract, or a list in what the dialog loaded ({ value, label }, { id, name } or text). */
export function fieldOptions(field: FormField, data: unknown): FieldOption[] {
  const source = typeof field.options === 'string' ? at(data, field.options) : field.options;
  if (!Array.isArray(source)) return [];
  return source.map((o: unknown) => {
    if (typeof o === 'string') return { value: o, label: o };
    const r = o as { value?: unknown; label?: unknown; id?: unknown; name?: unknown };
    return { value: String(r.value ?? r.id), label: String(r.label ?? r.name) };
  });
}

/** Props a dialog gives one input beyond the contract's (a label of the moment, onChange, disabled). */
export type FieldProps = Record<string, unknown>;

/** One input of a form, by the field's kind; messages (zod or a 422) show under it. */
export function FieldInput({
  field,
  form,
  data,
  extra,
}: {
  field: FormField;
  form: AnyForm;
  data?: unknown;
  extra?: FieldProps;
}) {
  const common = {
    label: field.label,
    withAsterisk: field.required,
    placeholder: field.placeholder,
    'data-testid': `field-${field.name}`,
  };
  const props = { ...form.getInputProps(field.name), ...extra };
  switch (field.kind) {
    case 'textarea':
      return <Textarea {...common} autosize minRows={2} maxRows={8} {...props} />;
    case 'number':
    case 'money':
      return (
        <NumberInput
          {...common}
          {...(field.kind === 'money' || field.thousands ? { thousandSeparator: ',' } : {})}
          {...(field.kind === 'money' ? { prefix: '$', decimalScale: 2 } : {})}
          {...(field.suffix ? { rightSection: field.suffix } : {})}
          {...props}
        />
      );
    case 'date':
      // The platform's one date input; a cleared date holds what the schema takes for none.
      return (
        <DateField
          {...common}
          {...props}
          onChange={(v) => form.setFieldValue(field.name, v || field.empty)}
          {...extra}
        />
      );
    case 'select':
      // A required choice is never undone by clicking it again (Mantine's default deselects).
      return (
        <Select
          {...common}
          data={fieldOptions(field, data)}
          searchable
          clearable={!field.required}
          allowDeselect={!field.required}
          {...props}
          value={props.value === null || props.value === undefined || props.value === '' ? null : String(props.value)}
          onChange={(v) => form.setFieldValue(field.name, v ?? field.empty)}
          {...extra}
        />
      );
    case 'checkbox':
      return <Checkbox {...common} mt="lg" {...form.getInputProps(field.name, { type: 'checkbox' })} {...extra} />;
    default:
      // A text field with options suggests the values the company already uses.
      if (field.options)
        return <Autocomplete {...common} data={fieldOptions(field, data).map((o) => o.label)} {...props} />;
      return <TextInput {...common} {...(field.suffix ? { rightSection: field.suffix } : {})} {...props} />;
  }
}

/** The inputs of a contract's form schema in a grid; `only` picks and orders them, `extra` adds props per field. */
export function RecordFields(props: {
  schema: z.ZodType;
  form: AnyForm;
  data?: unknown;
  only?: readonly string[];
  cols?: number;
  extra?: Record<string, FieldProps>;
}) {
  const all = formFields(props.schema);
  const fields = props.only ? props.only.flatMap((name) => all.filter((f) => f.name === name)) : all;
  return (
    <SimpleGrid cols={{ base: 1, sm: props.cols ?? 1 }} spacing="sm">
      {fields.map((f) => (
        <div key={f.name} style={f.span ? { gridColumn: `span ${f.span}` } : undefined}>
          <FieldInput field={f} form={props.form} data={props.data} extra={props.extra?.[f.name]} />
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * The form values of a loaded record: each field of `empty` from the record, as its input holds it
 * (ids of selects as text, null text as '', phones formatted).
 */
export function valuesFrom<V extends Record<string, unknown>>(schema: z.ZodType, record: unknown, empty: V): V {
  if (!record || typeof record !== 'object') return empty;
  const kinds = new Map(formFields(schema).map((f) => [f.name, f.kind]));
  const row = record as Record<string, unknown>;
  const values: Record<string, unknown> = { ...empty };
  for (const key of Object.keys(empty)) {
    if (!(key in row)) continue;
    const v = row[key];
    switch (kinds.get(key)) {
      case 'select':
        values[key] = v === null || v === undefined || v === '' ? empty[key] : String(v);
        break;
      case 'phone':
        values[key] = formatPhone(typeof v === 'string' ? v : null);
        break;
      case 'date':
        values[key] = v || empty[key];
        break;
      case 'checkbox':
        values[key] = Boolean(v);
        break;
      case 'number':
      case 'money':
        values[key] = v ?? '';
        break;
      default:
        values[key] = v ?? empty[key];
    }
  }
  return values as V;
}
