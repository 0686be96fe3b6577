import {
  BROKER_ROUTES,
  BrokerResponseSchema,
  BrokerSaveResponseSchema,
} from '@backhaul/shared/modules/brokers/brokers.contract';
import { recordApi } from '../../platform/record/record-api';

/** One broker's calls (the contract's routes), answers checked against the contract. */
export const brokersApi = recordApi({
  name: 'brokers',
  routes: BROKER_ROUTES,
  schemas: { load: BrokerResponseSchema, saved: BrokerSaveResponseSchema },
});
