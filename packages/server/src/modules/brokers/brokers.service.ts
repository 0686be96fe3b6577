import type { BrokerRow } from '@backhaul/shared/modules/brokers/brokers.contract';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { lookupList } from '../../platform/list/run-list';
import { brokersList } from './brokers.list';

/** The brokers picker (POST /filterBrockers), through the list engine: name contains or MC number starts with the text. */
export function lookupBrokers(db: Db, user: AuthUser, q: { search: string; limit: number }): Promise<BrokerRow[]> {
  return lookupList<BrokerRow>(db, brokersList, user, {
    text: q.search,
    limit: q.limit,
    columns: [
      'broker_id',
      'broker',
      'mc_number',
      'pa_street_1',
      'pa_city',
      'pa_state',
      'pa_zip',
      'email_address',
      'local_phone',
    ],
  });
}
