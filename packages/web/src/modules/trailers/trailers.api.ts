import {
  TRAILER_ROUTES,
  TrailerEditResponseSchema,
  TrailerSaveResponseSchema,
} from '@backhaul/shared/modules/trailers/trailers.contract';
import { recordApi } from '../../platform/record/record-api';

/** A trailer's calls (001 §7): GET /trailers/create answers the options, …/:id/edit adds the trailer. */
export const trailersApi = recordApi({
  name: 'trailers',
  routes: TRAILER_ROUTES,
  schemas: { load: TrailerEditResponseSchema.partial({ trailer: true }), saved: TrailerSaveResponseSchema },
});
