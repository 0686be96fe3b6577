import { defineMailTemplate, hello, signed } from '../../platform/mail/templates';

export const ppwMail = defineMailTemplate(
  'ppw',
  (opts: { company: string; loadId: string | number; recipient?: string | null }) => ({
    subject: `Paperwork for load ${opts.loadId}`,
    greeting: hello(opts.recipient),
    blocks: [`Please find attached the paperwork (PPW) for load ${opts.loadId}.`],
    signature: signed(opts.company),
  }),
);
