import type { ServerResponse } from 'node:http';
import { can } from '@backhaul/shared';
import type { AuthContext } from '../auth/access';
import { caller } from '../auth/guard';
import type { RouteModule } from '../http/types';
import type { LiveBus, LiveEvent } from './live.bus';

/** A listener gets only topics whose section it may see (modules register topics on the bus). */
export function mayReceive(auth: AuthContext, event: LiveEvent, live: Pick<LiveBus, 'sectionOf'>): boolean {
  if (event.visibleTo && !event.visibleTo.includes(auth.user.id)) return false;
  const section = live.sectionOf(event.topic);
  return section !== undefined && can(auth.grants, { section });
}

const HEARTBEAT_MS = 25_000;

/** GET /api/live (the web's EventSource sends the session cookie): a server-sent-events stream of the caller's company board changes. */
export const liveRoutes: RouteModule = {
  name: 'live',
  register(app, { live }) {
    const open = new Set<ServerResponse>();
    // Open streams would keep the server from closing.
    app.addHook('onClose', async () => {
      for (const res of open) res.end();
    });
    app.get('/live', {
      config: { access: 'session' },
      schema: { tags: ['Live'], hide: true },
      handler: async (req, reply) => {
        const auth = caller(req);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write('retry: 3000\n: connected\n\n');
        open.add(res);
        const unsubscribe = live.subscribe(auth.user.companyId, (event) => {
          if (auth.expiresAt.getTime() < Date.now()) return void res.end();
          if (!mayReceive(auth, event, live)) return;
          const { visibleTo: _, ...data } = event;
          res.write(`event: change\ndata: ${JSON.stringify(data)}\n\n`);
        });
        const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
        const end = () => {
          clearInterval(beat);
          unsubscribe();
          open.delete(res);
        };
        req.raw.on('close', end);
        res.on('close', end);
      },
    });
  },
};
