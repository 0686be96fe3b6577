/** Mail templates: a subject, a text body and a simple HTML body from the same words. */
export type RenderedMail = { subject: string; text: string; html: string; template: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

type Block = string | { link: string };

/** What a template says; `render` lays it out. */
export type MailContent = { subject: string; greeting: string; blocks: Block[]; signature?: string };

/** One layout for every template: greeting, paragraphs (a link is its own paragraph), signature. */
function render(opts: MailContent & { template: string }): RenderedMail {
  const blocks: Block[] = [...opts.blocks, ...(opts.signature ? [opts.signature] : [])];
  const text = [opts.greeting, '', ...blocks.flatMap((b) => [typeof b === 'string' ? b : b.link, ''])]
    .join('\n')
    .trimEnd();
  const html = [
    `<p>${escapeHtml(opts.greeting)}</p>`,
    ...blocks.map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b)}</p>`
        : `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>`,
    ),
  ].join('');
  return { subject: opts.subject, text, html, template: opts.template };
}

export const hello = (name?: string | null) => (name ? `Hello ${name},` : 'Hello,');
export const signed = (company: string) => `Best regards,\n${company}`;

type TemplateInfo = { secret: boolean };
const TEMPLATES = new Map<string, TemplateInfo>();

/**
 * A template, declared by the module that sends it: its name (kept in the mail log) and its words.
 * `secret`: the body carries a one-time secret (a reset link), so the mail log hides it once delivered.
 */
export function defineMailTemplate<P>(
  name: string,
  build: (params: P) => MailContent,
  opts: { secret?: boolean } = {},
): (params: P) => RenderedMail {
  if (TEMPLATES.has(name)) throw new Error(`Mail template "${name}" is defined twice`);
  TEMPLATES.set(name, { secret: opts.secret ?? false });
  return (params) => render({ template: name, ...build(params) });
}

/** Whether a logged message's body must be hidden once delivered (see `defineMailTemplate`). */
export const isSecretTemplate = (name: string): boolean => TEMPLATES.get(name)?.secret === true;

/** A generic template: a report attached, for a period (statistics, an invoice's loads). */
export const reportMail = defineMailTemplate(
  'report',
  (opts: { company: string; report: string; period: string; recipient?: string | null }) => ({
    subject: `${opts.report} — ${opts.period}`,
    greeting: hello(opts.recipient),
    blocks: [`Please find attached the ${opts.report.toLowerCase()} for ${opts.period}.`],
    signature: signed(opts.company),
  }),
);

export const testMail = defineMailTemplate('test', (opts: { sender: string; at: string }) => ({
  subject: 'Backhaul test mail',
  greeting: hello(null),
  blocks: [`This is a test message sent by ${opts.sender} at ${opts.at}. If you can read it, mail delivery works.`],
}));
