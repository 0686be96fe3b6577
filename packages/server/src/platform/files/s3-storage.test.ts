import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';
import { sha256Hex, signV4 } from './sigv4';

const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret-key' };

/** A minimal S3 stand-in: checks each request's SigV4 signature and payload hash, keeps objects in memory. */
const objects = new Map<string, Buffer>();
const seen: { method: string; path: string; ok: boolean }[] = [];
const server = createServer(async (req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const stamp = String(req.headers['x-amz-date']);
  const date = new Date(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
  );
  const signedNames = /SignedHeaders=([^,]+)/.exec(String(req.headers.authorization))?.[1]?.split(';') ?? [];
  const headers = Object.fromEntries(
    signedNames.filter((h) => h !== 'x-amz-date').map((h) => [h, String(req.headers[h])]),
  );
  const expected = signV4({
    method: req.method ?? 'GET',
    url,
    headers,
    payloadHash: sha256Hex(body),
    credentials,
    region: 'us-east-1',
    service: 's3',
    date,
  });
  const ok =
    expected.authorization === req.headers.authorization && req.headers['x-amz-content-sha256'] === sha256Hex(body);
  seen.push({ method: req.method ?? '', path: url.pathname, ok });
  if (!ok) return res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
  if (req.method === 'PUT') objects.set(url.pathname, body);
  if (req.method === 'DELETE') objects.delete(url.pathname);
  if (req.method === 'GET') {
    const obj = objects.get(url.pathname);
    return obj ? res.writeHead(200).end(obj) : res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
  }
  res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
});

let endpoint: string;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('S3 storage (fetch + SigV4)', () => {
  it('puts, gets and deletes objects with signed requests (path style)', async () => {
    const s3 = createS3Storage({ endpoint, bucket: 'backhaul', region: 'us-east-1', credentials, pathStyle: true });
    const data = Buffer.from([0, 1, 2, 250, 255]);
    await s3.put('2026/11/abc.pdf', data, 'application/pdf');
    expect(objects.get('/backhaul/2026/11/abc.pdf')?.equals(data)).toBe(true);
    expect((await s3.get('2026/11/abc.pdf')).equals(data)).toBe(true);
    await s3.remove('2026/11/abc.pdf');
    await expect(s3.get('2026/11/abc.pdf')).rejects.toThrow(/404/);
    expect(seen.every((r) => r.ok)).toBe(true);
  });

  it('a wrong secret is refused by the server, and a client path never becomes a key', async () => {
    const bad = createS3Storage({
      endpoint,
      bucket: 'backhaul',
      region: 'us-east-1',
      credentials: { ...credentials, secretAccessKey: 'wrong' },
      pathStyle: true,
    });
    await expect(bad.put('2026/11/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/403/);
    await expect(bad.get('../etc/passwd')).rejects.toThrow(/Invalid storage key/);
  });
});
