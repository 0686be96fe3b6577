import { TrailerInfoResponseSchema } from '@backhaul/shared/modules/trailers/trailers.contract';
import {
  DriverTrailersResponseSchema,
  EMPTY_TRUCK_FORM,
  TRUCK_ROUTES,
  TruckEditResponseSchema,
  TruckFormSchema,
  TruckSaveResponseSchema,
} from '@backhaul/shared/modules/trucks/trucks.contract';
import { api } from '../../platform/api-client';
import { recordApi } from '../../platform/record/record-api';
import { updateWith } from '../../platform/record/update-with';

/** A truck's calls (001 §7): GET /trucks/create answers the options, …/:id/edit adds the truck. */
export const trucksApi = recordApi({
  name: 'trucks',
  routes: TRUCK_ROUTES,
  schemas: { load: TruckEditResponseSchema.partial({ truck: true }), saved: TruckSaveResponseSchema },
});

/** "Make inactive instead" of a refused delete: the truck's update with status Left company. */
export const retireTruck = (id: number) =>
  updateWith({
    api: trucksApi,
    id,
    schema: TruckFormSchema,
    empty: EMPTY_TRUCK_FORM,
    recordOf: (d) => d.truck,
    change: { status: 'left_company' },
  });

/** POST /trucks/getDriverTrailers: a customer's drivers and trailers. */
export const driverTrailers = (customerId: string | null) =>
  api.post('/trucks/getDriverTrailers', { customer_id: customerId }, { schema: DriverTrailersResponseSchema });

/** GET /trailers/getTrailerInfo: one trailer's type, size and reefer flag. */
export const trailerInfo = (id: string) =>
  api.get('/trailers/getTrailerInfo', { query: { id }, schema: TrailerInfoResponseSchema });
