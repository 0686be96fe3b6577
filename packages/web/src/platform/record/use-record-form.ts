import { type UseFormReturnType, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { showAlert } from '../alerts-store';
import { ApiError } from '../api-errors';
import { toFormErrors, zodValidator } from '../form-validation';

type Errors = Record<string, string>;

export type RecordFormOptions<V, B, S> = {
  /** What the inputs start with; `form.reset()` and `resetOnSave` go back to it. */
  initialValues: V;
  /** The contract's schema of what is sent: checked before the call, its messages under the fields. */
  schema?: z.ZodType;
  /** What is sent when it is not the values themselves (ids as numbers, some of the fields). */
  body?: (values: V) => B;
  /** The call: create, update, send… */
  save: (body: B, values: V) => Promise<S>;
  /** Queries refreshed after a save (a module's `keys.all`). */
  invalidate?: readonly unknown[];
  onSaved?: (saved: S, values: V) => void;
  /** Back to `initialValues` after a save (a form that adds rows one after another). */
  resetOnSave?: boolean;
  /** The input that shows a message of another name (`emails.3` → `emails`). */
  errorField?: (name: string) => string;
};

export type RecordForm<V> = {
  form: UseFormReturnType<V>;
  /** The form's onSubmit: validate, save, then the answer's message, refresh, `onSaved`. */
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
  /** True while the call runs: the submit button's `loading`. */
  saving: boolean;
  /**
   * A side call of the form (creating an option it then chooses): a 422 goes onto the fields (all
   * onto `field` when given); resolves undefined on any failure, which the API client has alerted.
   */
  run: <T>(call: () => Promise<T>, field?: string) => Promise<T | undefined>;
};

const messageOf = (saved: unknown): string | null =>
  typeof saved === 'object' && saved !== null && 'message' in saved && typeof saved.message === 'string'
    ? saved.message || null
    : null;

function renamed(errors: Errors, errorField: ((name: string) => string) | undefined): Errors {
  if (!errorField) return errors;
  const out: Errors = {};
  for (const [name, message] of Object.entries(errors)) out[errorField(name)] ??= message;
  return out;
}

/**
 * What a form does when its call fails: a 422's messages onto the fields by name (nested names such
 * as `rows.0.amount` too); the API client has already alerted a 412/404's message or the server
 * error; the values stay as typed.
 */
function putFailure(err: unknown, setErrors: (e: ApiError) => void): void {
  if (err instanceof ApiError) {
    if (err.status === 422) setErrors(err);
  } else console.error(err);
}

/**
 * The one form of the web, on a page or in a dialog of its own (a record's create/edit dialog is
 * `RecordDialog` / `useRecordDialog`, built on this): the contract's zod schema checks what is sent
 * and puts its messages under the fields; `save` calls the API with the submit button `loading`; the
 * answer's `message` is the success alert; a 422's `errors` go onto the fields by name (also nested
 * ones, `rows.0.amount`); a 412/404's message is the API client's alert; nothing typed is lost on a
 * failure. Inputs take `form.getInputProps(name)`.
 */
export function useRecordForm<V extends Record<string, unknown>, S = { message: string }, B = V>(
  opts: RecordFormOptions<V, B, S>,
): RecordForm<V> {
  const bodyOf = (values: V): B => (opts.body ? opts.body(values) : (values as unknown as B));
  const form = useForm<V>({
    initialValues: opts.initialValues,
    validate: (values) => (opts.schema ? renamed(zodValidator(opts.schema)(bodyOf(values)), opts.errorField) : {}),
  });
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const saved = await opts.save(bodyOf(values), values);
      const message = messageOf(saved);
      if (message) showAlert('success', message);
      if (opts.invalidate) await queryClient.invalidateQueries({ queryKey: opts.invalidate });
      if (opts.resetOnSave) form.reset();
      opts.onSaved?.(saved, values);
    } catch (err) {
      putFailure(err, (e) => form.setErrors(renamed(toFormErrors(e.fieldErrors), opts.errorField)));
    } finally {
      setSaving(false);
    }
  });
  const run = async <T>(call: () => Promise<T>, field?: string): Promise<T | undefined> => {
    try {
      return await call();
    } catch (err) {
      putFailure(err, (e) =>
        form.setErrors(field ? { [field]: e.message } : renamed(toFormErrors(e.fieldErrors), opts.errorField)),
      );
      return undefined;
    }
  };
  return { form, submit, saving, run };
}

/**
 * A call for one row of the form made inside its `save` (a contract saved after its driver): the
 * 422 names the row's own fields, so its messages go under the row (`contracts.2.form.rate`).
 */
export async function underRow<T>(row: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 422) throw err;
    const fieldErrors = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [`${row}.${k}`, v]));
    throw new ApiError(err.status, err.body, { alert: err.message, logout: false, fieldErrors });
  }
}
