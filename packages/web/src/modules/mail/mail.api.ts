import { z } from 'zod';
import { api } from '../../platform/api-client';

const AttachmentSchema = z.object({
  file_id: z.number().nullable(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number(),
  url: z.string().nullable(),
});

export const MailRowSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  attempts: z.number(),
  attachments: z.array(AttachmentSchema),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailRow = z.infer<typeof MailRowSchema>;

const OutboxSchema = z.object({ rows: z.array(MailRowSchema), smtp: z.boolean() });
const SendResultSchema = z.object({ id: z.number(), status: z.string(), error: z.string().nullable() });

export const mailKey = ['mail', 'outbox'] as const;
export const fetchOutbox = () => api.get('/mail/outbox', { schema: OutboxSchema, query: { limit: 200 } });
export const retryMail = (id: number) => api.post(`/mail/${id}/retry`, {}, { schema: SendResultSchema });
export const retryAllFailed = () => api.post('/mail/retry-failed', {}, { schema: z.object({ job_id: z.string() }) });
export const sendTestMail = (to: string) => api.post('/mail/test', { to }, { schema: SendResultSchema });
