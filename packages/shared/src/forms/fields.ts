import { z } from 'zod';

/**
 * How a form field is shown, declared on the contract's form schema so a dialog is built from the
 * same schema that validates it: `field(z.string()..., { label: 'City' })`.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'money' | 'date' | 'select' | 'checkbox' | 'phone';

export type FieldOption = { value: string; label: string };

export type FieldMeta = {
  label: string;
  /** Default 'text'. */
  kind?: FieldKind;
  /**
   * A select's choices: fixed values, or the key of a list in what the dialog loaded (GET …/create
   * or …/:id/edit), dotted for nested answers ('options.customers').
   */
  options?: string | readonly string[] | readonly FieldOption[];
  placeholder?: string;
  /** Text after the input, e.g. '%'. */
  suffix?: string;
  /** Numbers: group thousands (odometers, miles); years and counts stay plain. Money always groups. */
  thousands?: boolean;
  /** Columns the field spans in the dialog's grid (default 1). */
  span?: number;
};

/** `empty`: what the input holds when cleared (the schema's own "none": '' or null). */
export type FormField = FieldMeta & { name: string; kind: FieldKind; required: boolean; empty: unknown };

const META_KEY = 'field';

/** Declares how a form field is shown; validation stays the schema's own. */
export const field = <S extends z.ZodType>(schema: S, meta: FieldMeta): S => schema.meta({ [META_KEY]: meta }) as S;

/** What an empty input holds for a kind by default (a required field refuses it). */
const EMPTY_INPUT: Record<FieldKind, unknown> = {
  text: '',
  textarea: '',
  phone: '',
  number: '',
  money: '',
  date: null,
  select: null,
  checkbox: false,
};

function metaOf(schema: z.ZodType): FieldMeta | undefined {
  const meta = z.globalRegistry.get(schema)?.[META_KEY] as FieldMeta | undefined;
  if (meta) return meta;
  // .optional(), .default(), .nullable() after field(...) wrap the annotated schema.
  const inner = (schema.def as { innerType?: z.ZodType }).innerType;
  return inner ? metaOf(inner) : undefined;
}

/**
 * The fields a form schema declares with `field(...)`, in the schema's order. A field is required
 * when the schema refuses both '' and null; a cleared input holds whichever of them it accepts.
 */
export function formFields(schema: z.ZodType): FormField[] {
  const shape = (schema as z.ZodObject).shape ?? {};
  return Object.entries(shape as Record<string, z.ZodType>).flatMap(([name, fieldSchema]) => {
    const meta = metaOf(fieldSchema);
    if (!meta) return [];
    const kind = meta.kind ?? 'text';
    const first = EMPTY_INPUT[kind];
    const candidates = kind === 'checkbox' ? [false] : [first, first === '' ? null : ''];
    const accepted = candidates.find((v) => fieldSchema.safeParse(v).success);
    const required = kind !== 'checkbox' && accepted === undefined;
    return [{ ...meta, name, kind, required, empty: accepted === undefined ? first : accepted }];
  });
}

const ROW_TYPE: Record<FieldKind, () => z.ZodType> = {
  text: () => z.string(),
  textarea: () => z.string(),
  phone: () => z.string(),
  date: () => z.string(),
  select: () => z.union([z.number(), z.string()]),
  number: () => z.number(),
  money: () => z.number(),
  checkbox: () => z.boolean(),
};

/**
 * The saved record a small list answers for this form: its id and each declared field (null when
 * empty, unless required). A record with more to say declares its own row schema.
 */
export function rowSchema(form: z.ZodType) {
  const fields = formFields(form).map((f) => {
    const type = ROW_TYPE[f.kind]();
    return [f.name, f.required || f.kind === 'checkbox' ? type : type.nullable()] as const;
  });
  return z.object({ id: z.number().int(), ...Object.fromEntries(fields) }) as z.ZodType<
    { id: number } & Record<string, unknown>
  >;
}
