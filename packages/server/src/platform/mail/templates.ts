/** Mail templates: a subject, a text body and a simple HTML body from the same words. */
export type RenderedMail = { subject: string; text: string; html: string; template: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function passwordResetMail(opts: { name: string; link: string; minutes: number }): RenderedMail {
  const text = [
    `Hello ${opts.name},`,
    '',
    'Someone asked to reset the password of your Backhaul account. Open this link to choose a new one:',
    opts.link,
    '',
    `The link works once and expires in ${opts.minutes} minutes. If you did not ask for it, ignore this message.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(opts.name)},</p><p>Someone asked to reset the password of your Backhaul account. Open this link to choose a new one:</p><p><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p><p>The link works once and expires in ${opts.minutes} minutes. If you did not ask for it, ignore this message.</p>`;
  return { subject: 'Reset your Backhaul password', text, html, template: 'password-reset' };
}
