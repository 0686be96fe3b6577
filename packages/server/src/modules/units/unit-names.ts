import type { SQL } from 'drizzle-orm';
import { sqlHook } from '../../platform/module-hooks';

/*
 * Who is on a unit, by name: drivers and trailers are modules above this one (they use its parts
 * and assignments), so they provide their names from their routes instead of this module reading
 * their tables (no cycle). Trucks, above trailers but below drivers, read drivers' names here too.
 */

/** The company's driver's name, by id (null when the company has no such driver). */
export const driverName = sqlHook<[driverId: SQL, companyId: SQL]>("a driver's name");

/** The company's trailer's number, by id (null when the company has no such trailer). */
export const trailerNumber = sqlHook<[trailerId: SQL, companyId: SQL]>("a trailer's number");
