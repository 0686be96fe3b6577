import { MSG } from '@backhaul/shared';
import type { ExtractedLoad } from '@backhaul/shared/modules/extraction/extraction.contract';
import type { Mileage, MilesTripBody } from '@backhaul/shared/modules/mileage/mileage.contract';
import type {
  Location,
  PpwType,
  TripDetail,
  TripFilters,
  TripForm,
} from '@backhaul/shared/modules/trips/trips.contract';
import { exportUrlForFileType } from '@backhaul/shared/modules/trips/trips.contract';
import { z } from 'zod';
import { API_BASE, api, webHeaders } from '../../platform/api-client';
import { ApiError, describeFailure } from '../../platform/api-errors';

type Saved<K extends string, T> = { message: string } & Record<K, T>;

export const loadTrip = (id: number) => api.get<{ trip: TripDetail }>(`/trips/${id}`).then((r) => r.trip);
export const loadTripFilters = () => api.post<{ filters: TripFilters }>('/trips/filters').then((r) => r.filters);

/** Create (no id) or update a trip with its loads, in one call; a server error alerts 'Saving error'. */
export const saveTrip = (id: number | null, form: TripForm) =>
  api.post<Saved<'trip', TripDetail>>(`/trips/update/${id ?? 0}`, form, { failure: MSG.savingError });

export const deleteTrip = (id: number) => api.post<{ message: string }>(`/trips/delete/${id}`);
export const deleteLoad = (id: number) => api.delete<{ message: string }>(`/trips/load/${id}`);
export const addTripNote = (id: number, text: string) =>
  api.post<Saved<'trip', TripDetail>>(`/trips/${id}/notes`, { text });
export const connectTrips = (body: { trip_id: number; connected_trip_id: number; connect: boolean }) =>
  api.post<{ message: string; connections: TripDetail['connections'] }>('/trips/connection', body);
export const lookupLoads = (search: string) =>
  api.post<{ loads: Array<{ load_id: number; trip_id: number; broker_number: string | null; routs: string | null }> }>(
    '/filterLoads',
    { search },
  );

/** A location from a zip, or a city and state; failures are silent here, the dialog alerts. */
export const findLocation = (q: { zip?: string; city?: string; state?: string }) =>
  api.post<{ location: Location }>('/location', q, { silent: true }).then((r) => r.location);
export const loadStates = () =>
  api.post<{ states: Array<{ value: string; label: string }> }>('/states').then((r) => r.states);

/** POST /trips/milesTrip (the mileage module): loaded and empty miles of the load's stops. */
export async function fetchMiles(body: MilesTripBody): Promise<Mileage> {
  return (await api.post<{ mileage: Mileage }>('/trips/milesTrip', body, { silent: true })).mileage;
}

/**
 * Multipart posts (the JSON client sends no forms): PPW upload and rate-confirmation extraction.
 * Fields go before the file: the server reads them as they come.
 */
async function postFile<T>(path: string, file: File, fields: Record<string, string> = {}): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  const res = await fetch(`${API_BASE}${path}`, { method: 'POST', body: form, headers: webHeaders() });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, body, describeFailure(res.status, body));
  return body as T;
}

export const uploadPpw = (loadId: number, file: File, type: PpwType) =>
  postFile<{ message: string; load: { ppw: number } }>(`/loads/ppw/${loadId}`, file, { type });
export const extractRateConfirmation = (file: File) => postFile<ExtractedLoad>('/trips/extract', file);
export const sendPpw = (loadId: number, email: string) =>
  api.post<{ message: string }>(`/loads/sendPPW/${loadId}`, { email });

/** The export button picks the call by fileType (000 §9): 4 loads, 5 trips, others the trips file. */
export const exportTrips = (fileType: number, body: Record<string, unknown>) =>
  api.post(exportUrlForFileType(fileType), body, {
    schema: z.object({ link: z.string().nullable(), job_id: z.string().optional() }),
  });
