import * as C from '@backhaul/shared/modules/work-schedule/work-schedule.contract';
import { api } from '../../platform/api-client';

export const scheduleKeys = {
  weeks: (dateStart: string) => ['work-schedule', dateStart] as const,
  day: (day: string) => ['work-schedule', 'day', day] as const,
};

export const scheduleApi = {
  weeks: (date_start: string) =>
    api.post('/employee-work-schedule/list', { date_start }, { schema: C.ScheduleResponseSchema }),
  day: (day: string, schedule: string) =>
    api.get(`/employee-work-schedule/edit/${day}/${schedule}`, { schema: C.ScheduleDayResponseSchema }),
  saveDay: (day: string, schedule: string, employeeSelected: { user_id: number; start: string; end: string }[]) =>
    api.post<{ message: string }>(`/employee-work-schedule/update/${day}/${schedule}`, { employeeSelected }),
};
