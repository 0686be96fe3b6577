import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Options } from './s3-storage';
import type { FileStorage } from './storage';

/**
 * A real S3-protocol server (s3rver, objects on disk). It knows one key pair (S3RVER) and refuses
 * other access keys, but does not recompute SigV4 signatures: the signing is the AWS SDK's, and
 * the test checks that every request carries one for our key, region and service.
 */
const directory = mkdtempSync(join(tmpdir(), 'backhaul-s3rver-'));
const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: 'backhaul', configs: [] }] });
const authorizations: string[] = [];
const handle = s3rver.getMiddleware();
const server = createServer((req, res) => {
  authorizations.push(String(req.headers.authorization));
  handle(req, res);
});
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let base: Omit<S3Options, 'credentials'>;
const stores: FileStorage[] = [];
const storage = (over: Partial<S3Options> = {}) => {
  const s = createS3Storage({ ...base, credentials, ...over });
  stores.push(s);
  return s;
};

beforeAll(async () => {
  await s3rver.configureBuckets();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  base = { endpoint: `http://127.0.0.1:${address.port}`, bucket: 'backhaul', region: 'us-east-1', pathStyle: true };
});
afterAll(async () => {
  for (const s of stores) s.close?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(directory, { recursive: true, force: true });
});

describe('S3 storage (@aws-sdk/client-s3 against s3rver)', () => {
  it('puts, gets and deletes an object byte for byte, under its key in the bucket', async () => {
    const s3 = storage();
    const data = Buffer.from([0, 1, 2, 250, 255, ...Buffer.from('%PDF-1.7 binary tail')]);
    await s3.put('2026/11/abc.pdf', data, 'application/pdf');
    expect((await s3.get('2026/11/abc.pdf')).equals(data)).toBe(true);
    // Another client (another API process) reads the same object.
    expect((await storage().get('2026/11/abc.pdf')).equals(data)).toBe(true);
    await s3.remove('2026/11/abc.pdf');
    await expect(s3.get('2026/11/abc.pdf')).rejects.toMatchObject({ name: 'NoSuchKey' });
    // Deleting what is gone is not an error (a retried delete).
    await expect(s3.remove('2026/11/abc.pdf')).resolves.toBeUndefined();
    expect(authorizations.length).toBeGreaterThanOrEqual(5);
    for (const a of authorizations) {
      expect(a).toMatch(
        /^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
      );
    }
  });

  it('an unknown access key or a missing bucket is refused by the server', async () => {
    await expect(
      storage({ credentials: { ...credentials, accessKeyId: 'NOT-OURS' } }).put(
        '2026/11/x.png',
        Buffer.from('x'),
        'image/png',
      ),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(storage({ bucket: 'nope' }).put('2026/11/x.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject(
      { name: 'NoSuchBucket' },
    );
    await expect(storage().get('2026/11/x.png')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('a client path never becomes a key: refused before any request', async () => {
    const s3 = storage({ endpoint: 'http://127.0.0.1:1' });
    await expect(s3.get('../etc/passwd')).rejects.toThrow(/Invalid storage key/);
    await expect(s3.put('/abs/x.pdf', Buffer.from('x'), 'application/pdf')).rejects.toThrow(/Invalid storage key/);
  });
});
