import {
  ExpiringResponseSchema,
  QUALIFICATION_ROUTES,
  QualificationFileResponseSchema,
  QualificationRecordSchema,
  QualificationSavedSchema,
  ScoreTrendSchema,
} from '@backhaul/shared/modules/safety/qualification.contract';
import { z } from 'zod';
import { api } from '../../platform/api-client';
import { queryKeys, recordApi } from '../../platform/record/record-api';

export const qualificationKeys = queryKeys('qualification');

/** A driver's qualification file: the six items, history and completeness. */
export const loadQualification = (driverId: number) =>
  api.get(`/drivers/${driverId}/qualification`, { schema: QualificationFileResponseSchema });

/** One driver's item calls: created under the driver (POST /drivers/:id/qualification), then by its own id. */
export const qualificationApi = (driverId: number) =>
  recordApi({
    name: 'qualification',
    routes: { ...QUALIFICATION_ROUTES, create: `POST /drivers/${driverId}/qualification` },
    schemas: { load: z.object({ item: QualificationRecordSchema }).partial(), saved: QualificationSavedSchema },
  });

/** Everything due within 30 days or overdue (Safety). */
/** The Expiring soon page reads fresh; the header's badge takes the server's kept count (60 s). */
export const loadExpiring = () => api.get('/safety/expiring', { schema: ExpiringResponseSchema, fresh: true });

/** The driver's safety score of the last 12 months. */
export const loadScoreTrend = (driverId: number) => api.get(`/safety/score/${driverId}`, { schema: ScoreTrendSchema });
