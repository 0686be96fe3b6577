import type { z } from 'zod';
import type { RecordApi } from './record-api';
import { valuesFrom } from './record-fields';

/**
 * A record's existing update with some values changed and the rest as they are: the record loaded
 * as its dialog loads it (`api.load`, the dialog's `recordOf`), `change` applied, saved with the
 * dialog's call (`api.save`). "Make inactive instead" of a refused delete is one.
 */
export async function updateWith<V extends Record<string, unknown>, L, S extends { message: string }>(opts: {
  api: RecordApi<L, S>;
  id: number;
  schema: z.ZodType;
  empty: V;
  recordOf?: (data: L) => unknown;
  change: Partial<V>;
}): Promise<S> {
  const data = await opts.api.load(opts.id);
  const values = valuesFrom(opts.schema, opts.recordOf ? opts.recordOf(data) : data, opts.empty);
  return opts.api.save(opts.id, { ...values, ...opts.change });
}
