// POST /api/reset for an address that has an account against one that has none, through HTTP on
// the real server (guard, throttle, job queue) on an in-memory PGlite with the demo company. The
// server runs in a child process, as a client elsewhere would see it (PGlite runs queries on the
// server's thread, so a client in the same process would also time the job that follows). The two
// kinds are interleaved in one run; the mail goes to the outbox from the job, after the answer.
// Prints the answer times of each kind and their difference, and checks the answers are identical.
// Usage: cd packages/server && npx tsx ../../bench/reset-timing.ts [rounds]
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openPglite } from '../packages/server/src/db/client';
import { prepareDatabase } from '../packages/server/src/db/prepare';

const ROUNDS = Number(process.argv[2]) || 300;
const WARMUP = 30;

type Server = { port: number; outbox: () => Promise<number>; close: () => void };

/** The child: the app on a free port; answers the number of reset mails when asked. */
async function serve() {
  const database = await openPglite({});
  // Limits high enough that the throttle never answers 429 here: this measures the normal path.
  const config = loadConfig(
    {},
    { SEED_SCALE: 0.05, RESET_MAX_PER_ADDRESS: 1_000_000, RESET_MAX_PER_EMAIL: 1_000_000, PORT: 0 },
  );
  await prepareDatabase(database, config);
  const { app } = await buildApp({ database, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  process.on('message', async (msg) => {
    if (msg !== 'outbox') return;
    for (let i = 0; i < 600; i++) {
      const [row] = await database.query<{ n: number }>(
        "select count(*)::int as n from jobs where status in ('queued', 'running')",
      );
      if (row?.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [mails] = await database.query<{ n: number }>(
      'select count(*)::int as n from mail_messages where "to" = \'safety@backhaul.demo\'',
    );
    process.send?.({ mails: mails?.n ?? 0 });
  });
  process.send?.({ port });
}

function startServer(): Promise<Server> {
  const child = fork(process.argv[1] as string, ['serve'], { execArgv: process.execArgv, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.once('message', (msg: { port: number }) =>
      resolve({
        port: msg.port,
        outbox: () =>
          new Promise((done) => {
            child.once('message', (m: { mails: number }) => done(m.mails));
            child.send('outbox');
          }),
        close: () => child.kill(),
      }),
    );
  });
}

async function main() {
  const server = await startServer();
  const { port } = server;
  const ask = async (email: string) => {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const body = await res.text();
    return { ms: performance.now() - started, status: res.status, body };
  };
  const known: number[] = [];
  const unknown: number[] = [];
  const bodies = new Set<string>();
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    // Alternate which kind goes first, so neither always follows the other's job.
    const pair =
      i % 2 === 0
        ? [await ask('safety@backhaul.demo'), await ask(`nobody${i}@backhaul.demo`)]
        : [await ask(`nobody${i}@backhaul.demo`), await ask('safety@backhaul.demo')].reverse();
    const [k, u] = pair as [Awaited<ReturnType<typeof ask>>, Awaited<ReturnType<typeof ask>>];
    if (k.status !== 200 || u.status !== 200) throw new Error(`unexpected status ${k.status}/${u.status}`);
    bodies.add(k.body).add(u.body);
    if (i >= WARMUP) {
      known.push(k.ms);
      unknown.push(u.ms);
    }
  }
  const mails = await server.outbox();

  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
    return { median: at(0.5), mean: xs.reduce((a, b) => a + b, 0) / xs.length, p90: at(0.9) };
  };
  const k = stats(known);
  const u = stats(unknown);
  const f = (n: number) => `${n.toFixed(2)} ms`;
  console.log(`rounds ${ROUNDS} (+${WARMUP} warm-up), interleaved; distinct answer bodies: ${bodies.size}`);
  console.log(`known address   median ${f(k.median)}  mean ${f(k.mean)}  p90 ${f(k.p90)}`);
  console.log(`unknown address median ${f(u.median)}  mean ${f(u.mean)}  p90 ${f(u.p90)}`);
  console.log(`difference      median ${f(k.median - u.median)}  mean ${f(k.mean - u.mean)}`);
  console.log(`mails sent by the jobs to the known address: ${mails}`);
  server.close();
}

(process.argv[2] === 'serve' ? serve() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
