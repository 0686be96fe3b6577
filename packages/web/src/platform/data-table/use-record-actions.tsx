import { MSG } from '@backhaul/shared';
import { useState } from 'react';
import { useConfirmedDelete } from '../record/confirm-dialog';

/**
 * Delete behind the confirmation, with the spec's texts: 'The removal was successful' or
 * 'Deletion error' (000 §8), or an area's own pair (payments: 'The record has been successfully
 * deleted.' / 'Remove error'). `refreshKey` changes after every successful write.
 */
export function useRecordActions(opts: {
  deleteUrl: (id: number | string) => string;
  describe: (id: number | string) => string;
  /** 'server': the server's own answer (e.g. 'Item deleted successfully'); the API client alerts a failure. */
  messages?: { success: string; error: string } | 'server';
}) {
  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = () => setRefreshKey((k) => k + 1);
  const messages = opts.messages ?? { success: MSG.removalSuccess, error: MSG.deletionError };
  const remove = useConfirmedDelete({ onDone: refresh, ...(messages === 'server' ? {} : { messages }) });
  const askDelete = (id: number | string) => remove.ask(opts.deleteUrl(id), opts.describe(id));
  return { refreshKey, refresh, askDelete, deleteDialog: remove.dialog };
}
