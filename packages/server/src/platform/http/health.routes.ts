import { z } from 'zod';
import type { RouteModule } from './types';

/** GET /api/health: public readiness for load balancers and the journeys' start-up wait (the database answers). */
export const healthRoutes: RouteModule = {
  name: 'health',
  register(app, { database }) {
    app.get('/health', {
      config: { access: 'public' },
      schema: { tags: ['Health'], response: { 200: z.object({ status: z.literal('ok') }) } },
      handler: async () => {
        await database.query('select 1');
        return { status: 'ok' as const };
      },
    });
  },
};
