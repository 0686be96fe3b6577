import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted by fastify's trustProxy like a CIDR. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the client's address in X-Forwarded-For (fastify's `trustProxy`): off by
 * default, or the proxies' addresses and CIDR ranges separated by commas. "true" (every peer) is
 * refused: any client could then choose the address the sign-in throttle counts; so is a hop count,
 * which fastify 5 no longer honours because it cannot check who the immediate peer is.
 */
const TrustProxySchema = z
  .string()
  .default('')
  .transform((raw, ctx): false | string[] => {
    const value = raw.trim().toLowerCase();
    if (['', 'false', 'off', 'no', '0'].includes(value)) return false;
    const entries = raw
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be off or the proxies' addresses/CIDR ranges, comma-separated (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    SEED: z.enum(['auto', 'demo', 'none']).default('auto'),
    SEED_SCALE: z.coerce.number().positive().default(1),
    DEMO_PASSWORD: z.string().min(1).default('backhaul'),
    SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(8 * 3600),
    RESET_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
    LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    LOGIN_LOCK_SECONDS: z.coerce.number().int().positive().default(300),
    LOGIN_BACKOFF_BASE_SECONDS: z.coerce.number().int().positive().default(1),
    LOGIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().positive().default(900),
    RESET_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(10),
    RESET_MAX_PER_EMAIL: z.coerce.number().int().positive().default(3),
    RESET_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
    TRUST_PROXY: TrustProxySchema,
    PUBLIC_URL: z.string().optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Backhaul <no-reply@backhaul.demo>'),
    COMPANY_TIME_ZONE: z.string().default('America/Chicago'),
    /** Road miles: 'offline' routes on the network shipped in the mileage module; 'osrm' asks OSRM_URL. */
    MILEAGE_PROVIDER: z.enum(['offline', 'osrm']).default('offline'),
    /** The company's OSRM server (http://host:5000), for MILEAGE_PROVIDER=osrm. */
    OSRM_URL: z.url({ protocol: /^https?$/ }).optional(),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** '1' opens /api/docs (UI and JSON) to anyone; by default it needs a staff session (not a customer user). */
    DOCS_PUBLIC: z.enum(['0', '1']).default('0'),
    /** Comma-separated origins allowed to call the API from a browser (CORS); none by default. */
    CORS_ORIGINS: z
      .string()
      .transform((s) =>
        s
          .split(',')
          .map((o) => o.trim().replace(/\/$/, ''))
          .filter(Boolean),
      )
      .pipe(z.array(z.url()))
      .default([]),
    /** Key of the signed file links (32+ characters); without it one is generated and kept in the database. */
    LINK_SECRET: z.string().min(32).optional(),
  })
  .refine((env) => env.MILEAGE_PROVIDER !== 'osrm' || env.OSRM_URL, {
    message: 'MILEAGE_PROVIDER=osrm needs OSRM_URL (the OSRM server, e.g. http://127.0.0.1:5000)',
    path: ['OSRM_URL'],
  });

export type Config = z.infer<typeof EnvSchema> & { publicUrl: string; dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable counts as unset (DATABASE_URL= in a shell means "no server").
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.parse(set);
  const base = { ...parsed, ...overrides };
  const host = base.HOST === '0.0.0.0' ? '127.0.0.1' : base.HOST;
  return {
    ...base,
    dataDir: resolve(base.DATA_DIR),
    publicUrl: (base.PUBLIC_URL ?? `http://${host}:${base.PORT}`).replace(/\/$/, ''),
  };
}
