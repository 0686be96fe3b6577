import { MSG } from '@backhaul/shared';
import {
  MotivationHomeSchema,
  MotivationListSchema,
  MotivationMonthSchema,
  SAFETY_EXCEPTION_ROUTES,
  SafetyAccessSchema,
  type SafetyActionBody,
  SafetyActionSavedSchema,
  SafetyDaySchema,
  SafetyExceptionEditSchema,
  SafetyExceptionListSchema,
  SafetyExceptionSavedSchema,
  type SafetyExceptionUpdateBody,
  SafetyMonthActionsSchema,
  SafetyOptionsSchema,
  type SafetySaveBody,
  SafetySavedSchema,
} from '@backhaul/shared/modules/safety/safety.contract';
import { api } from '../../platform/api-client';
import { queryKeys, recordApi } from '../../platform/record/record-api';

export const safetyKeys = queryKeys('safety');

/** One exception's calls: the record engine's (create form, edit form, delete) plus add and edit. */
export const exceptionsApi = recordApi({
  name: 'safety',
  routes: { ...SAFETY_EXCEPTION_ROUTES, create: 'POST /safety-exception', update: 'PUT /safety-exception/:id' },
  schemas: { load: SafetyExceptionEditSchema.partial(), saved: SafetyExceptionSavedSchema },
});

export const loadExceptions = (status: 'open' | 'closed' | 'all') =>
  api.get('/safety-exception', { query: { status }, schema: SafetyExceptionListSchema });

export const commentException = (id: number, comment: string) =>
  api.post('/safety-exception', { exception_id: id, comment }, { schema: SafetyExceptionSavedSchema });

export const updateException = (id: number, body: SafetyExceptionUpdateBody) =>
  api.put(`/safety-exception/${id}`, body, { schema: SafetyExceptionSavedSchema });

export const loadDriverDay = (driverId: number, date: string) =>
  api.get(`/safety/${driverId}/${date}`, { schema: SafetyDaySchema });

export const loadDriverMonth = (driverId: number, month: string) =>
  api.post('/safety/action', { driver_id: driverId, month }, { schema: SafetyMonthActionsSchema });

/** A refusal or bad input says why; a server error is the spec's 'Failed to send. Something went wrong.' */
export const saveDriverAction = (driverId: number, date: string, body: SafetyActionBody) =>
  api.post(`/safety/${driverId}/${date}`, body, { schema: SafetyActionSavedSchema, failure: MSG.actionFailed });

export const loadSafetyOptions = () => api.get('/safety/create', { schema: SafetyOptionsSchema });

export const loadSafetyAccess = (driverId: number) =>
  api.get(`/safety/access/${driverId}`, { schema: SafetyAccessSchema });

export const saveSafetyRow = (body: SafetySaveBody) => api.post('/safety/save', body, { schema: SafetySavedSchema });

export const loadMotivationMonth = (month: string) =>
  api.post(`/motivation/show/${month}`, {}, { schema: MotivationMonthSchema });
export const loadMotivationHome = () => api.get('/motivation', { schema: MotivationHomeSchema });
export const loadMotivationMonths = () =>
  api.post('/motivation/list', { months: 12 }, { schema: MotivationListSchema });
