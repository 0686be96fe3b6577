import {
  type ReportCreateBody,
  type ReportKind,
  ReportOptionsSchema,
  ReportSentSchema,
  ReportsCreatedSchema,
} from '@backhaul/shared/modules/reports/reports.contract';
import { api } from '../../platform/api-client';
import { queryKeys } from '../../platform/record/record-api';

export const reportsKeys = queryKeys('reports');

/** Each kind's calls as the register names them: /reports…, /reports/safety…, /reports/billing…. */
export const REPORT_PATHS: Record<ReportKind, { base: string; create: string }> = {
  old: { base: '/reports', create: '/reports/create' },
  safety: { base: '/reports/safety', create: '/reports/safety/create' },
  billing: { base: '/reports/billing', create: '/reports/create' },
};

export const loadReportOptions = (opts: { silent?: boolean } = {}) =>
  api.get('/reports/options', { schema: ReportOptionsSchema, ...opts });

export const createReports = (kind: ReportKind, body: ReportCreateBody) =>
  api.post(REPORT_PATHS[kind].create, { ...body, kind }, { schema: ReportsCreatedSchema });

export const sendReport = (kind: ReportKind, id: number, email: string) =>
  api.post(`${REPORT_PATHS[kind].base}/send/${id}`, { email }, { schema: ReportSentSchema });
