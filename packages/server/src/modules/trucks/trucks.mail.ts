import { defineMailTemplate, hello, signed } from '../../platform/mail/templates';

/** The daily "trucks on the road" report, for the Trucks on the road screen. */
export const trucksOnTheRoadMail = defineMailTemplate(
  'trucks-on-the-road',
  (opts: { company: string; date: string; trucks: number; link?: string }) => ({
    subject: `Trucks on the road — ${opts.date}`,
    greeting: hello(null),
    blocks: [
      `${opts.trucks} truck${opts.trucks === 1 ? ' is' : 's are'} on the road on ${opts.date}. The report is attached.`,
      ...(opts.link
        ? ['Open it in the browser (the link works for 7 days, without signing in):', { link: opts.link }]
        : []),
    ],
    signature: signed(opts.company),
  }),
);
