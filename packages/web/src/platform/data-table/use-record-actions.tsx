import { MSG } from '@backhaul/shared';
import { useState } from 'react';
import { useConfirmedDelete } from '../record/confirm-dialog';

type RowKey = string | number;

/**
 * A table's refresh key that also names the rows just saved on the page: the DataTable asks the
 * list to keep them in view while its filters hide them (until Refresh filters). It reads as its
 * count in a template string, so pages may combine it with keys of their own.
 */
export type TableRefresh = { readonly count: number; readonly saved: readonly RowKey[]; toString(): string };

const MAX_KEPT = 50;
const tableRefresh = (count: number, saved: readonly RowKey[]): TableRefresh => ({
  count,
  saved,
  toString: () => String(count),
});

export const isTableRefresh = (value: unknown): value is TableRefresh =>
  typeof value === 'object' && value !== null && Array.isArray((value as { saved?: unknown }).saved);

const isRowKey = (v: unknown): v is RowKey =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v !== '');

/** The saved record's key in a save's answer (`id`, or the `row`'s or `item`'s id), when it names one. */
export function savedRowKey(answer: unknown): RowKey | null {
  if (isRowKey(answer)) return answer;
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as { id?: unknown; row?: { id?: unknown }; item?: { id?: unknown } };
  for (const id of [a.id, a.row?.id, a.item?.id]) if (isRowKey(id)) return id;
  return null;
}

/** A refresh key and its refresh: `refresh(savedKey)` after a save keeps that row in view. */
function useTableRefresh() {
  const [refreshKey, setRefreshKey] = useState<TableRefresh>(() => tableRefresh(0, []));
  const refresh = (saved?: unknown) =>
    setRefreshKey((k) => {
      const key = savedRowKey(saved);
      const kept = key === null ? k.saved : [...k.saved.filter((x) => String(x) !== String(key)), key];
      return tableRefresh(k.count + 1, kept.slice(-MAX_KEPT));
    });
  return { refreshKey, refresh };
}

/**
 * Delete behind the confirmation, with the spec's texts: 'The removal was successful' or
 * 'Deletion error' (000 §8), or an area's own pair (payments: 'The record has been successfully
 * deleted.' / 'Remove error'). `refreshKey` changes after every successful write; `refresh(saved)`
 * names the row a save wrote (its key, or the save's answer).
 */
export function useRecordActions(opts: {
  deleteUrl: (id: number | string) => string;
  describe: (id: number | string) => string;
  /** 'server': the server's own answer (e.g. 'Item deleted successfully'); the API client alerts a failure. */
  messages?: { success: string; error: string } | 'server';
  /**
   * The record's existing update that sets it inactive (`as`: how inactive reads on it, e.g. 'Frozen'):
   * offered when a delete is refused for what holds the record.
   */
  deactivate?: { update: (id: number | string) => Promise<unknown>; as?: string };
}) {
  const { refreshKey, refresh } = useTableRefresh();
  const messages = opts.messages ?? { success: MSG.removalSuccess, error: MSG.deletionError };
  const remove = useConfirmedDelete({
    onDone: (kept) => refresh(kept),
    ...(messages === 'server' ? {} : { messages }),
  });
  const { deactivate } = opts;
  const askDelete = (id: number | string) =>
    remove.ask(
      opts.deleteUrl(id),
      opts.describe(id),
      deactivate ? { deactivate: () => deactivate.update(id), inactive: deactivate.as, keep: id } : {},
    );
  return { refreshKey, refresh, askDelete, deleteDialog: remove.dialog };
}
