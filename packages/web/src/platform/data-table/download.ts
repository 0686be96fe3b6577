import { readStorage, STORAGE_KEY } from '../local-storage';

/** Downloads a protected file link (the token goes in a header, never in the address). POST for file calls such as /invoice/file/:id. */
export async function downloadLink(link: string, opts: { method?: 'GET' | 'POST' } = {}): Promise<void> {
  const token = readStorage(STORAGE_KEY.token);
  const res = await fetch(link, { method: opts.method ?? 'GET', headers: token ? { Authorization: token } : {} });
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
