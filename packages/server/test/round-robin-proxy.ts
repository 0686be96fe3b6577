import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  url: string;
  /** The API processes behind it, in turn; set once they listen. */
  upstreams: string[];
  /** Index of the upstream the next request goes to. */
  next: () => number;
  close: () => Promise<void>;
};

/**
 * A reverse proxy on loopback that hands each request to the next upstream in turn, as a load
 * balancer does: bodies stream both ways (server-sent events pass as they come), the client's
 * address goes in X-Forwarded-For, and `x-upstream` tells which upstream (its index) answered.
 */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  const upstreams: string[] = [];
  let turn = 0;
  const server = createServer((req, res) => {
    const index = turn++ % upstreams.length;
    const target = new URL(req.url ?? '/', upstreams[index]);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      target,
      {
        method: req.method,
        headers: {
          ...req.headers,
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host ?? '',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(index) });
        res.flushHeaders();
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'x-upstream': String(index) });
      res.end();
    });
    // A client that goes away (a closed event stream) closes the upstream request too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    upstreams,
    next: () => turn % Math.max(upstreams.length, 1),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
