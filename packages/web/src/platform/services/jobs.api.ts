import { z } from 'zod';
import { api } from '../api-client';

export const JobSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  done: z.number(),
  total: z.number(),
  error: z.string().nullable(),
  result: z.unknown(),
  attempts: z.number(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export const jobKey = (id: string) => ['jobs', id] as const;
export const fetchJob = (id: string) => api.get(`/jobs/${id}`, { schema: JobSchema, background: true, silent: true });
export const retryJob = (id: string) => api.post(`/jobs/${id}/retry`, {}, { schema: JobSchema });

export const isFinished = (job: Pick<Job, 'status'> | undefined) =>
  job?.status === 'completed' || job?.status === 'failed';

/** Percent for a progress bar; an unknown total shows as indeterminate (null). */
export function percentOf(job: Pick<Job, 'done' | 'total' | 'status'>): number | null {
  if (job.status === 'completed') return 100;
  if (job.total <= 0) return null;
  return Math.min(100, Math.round((job.done / job.total) * 100));
}
