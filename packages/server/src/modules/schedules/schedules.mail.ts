import { formatMoney } from '@backhaul/shared/formats/formats';
import { defineMailTemplate, hello, signed } from '../../platform/mail/templates';

/** Amounts are dollars, as in the API. */
export const factoringScheduleMail = defineMailTemplate(
  'factoring-schedule',
  (opts: {
    company: string;
    factoringCompany: string;
    schedule: string | number;
    invoices: number;
    total: number;
  }) => ({
    subject: `Schedule of accounts ${opts.schedule} from ${opts.company}`,
    greeting: hello(opts.factoringCompany),
    blocks: [
      `Please find attached schedule ${opts.schedule}: ${opts.invoices} invoice${opts.invoices === 1 ? '' : 's'}, total ${formatMoney(opts.total)}.`,
    ],
    signature: signed(opts.company),
  }),
);
