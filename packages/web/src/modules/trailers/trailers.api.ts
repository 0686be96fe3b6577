import {
  EMPTY_TRAILER_FORM,
  TRAILER_ROUTES,
  TrailerEditResponseSchema,
  TrailerFormSchema,
  TrailerSaveResponseSchema,
} from '@backhaul/shared/modules/trailers/trailers.contract';
import { recordApi } from '../../platform/record/record-api';
import { updateWith } from '../../platform/record/update-with';

/** A trailer's calls (001 §7): GET /trailers/create answers the options, …/:id/edit adds the trailer. */
export const trailersApi = recordApi({
  name: 'trailers',
  routes: TRAILER_ROUTES,
  schemas: { load: TrailerEditResponseSchema.partial({ trailer: true }), saved: TrailerSaveResponseSchema },
});

/** "Make inactive instead" of a refused delete: the trailer's update with status Left company. */
export const retireTrailer = (id: number) =>
  updateWith({
    api: trailersApi,
    id,
    schema: TrailerFormSchema,
    empty: EMPTY_TRAILER_FORM,
    recordOf: (d) => d.trailer,
    change: { status: 'left_company' },
  });
