import { ACTION, SECTION } from '@backhaul/shared';
import { z } from 'zod';
import type { RouteModule } from '../http/types';
import { listOutbox } from './mailer';

const OutboxRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

export const mailRoutes: RouteModule = {
  name: 'mail',
  register(app, { database: { db } }) {
    app.get('/mail/outbox', {
      config: { access: { section: SECTION.Mail, action: ACTION.VIEW } },
      schema: {
        tags: ['Mail'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) }),
        response: { 200: z.object({ rows: z.array(OutboxRowSchema) }) },
      },
      handler: async (req) => {
        const rows = await listOutbox(db, req.query.limit);
        return {
          rows: rows.map((r) => ({
            id: r.id,
            to: r.to,
            subject: r.subject,
            text: r.text,
            html: r.html,
            template: r.template,
            status: r.status,
            error: r.error,
            attempts: r.attempts,
            created_at: new Date(r.createdAt).toISOString(),
            sent_at: r.sentAt ? new Date(r.sentAt).toISOString() : null,
          })),
        };
      },
    });
  },
};
