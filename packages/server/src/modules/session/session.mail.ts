import { defineMailTemplate, hello } from '../../platform/mail/templates';

/** The reset link is a one-time secret: the mail log hides the body once it is delivered. */
export const passwordResetMail = defineMailTemplate(
  'password-reset',
  (opts: { name: string; link: string; minutes: number }) => ({
    subject: 'Reset your Backhaul password',
    greeting: hello(opts.name),
    blocks: [
      'Someone asked to reset the password of your Backhaul account. Open this link to choose a new one:',
      { link: opts.link },
      `The link works once and expires in ${opts.minutes} minutes. If you did not ask for it, ignore this message.`,
    ],
  }),
  { secret: true },
);
