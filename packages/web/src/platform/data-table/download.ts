import { webHeaders } from '../api-client';

/** Downloads a protected file link (the session cookie goes along). POST for file calls such as /invoice/file/:id. */
export async function downloadLink(link: string, opts: { method?: 'GET' | 'POST' } = {}): Promise<void> {
  const res = await fetch(link, { method: opts.method ?? 'GET', headers: webHeaders() });
  if (!res.ok) throw new Error(`Download failed (${res.status})`);
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name ? decodeURIComponent(name) : (link.split('/').pop() ?? 'export');
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
