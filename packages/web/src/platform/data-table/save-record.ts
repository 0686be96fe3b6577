import { showAlert } from '../alerts-store';
import { ApiError } from '../api-errors';
import { toFormErrors } from '../form-validation';

/**
 * The end of every record dialog's submit: `save` creates or updates (the caller picks by id) and
 * may finish its side writes; then the server's message ('Saving Successfully'), `afterAlert`
 * (cache invalidation), refresh and close. A 422 puts the messages next to the fields; any other
 * error was already shown by the api client.
 */
export async function saveRecord(
  form: { setErrors: (errors: Record<string, string>) => void },
  opts: {
    save: () => Promise<{ message: string }>;
    afterAlert?: () => Promise<unknown>;
    onSaved: () => void;
    onClose: () => void;
  },
): Promise<void> {
  try {
    const res = await opts.save();
    showAlert('success', res.message);
    await opts.afterAlert?.();
    opts.onSaved();
    opts.onClose();
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) form.setErrors(toFormErrors(err.fieldErrors));
  }
}
