/** What an export call answers: a link at once, or a job whose result carries the link. */
type ExportAnswer = { link: string | null; job_id?: string };

/** Starts the browser download of a server file link (/api/files/:id/download; the cookie goes along). */
export function downloadLink(link: string): void {
  const a = document.createElement('a');
  a.href = link;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Opens a file's inline preview (images and PDFs) in a new tab. */
export function openPreview(previewUrl: string): void {
  window.open(previewUrl, '_blank', 'noopener');
}

/** The link of a finished export job's result, if any. */
export function linkOfResult(result: unknown): string | null {
  const link = (result as { link?: unknown } | null)?.link;
  return typeof link === 'string' ? link : null;
}
