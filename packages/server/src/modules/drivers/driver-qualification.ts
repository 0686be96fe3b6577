import type { SQL } from 'drizzle-orm';
import { sqlHook } from '../../platform/module-hooks';

/**
 * A driver's qualification file's next due date: the earliest expiry among the latest record of
 * each kind. The file is the safety module's, which sits above this one (it reads drivers), so it
 * provides this from its routes.
 */
export const qualificationDueOn = sqlHook<[driverId: SQL]>("a driver's next qualification due date");
