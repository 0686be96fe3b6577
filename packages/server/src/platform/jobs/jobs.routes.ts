import { z } from 'zod';
import { caller } from '../auth/guard';
import type { RouteModule } from '../http/types';
import { jobJson } from './jobs.service';

const JobSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
  result: z.unknown(),
  attempts: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

const Params = z.object({ id: z.string().uuid() });

/** A job's progress and outcome for its creator (or an administrator); retry of a failed one. */
export const jobsRoutes: RouteModule = {
  name: 'jobs',
  register(app, { jobs }) {
    app.get('/jobs/:id', {
      config: { access: 'session' },
      schema: { tags: ['Jobs'], params: Params, response: { 200: JobSchema } },
      handler: async (req) => jobJson(await jobs.get(caller(req), req.params.id)),
    });
    app.post('/jobs/:id/retry', {
      config: { access: 'session' },
      schema: { tags: ['Jobs'], params: Params, response: { 200: JobSchema } },
      handler: async (req) => jobJson(await jobs.retry(caller(req), req.params.id)),
    });
  },
};
