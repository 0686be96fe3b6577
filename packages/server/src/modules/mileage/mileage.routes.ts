import { ACTION, SECTION } from '@backhaul/shared';
import { MilesTripBodySchema, MilesTripResponseSchema } from '@backhaul/shared/modules/mileage/mileage.contract';
import type { RouteModule } from '../../platform/http/types';
import { computeTripMiles, selectMileageProvider } from './mileage.service';

/** POST /trips/milesTrip (000 §7): loaded, empty and total miles of a load's stops. */
export const mileageRoutes: RouteModule = {
  name: 'mileage',
  register(app, { config }) {
    const provider = selectMileageProvider(config.MILEAGE_PROVIDER);
    app.post('/trips/milesTrip', {
      config: { access: { section: SECTION.Trips, action: [ACTION.CREATE_EDIT_TRIP, ACTION.VIEW] } },
      schema: { tags: ['Trips'], body: MilesTripBodySchema, response: { 200: MilesTripResponseSchema } },
      handler: async (req) => ({
        mileage: await computeTripMiles(
          { previousDelivery: req.body.previous_delivery ?? null, stops: req.body.stops },
          provider,
        ),
      }),
    });
  },
};
