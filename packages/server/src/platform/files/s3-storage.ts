import { type AwsCredentials, sha256Hex, signV4 } from './sigv4';
import { assertStorageKey, type FileStorage } from './storage';

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: AwsCredentials;
  /** Path-style URLs (endpoint/bucket/key): MinIO and most S3-compatible servers. */
  pathStyle: boolean;
  fetch?: typeof fetch;
};

/** An S3-compatible bucket through plain fetch and SigV4: no SDK. */
export function createS3Storage(opts: S3Options): FileStorage {
  const doFetch = opts.fetch ?? fetch;
  const urlOf = (key: string) => {
    assertStorageKey(key);
    const base = new URL(opts.endpoint);
    if (opts.pathStyle) return new URL(`${base.origin}${base.pathname.replace(/\/$/, '')}/${opts.bucket}/${key}`);
    return new URL(`${base.protocol}//${opts.bucket}.${base.host}/${key}`);
  };

  async function call(method: string, key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const url = urlOf(key);
    const payloadHash = sha256Hex(body ?? '');
    const headers = signV4({
      method,
      url,
      headers: {
        host: url.host,
        'x-amz-content-sha256': payloadHash,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      payloadHash,
      credentials: opts.credentials,
      region: opts.region,
      service: 's3',
      date: new Date(),
    });
    delete headers.host;
    const res = await doFetch(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      throw new Error(`S3 ${method} ${key} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    return res;
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      await call('PUT', key, body, contentType);
    },
    async get(key) {
      return Buffer.from(await (await call('GET', key)).arrayBuffer());
    },
    async remove(key) {
      await call('DELETE', key);
    },
  };
}
