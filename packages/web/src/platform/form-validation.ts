import type { z } from 'zod';

/** A Mantine form `validate` function from a zod schema: the first message per field. */
export function zodValidator<T>(schema: z.ZodType<T>) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
    }
    return errors;
  };
}

/** 422 messages per field, as a form shows them next to its inputs. */
export function toFormErrors(fieldErrors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages.join(' ')]));
}
