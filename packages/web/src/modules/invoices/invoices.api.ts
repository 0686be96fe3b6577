import { MSG } from '@backhaul/shared';
import { showAlert } from '../../platform/alerts-store';
import { webHeaders } from '../../platform/api-client';
import { downloadLink } from '../../platform/data-table/download';

/** The invoice PDF (POST /invoice/file/:id, 13) opened in a new tab; the session cookie goes along. */
export async function viewInvoicePdf(id: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const res = await fetch(`/api/invoice/file/${id}`, { method: 'POST', headers: webHeaders() });
    if (!res.ok) throw new Error(String(res.status));
    const url = URL.createObjectURL(await res.blob());
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    tab?.close();
    showAlert('error', MSG.whoops);
  }
}

/** The invoice PDF as a download (14). */
export async function downloadInvoicePdf(id: number): Promise<void> {
  try {
    await downloadLink(`/api/invoice/file/${id}?download=1`, { method: 'POST' });
  } catch {
    showAlert('error', MSG.whoops);
  }
}
