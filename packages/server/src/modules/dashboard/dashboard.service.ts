import {
  type GraphBody,
  GraphBodySchema,
  type GraphResponse,
} from '@backhaul/shared/modules/dashboard/dashboard.contract';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { dispatchStatisticsList, resolveWindow, summarize } from '../statistics';

/** The spec's select* lists onto the dispatch statistics columns. */
const SELECTS = {
  selectCustomer: 'carrier',
  selectDispatcher: 'dispatcher',
  selectTruck: 'truck',
  selectDriver: 'driver',
  selectBrocker: 'broker_name',
} as const;

/**
 * POST /graph, the load graph dashboard: the dispatch statistics figures for the filters, drawn
 * per day of the window (America/Chicago) whatever its length.
 */
export async function loadGraph(db: DbOrTx, user: AuthUser, input: GraphBody): Promise<GraphResponse> {
  const body = GraphBodySchema.parse(input);
  const filters: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(SELECTS)) {
    const values = body[key as keyof typeof SELECTS];
    if (values?.length) filters[column] = { values };
  }
  const resolved = resolveWindow({ datePeriod: body.datePeriod, weeks: body.weeks, filters });
  const window = { ...resolved.window, grouping: 'day' as const };
  const { totals, series } = await summarize(db, {
    def: dispatchStatisticsList,
    user,
    request: resolved.request,
    window,
  });
  return {
    load: totals.total_load ? Math.round((totals.amount / totals.total_load) * 100) / 100 : 0,
    rateAverage: totals.rateAverage,
    total_load: totals.total_load,
    amount: totals.amount,
    total_truck: totals.total_truck,
    graph: series.labels.map((date, i) => ({ date, amount: series.amount[i] ?? 0, mileage: series.mileage[i] ?? 0 })),
    spot_rate: totals.spot_rate,
    mileage: totals.mileage,
    window,
  };
}
