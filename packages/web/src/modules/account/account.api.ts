import { MSG } from '@backhaul/shared';
import * as C from '@backhaul/shared/modules/account/account.contract';
import { api } from '../../platform/api-client';

/** Query keys of the account; the badges share ['badge', path] with the header. */
export const accountKeys = {
  all: ['account'] as const,
  month: (userId: number | 'me', month: string) => ['account', 'month', userId, month] as const,
  notes: (box: string) => ['account', 'notes', box] as const,
  vacations: (scope: string) => ['account', 'vacations', scope] as const,
  vacationCalendar: (month: string) => ['account', 'vacation-calendar', month] as const,
  events: ['account', 'events'] as const,
};

export const accountApi = {
  myMonth: (month: string) => api.get('/info/my-information', { query: { month }, schema: C.AccountResponseSchema }),
  userMonth: (userId: number, month: string) =>
    api.post(`/info/users/${userId}/edit`, { date: `${month}-01` }, { schema: C.AccountResponseSchema }),
  /** A refusal alerts its reason; a server error the spec's own text. */
  check: (status: 1 | 2) =>
    api.post(`/check/${status}`, {}, { failure: MSG.checkCallFailed, schema: C.CheckResponseSchema }),
  sick: (userId: number, date: string, sick: boolean) =>
    api.post<{ message: string }>(`/info/users/sick/${date}/${userId}`, { sick }),
  dayTimes: (userId: number, date: string, body: { check_in: string; check_out: string }) =>
    api.post<{ message: string }>(`/info/users/date-time/${date}/${userId}`, body),
  myInformation: (id: number) => api.get<{ item: C.MyInformationForm }>(`/info/my-information/${id}/edit`),
  saveMyInformation: (id: number, body: C.MyInformationForm) =>
    api.put<{ message: string }>(`/info/my-information/${id}`, body),
  changePassword: (body: { current_password: string; password: string; password_confirmation: string }) =>
    api.post<{ message: string }>('/user/update', body),
  notes: (box: 'inbox' | 'sent') =>
    api.post('/info/notes/list', { box, limit: 50 }, { schema: C.NotesListResponseSchema }),
  sendNote: (body: { user_id: number | null; department_id: number | null; text: string }) =>
    api.post<{ message: string }>('/info/notes', body),
  setNoteStatus: (id: number, status: 0 | 1) => api.put<{ message: string }>(`/info/notes/${id}`, { status }),
  vacations: (scope: 'mine' | 'all') =>
    api.post('/info/vacation/request/list', { scope, limit: 100 }, { schema: C.VacationListResponseSchema }),
  requestVacation: (body: { date_from: string; date_to: string; comment: string; check_only?: boolean }) =>
    api.post('/info/vacation/request', body, { schema: C.VacationSaveResponseSchema, silent: body.check_only }),
  deleteVacation: (id: number) => api.delete<{ message: string }>(`/info/vacation/request/${id}`),
  decideVacation: (id: number, status: 1 | 2) =>
    api.put<{ message: string }>(`/info/vacation/request/${id}`, { status }),
  vacationCalendar: (month: string) =>
    api.post('/info/vacation/list', { month }, { schema: C.VacationCalendarResponseSchema }),
};

/** "7:05" from minutes. */
export const hoursOf = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
