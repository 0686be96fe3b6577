import type { SQL } from 'drizzle-orm';
import { sqlHook } from '../../platform/module-hooks';

/**
 * The number of the company's truck hauling a trailer (null when it is free). Trucks point at their
 * trailer, so the trucks module sits above this one and provides this from its routes.
 */
export const haulerNumber = sqlHook<[trailerId: SQL, companyId: SQL]>('the truck hauling a trailer');
