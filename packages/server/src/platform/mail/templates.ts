import { formatMoney } from '@backhaul/shared/formats/formats';

/** Mail templates: a subject, a text body and a simple HTML body from the same words. */
export type RenderedMail = { subject: string; text: string; html: string; template: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

type Block = string | { link: string };

/** One layout for every template: greeting, paragraphs (a link is its own paragraph), signature. */
function render(opts: { template: string; subject: string; greeting: string; blocks: Block[]; signature?: string }) {
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

const hello = (name?: string | null) => (name ? `Hello ${name},` : 'Hello,');
const signed = (company: string) => `Best regards,\n${company}`;

export function passwordResetMail(opts: { name: string; link: string; minutes: number }): RenderedMail {
  return render({
    template: 'password-reset',
    subject: 'Reset your Backhaul password',
    greeting: hello(opts.name),
    blocks: [
      'Someone asked to reset the password of your Backhaul account. Open this link to choose a new one:',
      { link: opts.link },
      `The link works once and expires in ${opts.minutes} minutes. If you did not ask for it, ignore this message.`,
    ],
  });
}

/** Amounts are dollars, as in the API. */
export function invoiceMail(opts: {
  company: string;
  customer: string;
  invoiceNumber: string;
  amount: number;
  dueDate?: string | null;
}): RenderedMail {
  return render({
    template: 'invoice',
    subject: `Invoice ${opts.invoiceNumber} from ${opts.company}`,
    greeting: hello(opts.customer),
    blocks: [
      `Please find attached invoice ${opts.invoiceNumber} for ${formatMoney(opts.amount)}${opts.dueDate ? `, due ${opts.dueDate}` : ''}.`,
      'Thank you for your business.',
    ],
    signature: signed(opts.company),
  });
}

export function ppwMail(opts: { company: string; loadId: string | number; recipient?: string | null }): RenderedMail {
  return render({
    template: 'ppw',
    subject: `Paperwork for load ${opts.loadId}`,
    greeting: hello(opts.recipient),
    blocks: [`Please find attached the paperwork (PPW) for load ${opts.loadId}.`],
    signature: signed(opts.company),
  });
}

export function reportMail(opts: {
  company: string;
  report: string;
  period: string;
  recipient?: string | null;
}): RenderedMail {
  return render({
    template: 'report',
    subject: `${opts.report} — ${opts.period}`,
    greeting: hello(opts.recipient),
    blocks: [`Please find attached the ${opts.report.toLowerCase()} for ${opts.period}.`],
    signature: signed(opts.company),
  });
}

export function driverStatementMail(opts: {
  company: string;
  driver: string;
  period: string;
  amount: number;
}): RenderedMail {
  return render({
    template: 'driver-statement',
    subject: `Driver statement ${opts.period}`,
    greeting: hello(opts.driver),
    blocks: [`Your statement for ${opts.period} is attached. Amount: ${formatMoney(opts.amount)}.`],
    signature: signed(opts.company),
  });
}

export function factoringScheduleMail(opts: {
  company: string;
  factoringCompany: string;
  schedule: string | number;
  invoices: number;
  total: number;
}): RenderedMail {
  return render({
    template: 'factoring-schedule',
    subject: `Schedule of accounts ${opts.schedule} from ${opts.company}`,
    greeting: hello(opts.factoringCompany),
    blocks: [
      `Please find attached schedule ${opts.schedule}: ${opts.invoices} invoice${opts.invoices === 1 ? '' : 's'}, total ${formatMoney(opts.total)}.`,
    ],
    signature: signed(opts.company),
  });
}

export function trucksOnTheRoadMail(opts: { company: string; date: string; trucks: number }): RenderedMail {
  return render({
    template: 'trucks-on-the-road',
    subject: `Trucks on the road — ${opts.date}`,
    greeting: hello(null),
    blocks: [
      `${opts.trucks} truck${opts.trucks === 1 ? ' is' : 's are'} on the road on ${opts.date}. The report is attached.`,
    ],
    signature: signed(opts.company),
  });
}

export function testMail(opts: { sender: string; at: string }): RenderedMail {
  return render({
    template: 'test',
    subject: 'Backhaul test mail',
    greeting: hello(null),
    blocks: [`This is a test message sent by ${opts.sender} at ${opts.at}. If you can read it, mail delivery works.`],
  });
}
