import type { S3Client } from '@aws-sdk/client-s3';
import { assertStorageKey, type FileStorage } from './storage';

export type S3Options = {
  /** The store's URL (https://s3.us-east-1.amazonaws.com, http://minio:9000, an R2 account URL...). */
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined };
  /** Path-style URLs (endpoint/bucket/key): MinIO and most S3-compatible servers. */
  pathStyle: boolean;
};

type Sdk = { client: S3Client; s3: typeof import('@aws-sdk/client-s3') };

/**
 * An S3-compatible bucket through the AWS SDK (signing, retries, errors). The SDK loads with the
 * first file call, so a process that never touches a file does not carry it. Checksums are sent
 * only where S3 requires them: several S3-compatible stores refuse the SDK's default trailers.
 */
export function createS3Storage(opts: S3Options): FileStorage {
  let sdk: Promise<Sdk> | undefined;
  const load = () => {
    sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        endpoint: opts.endpoint,
        region: opts.region,
        forcePathStyle: opts.pathStyle,
        credentials: opts.credentials,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return sdk;
  };
  const Bucket = opts.bucket;

  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertStorageKey(key);
      const { client, s3 } = await load();
      await client.send(new s3.PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      assertStorageKey(key);
      const { client, s3 } = await load();
      const res = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
      if (!res.Body) throw new Error(`S3 GET ${key}: no body`);
      return Buffer.from(await res.Body.transformToByteArray());
    },
    async remove(key) {
      assertStorageKey(key);
      const { client, s3 } = await load();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    close() {
      if (sdk) void sdk.then(({ client }) => client.destroy()).catch(() => {});
    },
  };
}
