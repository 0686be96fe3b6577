import {
  IFTA_ROUTES,
  type IftaExportBody,
  type IftaRatesBody,
  IftaRatesSavedSchema,
  IftaRatesSchema,
  type IftaReportBody,
  IftaReportSchema,
  IftaTrucksSchema,
} from '@backhaul/shared/modules/ifta/ifta.contract';
import { api, webHeaders } from '../../platform/api-client';

/** IFTA's calls: the quarter's report, its XLSX or PDF, the truck filter's options and the rate table. */
export const iftaApi = {
  report: (body: IftaReportBody) => api.post(IFTA_ROUTES.report, body, { schema: IftaReportSchema }),
  trucks: () => api.get(IFTA_ROUTES.trucks, { schema: IftaTrucksSchema }),
  rates: (quarter: string) => api.get(IFTA_ROUTES.rates, { query: { quarter }, schema: IftaRatesSchema }),
  saveRates: (body: IftaRatesBody) => api.post(IFTA_ROUTES.rates, body, { schema: IftaRatesSavedSchema }),
  /** The file comes back as the answer of a POST with a body, so it is saved from a blob here. */
  async download(body: IftaExportBody): Promise<void> {
    const res = await fetch(`/api${IFTA_ROUTES.export}`, {
      method: 'POST',
      headers: { ...webHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`Download failed (${res.status})`);
    const name = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = name ?? `ifta-${body.quarter}.${body.fileType}`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
