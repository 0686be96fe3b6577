import type { SQL } from 'drizzle-orm';
import { sqlHook } from '../../platform/module-hooks';

/**
 * A company's units in the shop: one row per work order that checked a truck or trailer in and was
 * not canceled — (id, company_id, unit_type, truck_id, trailer_id, check_in, check_out). The work-orders
 * module prices its orders' downtime with this module's basis, so it sits above it and provides
 * this subquery from its routes.
 */
export const shopVisits = sqlHook<[companyId: SQL]>('the units in the shop');
