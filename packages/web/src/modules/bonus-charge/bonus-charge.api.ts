import * as C from '@backhaul/shared/modules/bonus-charge/bonus-charge.contract';
import { recordApi } from '../../platform/record/record-api';

/** Account → Bonus-charge (94). */
export const BONUS_CHARGE_SECTION = 94;
export const BONUS_CHARGE_FILES = 'bonus_charges';
export const bonusChargeApi = recordApi({ name: 'bonus-charge', routes: C.BONUS_CHARGE_ROUTES });
