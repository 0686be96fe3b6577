import {
  TRUCK_ROAD_BASE,
  TRUCK_ROAD_ROUTES,
  TruckRoadCountSchema,
  TruckRoadOptionsSchema,
  TruckRoadRecipientsSchema,
  TruckRoadReportSchema,
  type TruckRoadRow,
  TruckRoadSavedSchema,
  TruckRoadSentSchema,
  TruckRoadStartSchema,
} from '@backhaul/shared/modules/truck-road/truck-road.contract';
import type { z } from 'zod';
import { api, webHeaders } from '../../platform/api-client';
import { recordApi } from '../../platform/record/record-api';

type Options = z.infer<typeof TruckRoadOptionsSchema>;
const record = recordApi<Options & { row?: TruckRoadRow }, z.infer<typeof TruckRoadSavedSchema>>({
  name: 'truck-road',
  routes: TRUCK_ROAD_ROUTES,
  schemas: { load: TruckRoadOptionsSchema, saved: TruckRoadSavedSchema },
});
const day = (action: string) => (date: string) =>
  api.post(`${TRUCK_ROAD_BASE}/${action}`, { date }, { schema: TruckRoadCountSchema });

/** Trucks on the road (001 §7). The register has no …/:id/edit: an edit opens with the row the list answered. */
export const truckRoadApi = {
  ...record,
  /** The dialog's api for one row: the create form's choices plus that row. */
  forRow: (row: TruckRoadRow | null) => ({
    ...record,
    load: async () => ({ ...(await record.load(null)), ...(row ? { row } : {}) }),
  }),
  start: () => api.get(TRUCK_ROAD_BASE, { schema: TruckRoadStartSchema }),
  generate: day('generate'),
  refresh: day('refresh'),
  updateTrucks: day('updateTrucks'),
  approve: (id: number, field: 'dispatcher_approved' | 'shop_approved', value: boolean) =>
    api.post(`${TRUCK_ROAD_BASE}/approved`, { id, field, approved: value }, { schema: TruckRoadSavedSchema }),
  sendForm: () => api.get(`${TRUCK_ROAD_BASE}/send`, { schema: TruckRoadRecipientsSchema }),
  send: (date: string, emails: string[]) =>
    api.post(`${TRUCK_ROAD_BASE}/send`, { date, emails }, { schema: TruckRoadSentSchema }),
  /**
   * The day's report through the signed link of its mail, without a session: a refused link is
   * null (the page says so) rather than the app's 401 (sign out and go to /auth).
   */
  report: async (company: string, date: string, expires: string, signature: string) => {
    const query = new URLSearchParams({ expires, signature });
    const res = await fetch(`/api${TRUCK_ROAD_BASE}/report/${company}/${date}?${query}`, { headers: webHeaders() });
    return res.ok ? TruckRoadReportSchema.parse(await res.json()) : null;
  },
};
