import { formatMoney } from '@backhaul/shared/formats/formats';
import { defineMailTemplate, hello, signed } from '../../platform/mail/templates';

/** Amounts are dollars, as in the API. */
export const invoiceMail = defineMailTemplate(
  'invoice',
  (opts: { company: string; customer: string; invoiceNumber: string; amount: number; dueDate?: string | null }) => ({
    subject: `Invoice ${opts.invoiceNumber} from ${opts.company}`,
    greeting: hello(opts.customer),
    blocks: [
      `Please find attached invoice ${opts.invoiceNumber} for ${formatMoney(opts.amount)}${opts.dueDate ? `, due ${opts.dueDate}` : ''}.`,
      'Thank you for your business.',
    ],
    signature: signed(opts.company),
  }),
);
