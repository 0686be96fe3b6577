import { type UseFormReturnType, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { zodValidator } from '../form-validation';

/**
 * A record dialog's load and form: `load` (the record's …/edit or the empty …/create with the
 * form's options) runs each time the dialog opens (never cached); once it answers the form takes
 * `toValues(data)`, clean and without errors, and `onLoad` resets the dialog's own state.
 * Validation is the module contract's zod schema, the server's rules.
 */
export function useRecordForm<V extends Record<string, unknown>, L>(opts: {
  queryKey: readonly unknown[];
  opened: boolean;
  load: () => Promise<L>;
  initialValues: V;
  schema: z.ZodType;
  toValues: (data: L) => V;
  onLoad?: (data: L) => void;
}): { data: L | undefined; isPending: boolean; form: UseFormReturnType<V> } {
  const query = useQuery({ queryKey: opts.queryKey, queryFn: opts.load, enabled: opts.opened, staleTime: 0 });
  const data = query.data;
  const form = useForm<V>({ initialValues: opts.initialValues, validate: zodValidator(opts.schema) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when a record is loaded
  useEffect(() => {
    if (!opts.opened || !data) return;
    form.setValues(opts.toValues(data));
    form.resetDirty();
    form.clearErrors();
    opts.onLoad?.(data);
  }, [opts.opened, data]);
  return { data, isPending: query.isPending, form };
}
