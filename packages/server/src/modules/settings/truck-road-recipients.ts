import type { DbOrTx } from '../../db/client';

/** Where the trucks-on-the-road recipients live: the truck-road module's list. */
export type RecipientsStore = {
  read: (db: DbOrTx, companyId: number) => Promise<string[]>;
  /** The company's recipients become exactly these addresses, in the caller's transaction. */
  replace: (tx: DbOrTx, companyId: number, emails: readonly string[]) => Promise<void>;
};

let store: RecipientsStore | null = null;

/**
 * The system settings show and save the trucks-on-the-road recipients, which the truck-road module
 * keeps (its send dialog edits them too). That module registers its store here from its routes, so
 * settings, which many modules read, depends on none of them (no cycle).
 */
export function provideTruckRoadRecipients(s: RecipientsStore): void {
  store = s;
}

export function truckRoadRecipients(): RecipientsStore {
  if (!store) throw new Error('No trucks-on-the-road recipients: the truck-road module registers them with its routes');
  return store;
}
