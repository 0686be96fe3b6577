import { routeCall } from '@backhaul/shared/http/routes';
import {
  ELD_BASE,
  ODOMETER_ROUTES,
  type OdometerReadingForm,
  OdometerReadingSchema,
  TruckOdometerSchema,
} from '@backhaul/shared/modules/eld/eld.contract';
import { z } from 'zod';
import { api } from '../../platform/api-client';

const SavedSchema = z.object({ message: z.string(), reading: OdometerReadingSchema });

/** ELD data and odometers: a truck's odometer for its card, and readings typed by hand. */
export const eldApi = {
  truckOdometer: (truckId: number) =>
    api.get(`${ELD_BASE}/trucks/${truckId}/odometer`, { schema: TruckOdometerSchema }),
  addReading: (body: OdometerReadingForm) => {
    const { url } = routeCall(ODOMETER_ROUTES.create as `POST /${string}`);
    return api.post(url, body, { schema: SavedSchema });
  },
};

export const eldKeys = {
  all: ['eld'] as const,
  truck: (id: number) => ['eld', 'truck', id] as const,
};
