import { formatMoney } from '@backhaul/shared/formats/formats';
import { defineMailTemplate, hello, signed } from '../../platform/mail/templates';

/** A driver's pay statement for a period (amount in dollars), for the driver statements screen. */
export const driverStatementMail = defineMailTemplate(
  'driver-statement',
  (opts: { company: string; driver: string; period: string; amount: number }) => ({
    subject: `Driver statement ${opts.period}`,
    greeting: hello(opts.driver),
    blocks: [`Your statement for ${opts.period} is attached. Amount: ${formatMoney(opts.amount)}.`],
    signature: signed(opts.company),
  }),
);
