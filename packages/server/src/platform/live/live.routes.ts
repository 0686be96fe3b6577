import type { ServerResponse } from 'node:http';
import { can } from '@backhaul/shared';
import type { AuthContext } from '../auth/access';
import { caller } from '../auth/guard';
import type { RouteModule } from '../http/types';
import type { LiveBus, LiveEvent } from './live.bus';

/**
 * A listener gets only topics whose section it may see, and of a scoped topic only the events its
 * rule lets through (modules register topics and rules on the bus). A rule that fails refuses.
 */
export async function mayReceive(
  auth: AuthContext,
  event: LiveEvent,
  live: Pick<LiveBus, 'topicOf'>,
): Promise<boolean> {
  if (event.visibleTo && !event.visibleTo.includes(auth.user.id)) return false;
  const topic = live.topicOf(event.topic);
  if (!topic || !can(auth.grants, { section: topic.section })) return false;
  if (!topic.visible) return true;
  try {
    return (await topic.visible(auth, event)) === true;
  } catch {
    return false;
  }
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
        // One event at a time, so that a rule that reads the database keeps the stream in order.
        let queue = Promise.resolve();
        const unsubscribe = live.subscribe(auth.user.companyId, (event) => {
          queue = queue
            .then(async () => {
              if (auth.expiresAt.getTime() < Date.now()) return void res.end();
              if (!(await mayReceive(auth, event, live)) || res.writableEnded) return;
              const { topic, id, action } = event;
              res.write(`event: change\ndata: ${JSON.stringify({ topic, id, action })}\n\n`);
            })
            .catch(() => {});
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
