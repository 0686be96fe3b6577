import {
  type SafetyCustomerRow,
  type SafetyMonth,
  type SafetyStatistic,
  type SendCustomerReportBody,
  SendCustomerReportResponseSchema,
  type StatisticsGraph,
} from '@backhaul/shared/modules/statistics/statistics.contract';
import { api } from '../../platform/api-client';

/** The dispatch statistics charts for the table's filters (POST /statistics/filter). */
export const loadStatisticsGraph = (body: { filters: Record<string, unknown>; search: string }, signal?: AbortSignal) =>
  api.post<StatisticsGraph>('/statistics/filter', body, { background: true, ...(signal ? { signal } : {}) });

export const sendCustomerReport = (body: SendCustomerReportBody) =>
  api.post('/customer-reports/send', body, { schema: SendCustomerReportResponseSchema });

export const loadSafetyStatistic = (months: number) => api.post<SafetyStatistic>('/safety/statistic', { months });
export const loadSafetyMonth = (date: string) =>
  api.post<{ row: SafetyMonth; rows: SafetyCustomerRow[] }>(`/safety/statistic/${date}`);
