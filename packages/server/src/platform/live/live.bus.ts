import { EventEmitter } from 'node:events';
import type { PoolClient } from 'pg';
import type { Database } from '../../db/client';
import type { AuthContext } from '../auth/access';

/** A change on a shared board: the row's topic and id, and what happened to it. */
export type LiveEvent = {
  topic: string;
  id: string | number;
  action: 'created' | 'updated' | 'deleted' | string;
  /** Only these users receive it (e.g. a private planner row); everyone allowed on the topic otherwise. */
  visibleTo?: number[];
  /**
   * What the topic's `visible` rule reads to decide who may hear of the row (e.g. a trip's dispatchers
   * and customer before and after the change): ids, never rows. No stream ever receives it.
   */
  scope?: Record<string, number[]>;
};

/** A topic's row scope: whether one listener may hear of this event (the same scope as the module's list). */
export type LiveTopicRule = {
  visible?: (auth: AuthContext, event: LiveEvent) => boolean | Promise<boolean>;
};
export type LiveTopic = LiveTopicRule & { section: number };

type Listener = (event: LiveEvent) => void;

export type LiveBus = {
  /**
   * A module names its topic, the permission section a listener needs to receive it and, when its
   * rows are scoped, the rule that filters each event per listener
   * (`live.registerTopic('trips', SECTION.Trips, { visible })`, from its routes). Unregistered topics reach nobody.
   */
  registerTopic: (topic: string, section: number, rule?: LiveTopicRule) => void;
  /** A topic's section and rule, or undefined when no module registered it. */
  topicOf: (topic: string) => LiveTopic | undefined;
  publish: (companyId: number, event: LiveEvent) => Promise<void>;
  subscribe: (companyId: number, listener: Listener) => () => void;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

const CHANNEL = 'backhaul_live';
/** NOTIFY payloads are limited to 8000 bytes; an event only names a row. */
const MAX_PAYLOAD = 7900;

/**
 * The in-process emitter is the delivery to this process's streams. On PostgreSQL publish goes
 * through NOTIFY and every process (API replicas, workers) LISTENs, so events cross processes.
 */
export function createLiveBus(database: Database): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (companyId: number, event: LiveEvent) => emitter.emit(`c${companyId}`, event);
  let client: PoolClient | null = null;
  const topics = new Map<string, LiveTopic>();

  return {
    registerTopic(topic, section, rule = {}) {
      const known = topics.get(topic);
      if (known !== undefined && known.section !== section)
        throw new Error(`Live topic "${topic}" belongs to section ${known.section}`);
      topics.set(topic, { ...known, ...rule, section });
    },
    topicOf: (topic) => topics.get(topic),
    async publish(companyId, event) {
      if (database.kind !== 'postgres') {
        deliver(companyId, event);
        return;
      }
      const payload = JSON.stringify({ c: companyId, e: event });
      if (payload.length > MAX_PAYLOAD) throw new Error('Live event too large: send ids, not rows');
      await database.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe(companyId, listener) {
      emitter.on(`c${companyId}`, listener);
      return () => emitter.off(`c${companyId}`, listener);
    },
    async start() {
      if (database.kind !== 'postgres' || !database.pool || client) return;
      client = await database.pool.connect();
      client.on('notification', (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          const { c, e } = JSON.parse(msg.payload) as { c: number; e: LiveEvent };
          deliver(c, e);
        } catch {
          // a foreign payload on our channel: ignore
        }
      });
      await client.query(`listen ${CHANNEL}`);
    },
    async close() {
      emitter.removeAllListeners();
      if (client) {
        await client.query(`unlisten ${CHANNEL}`).catch(() => {});
        client.release();
        client = null;
      }
    },
  };
}
