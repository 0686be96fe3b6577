import {
  IFTA_ROUTES,
  type IftaExportBody,
  IftaExportLinkSchema,
  type IftaRatesBody,
  IftaRatesSavedSchema,
  IftaRatesSchema,
  type IftaReportBody,
  IftaReportSchema,
  IftaTrucksSchema,
} from '@backhaul/shared/modules/ifta/ifta.contract';
import { api } from '../../platform/api-client';
import { downloadLink } from '../../platform/services/download';

/** IFTA's calls: the quarter's return, its XLSX or PDF, the audit file, the truck filter's options and the rate table. */
export const iftaApi = {
  report: (body: IftaReportBody) => api.post(IFTA_ROUTES.report, body, { schema: IftaReportSchema }),
  trucks: () => api.get(IFTA_ROUTES.trucks, { schema: IftaTrucksSchema }),
  rates: (quarter: string) => api.get(IFTA_ROUTES.rates, { query: { quarter }, schema: IftaRatesSchema }),
  saveRates: (body: IftaRatesBody) => api.post(IFTA_ROUTES.rates, body, { schema: IftaRatesSavedSchema }),
  /** The XLSX or PDF is stored as the caller's download; the browser follows its link. */
  async download(body: IftaExportBody): Promise<void> {
    const { link } = await api.post(IFTA_ROUTES.export, body, { schema: IftaExportLinkSchema });
    downloadLink(link);
  },
  /** The audit file: the quarter's distance records and fuel receipts. */
  async downloadAudit(body: IftaExportBody): Promise<void> {
    const { link } = await api.post(IFTA_ROUTES.auditExport, body, { schema: IftaExportLinkSchema });
    downloadLink(link);
  },
};
