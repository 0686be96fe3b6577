import { ACTION, SECTION } from '@backhaul/shared';
import { MilesTripBodySchema, MilesTripResponseSchema } from '@backhaul/shared/modules/mileage/mileage.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { computeTripMiles, mileageProvider } from '../mileage';
import { findPreviousDelivery } from './loads.service';

/** POST /trips/milesTrip (000 §7): loaded, empty and total miles of a load's stops. */
export const milesRoutes: RouteModule = {
  name: 'mileage',
  register(app, { config, database: { db } }) {
    // The configured provider (MILEAGE_PROVIDER); legs routed once are kept in routed_legs.
    const provider = mileageProvider(config, db);
    app.post('/trips/milesTrip', {
      config: { access: { section: SECTION.Trips, action: [ACTION.CREATE_EDIT_TRIP, ACTION.VIEW] } },
      schema: { tags: ['Trips'], body: MilesTripBodySchema, response: { 200: MilesTripResponseSchema } },
      handler: async (req) => {
        const { previous_delivery, truck_id, before, stops } = req.body;
        const previousDelivery =
          previous_delivery ??
          (truck_id
            ? await findPreviousDelivery(db, {
                companyId: caller(req).user.companyId,
                truckId: truck_id,
                before,
                timeZone: config.COMPANY_TIME_ZONE,
              })
            : null);
        return { mileage: await computeTripMiles({ previousDelivery, stops }, provider) };
      },
    });
  },
};
