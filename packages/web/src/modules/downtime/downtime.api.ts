import {
  DOWNTIME_BASE,
  DowntimeBreakdownSchema,
  type DowntimeUnitType,
  UnitDowntimeSchema,
} from '@backhaul/shared/modules/downtime/downtime.contract';
import { api } from '../../platform/api-client';

/** Downtime (section 70): the report is the list at /downtime/list; a unit's figures for its card. */
export const downtimeApi = {
  unit: (type: DowntimeUnitType, id: number | string) =>
    api.get(`${DOWNTIME_BASE}/unit/${type}/${id}`, { schema: UnitDowntimeSchema }),
  /** One report row line by line: its work orders and road days. */
  breakdown: (type: DowntimeUnitType, id: number, month: string) =>
    api.get(`${DOWNTIME_BASE}/unit/${type}/${id}/breakdown?month=${encodeURIComponent(month)}`, {
      schema: DowntimeBreakdownSchema,
    }),
};
