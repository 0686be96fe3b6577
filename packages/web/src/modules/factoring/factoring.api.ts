import {
  FACTORING_ROUTES,
  FactoringEditResponseSchema,
  FactoringSaveResponseSchema,
} from '@backhaul/shared/modules/factoring/factoring.contract';
import { recordApi } from '../../platform/record/record-api';

/** One factoring company's calls (000 §7), answers checked against the contract. */
export const factoringApi = recordApi({
  name: 'factoring',
  routes: FACTORING_ROUTES,
  schemas: { load: FactoringEditResponseSchema, saved: FactoringSaveResponseSchema },
});
