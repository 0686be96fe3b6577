// One HTTP client for every figure: node:http over loopback with keep-alive, timed from the
// request to the last byte of the answer. Asks for compression as a browser does and counts the
// bytes on the wire; the body is decoded afterwards (not timed) for the byte-for-byte checks.
import http, { type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export type Reply = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The decoded body. */
  body: Buffer;
  /** Bytes received for the body (compressed when the server compressed). */
  wireBytes: number;
  /** Request sent to last byte received. */
  ms: number;
};

export type RequestOptions = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token?: string;
  agent?: http.Agent;
  /** Accept-Encoding to send: a browser's by default; null sends none (the server answers plain bytes). */
  acceptEncoding?: string | null;
};

export const BROWSER_ENCODINGS = 'gzip, deflate, br';

export const keepAlive = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

function decode(encoding: string | undefined, raw: Buffer): Buffer {
  switch (encoding) {
    case 'gzip':
      return gunzipSync(raw);
    case 'br':
      return brotliDecompressSync(raw);
    case 'deflate':
      return inflateSync(raw);
    default:
      return raw;
  }
}

export function request(base: string, o: RequestOptions): Promise<Reply> {
  const payload = o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body));
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      `${base}${o.path}`,
      {
        method: o.method,
        agent: o.agent ?? false,
        headers: {
          ...(o.acceptEncoding === null ? {} : { 'accept-encoding': o.acceptEncoding ?? BROWSER_ENCODINGS }),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const ms = performance.now() - t0;
          const raw = Buffer.concat(chunks);
          try {
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: decode(res.headers['content-encoding'], raw),
              wireBytes: raw.length,
              ms,
            });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Keep-alive connections a server reset under a request, by server: retried on a new connection (counted). */
export const resetCounts = new Map<string, number>();

const isReset = (err: unknown) => {
  const code = (err as { code?: string }).code;
  return code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/.test(String(err));
};

/**
 * request() that fails on anything but 200, with the answer's start in the message. A connection
 * reset on a reused keep-alive socket is retried (at most twice), as a browser does, and counted.
 */
export async function ok(base: string, o: RequestOptions): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    let r: Reply;
    try {
      r = await request(base, o);
    } catch (err) {
      if (attempt < 3 && isReset(err)) {
        resetCounts.set(base, (resetCounts.get(base) ?? 0) + 1);
        continue;
      }
      throw Object.assign(new Error(`${o.method} ${base}${o.path}: ${(err as Error).message}`), {
        code: (err as { code?: string }).code,
      });
    }
    if (r.status !== 200) {
      throw new Error(`${o.method} ${base}${o.path} answered ${r.status}: ${r.body.toString().slice(0, 500)}`);
    }
    return r;
  }
}

export const json = <T>(r: Reply): T => JSON.parse(r.body.toString()) as T;
