import { join } from 'node:path';
import { z } from 'zod';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type FileStorage } from './storage';

const FilesEnvSchema = z.object({
  FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_SESSION_TOKEN: z.string().optional(),
  S3_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('1'),
});

export type FilesEnv = z.infer<typeof FilesEnvSchema>;

export const loadFilesEnv = (env: NodeJS.ProcessEnv = process.env): FilesEnv => FilesEnvSchema.parse(env);

/** A folder under DATA_DIR by default; an S3-compatible bucket when S3_ENDPOINT and S3_BUCKET are set. */
export function storageFromEnv(env: FilesEnv, dataDir: string): FileStorage {
  if (env.S3_ENDPOINT && env.S3_BUCKET) {
    if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
      throw new Error('S3_ENDPOINT is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
    }
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      pathStyle: env.S3_PATH_STYLE === '1' || env.S3_PATH_STYLE === 'true',
      credentials: {
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        sessionToken: env.S3_SESSION_TOKEN,
      },
    });
  }
  return createLocalStorage(join(dataDir, 'files'));
}
