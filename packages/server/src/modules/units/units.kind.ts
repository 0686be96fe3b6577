import type { UnitType } from '@backhaul/shared/modules/units/units.contract';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import type { RecordDefinition } from '../../platform/record/define-record';

/** A truck or a trailer as the shared parts see it: the registry module supplies the lookup. */
export type UnitSummary = {
  id: number;
  number: string;
  make: string | null;
  model: string | null;
  year: number | null;
  originValueCents: number | null;
};

/**
 * How trucks and trailers plug into the shared service: their unit type and a lookup scoped to the
 * caller's company (null when the unit is not there), so this module never reads their tables.
 */
export type UnitKind = {
  type: UnitType;
  /** The truck or trailer record: its scope decides which units, and so which of their parts, a caller reaches. */
  unit: Pick<RecordDefinition, 'table' | 'scope' | 'section'>;
  find: (db: DbOrTx, user: AuthUser, id: number) => Promise<UnitSummary | null>;
};
