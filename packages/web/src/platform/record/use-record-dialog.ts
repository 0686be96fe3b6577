import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { RecordApi } from './record-api';
import { valuesFrom } from './record-fields';
import { useRecordForm } from './use-record-form';

/**
 * A record dialog's plumbing, for the declared `RecordDialog` and for big dialogs that lay out
 * their own sections:
 * - load: each time it opens, `api.load(id)` (…/:id/edit, or …/create for a new one; never cached);
 *   once it answers, the form takes the record's values (`toValues`, default: the fields of
 *   `empty` from `recordOf(data)`), clean and without errors;
 * - validate: the contract's zod schema, messages next to the fields;
 * - save: `api.save(id, body(values))`, then `after` (side writes such as drafted deletions), the
 *   server's message, the module's queries invalidated, `onSaved`, close. A 422 goes onto the
 *   fields; on any failure the values stay as typed.
 */
export function useRecordDialog<V extends Record<string, unknown>, L, S extends { message: string }>(opts: {
  api: RecordApi<L, S>;
  id: number | null;
  opened: boolean;
  schema: z.ZodType;
  empty: V;
  recordOf?: (data: L) => unknown;
  toValues?: (data: L) => V;
  query?: Record<string, string | number | undefined>;
  onLoad?: (data: L) => void;
  body?: (values: V) => unknown;
  after?: (saved: S, values: V) => Promise<unknown>;
  onSaved: (saved: S) => void;
  onClose: () => void;
}): {
  form: UseFormReturnType<V>;
  data: L | undefined;
  loading: boolean;
  saving: boolean;
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
} {
  const { api, id, opened } = opts;
  const query = useQuery({
    queryKey: api.keys.form(id, opts.query),
    queryFn: () => api.load(id, opts.query),
    enabled: opened,
    staleTime: 0,
    gcTime: 0,
  });
  const data = query.data;
  const { form, submit, saving } = useRecordForm<V, S>({
    initialValues: opts.empty,
    schema: opts.schema,
    save: async (values) => {
      const saved = await api.save(id, opts.body ? opts.body(values) : values);
      await opts.after?.(saved, values);
      return saved;
    },
    invalidate: api.keys.all,
    onSaved: (saved) => {
      opts.onSaved(saved);
      opts.onClose();
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when a record is loaded
  useEffect(() => {
    if (!opened || !data) return;
    const values = opts.toValues
      ? opts.toValues(data)
      : valuesFrom(opts.schema, opts.recordOf ? opts.recordOf(data) : id === null ? null : data, opts.empty);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    opts.onLoad?.(data);
  }, [opened, data]);

  return { form, data, loading: opened && query.isPending, saving, submit };
}
