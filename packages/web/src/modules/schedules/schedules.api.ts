import { recordRoutes } from '@backhaul/shared';
import { ScheduleFormOptionsSchema } from '@backhaul/shared/modules/schedules/schedules.contract';
import { recordApi } from '../../platform/record/record-api';

/** A schedule's form calls: GET /schedules/create and /:id/edit (factoring and the loads it may take), POST and PUT. */
export const schedulesApi = recordApi({
  name: 'schedules',
  routes: recordRoutes('/schedules', { remove: false }),
  schemas: { load: ScheduleFormOptionsSchema },
});
