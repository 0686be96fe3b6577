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

/**
 * Mailed to the OLD address when a user changes its own e-mail: whoever holds a stolen session
 * cannot read it. The undo link is a one-time secret, hidden in the mail log once delivered.
 */
export const emailChangedMail = defineMailTemplate(
  'email-changed',
  (opts: { name: string; oldEmail: string; newEmail: string; link: string; days: number }) => ({
    subject: 'The e-mail address of your Backhaul account was changed',
    greeting: hello(opts.name),
    blocks: [
      `The e-mail address of your Backhaul account was changed from ${opts.oldEmail} to ${opts.newEmail}.`,
      'If you did not make this change, open this link: it puts your address back, signs everyone out of the account and clears its password so that you can choose a new one.',
      { link: opts.link },
      `The link works once and expires in ${opts.days} days. If you made the change yourself, ignore this message.`,
    ],
  }),
  { secret: true },
);
