import { resolve } from 'node:path';
import { z } from 'zod';
import { StartupError } from './start-up-checks.ts';

const boolFlag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  /** PEM (PKCS#8) of the RSA key for encrypted calls; required in production. */
  WIRE_PRIVATE_KEY: z.string().optional(),
  WIRE_KEY_ID: z.string().default('k1'),
  /**
   * AES-256 key (32 bytes, base64 or hex) sealing the vendor and gateway secrets the database
   * keeps; required in production. SECRETS_PREVIOUS_KEYS (`id:key,…`) still open older seals.
   */
  SECRETS_KEY: z.string().optional(),
  SECRETS_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .default('s1'),
  SECRETS_PREVIOUS_KEYS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo data on an empty database (default: on for the embedded database only). */
  SEED_DEMO: boolFlag,
  /** Trust X-Forwarded-For from this many proxies in front of the server. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  WEB_DIST: z.string().optional(),
  /** The operator console's build (issue 16), served under /console. */
  CONSOLE_DIST: z.string().optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Crash: how long a round takes bets, and the pause after a crash (ms). */
  CRASH_BETTING_MS: z.coerce.number().int().min(500).max(600_000).default(7_000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  /**
   * Development routes such as GET /dev/outbox (default: on for the bundled database outside
   * production). Refused in production: the outbox shows live verification codes.
   */
  DEV_ENDPOINTS: boolFlag,
  /** The sandbox vendor beside the server (default: with the development routes; refused in production). */
  SANDBOX_VENDOR: boolFlag,
  /** Its port: PORT + 1 unless given; 0 takes any free port. */
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  wirePrivateKey: string | undefined;
  wireKeyId: string;
  secretsKey: string | undefined;
  secretsKeyId: string;
  secretsPreviousKeys: string | undefined;
  logLevel: string;
  seedDemo: boolean;
  trustProxy: number;
  webDist: string;
  consoleDist: string;
  dbPoolSize: number;
  crashSchedule: { bettingMs: number; pauseMs: number };
  devEndpoints: boolean;
  /** The sandbox vendor's port, or null when it is off. */
  sandboxPort: number | null;
}

/** npm runs workspace scripts from the workspace folder: resolve paths against where npm was run (GOTCHAS). */
function baseDir(env: NodeJS.ProcessEnv): string {
  return env.INIT_CWD ?? process.cwd();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new StartupError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.DATABASE_URL) throw new StartupError('DATABASE_URL is required in production');
  if (e.NODE_ENV === 'production' && !e.WIRE_PRIVATE_KEY)
    throw new StartupError('WIRE_PRIVATE_KEY is required in production');
  if (e.NODE_ENV === 'production' && !e.SECRETS_KEY) throw new StartupError('SECRETS_KEY is required in production');
  if (e.NODE_ENV === 'production' && e.DEV_ENDPOINTS)
    throw new StartupError('DEV_ENDPOINTS must not be on in production');
  if (e.NODE_ENV === 'production' && e.SANDBOX_VENDOR)
    throw new StartupError('SANDBOX_VENDOR must not be on in production');
  const devEndpoints = e.NODE_ENV !== 'production' && (e.DEV_ENDPOINTS ?? !e.DATABASE_URL);
  const root = baseDir(env);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(root, e.DATA_DIR),
    wirePrivateKey: e.WIRE_PRIVATE_KEY,
    wireKeyId: e.WIRE_KEY_ID,
    secretsKey: e.SECRETS_KEY,
    secretsKeyId: e.SECRETS_KEY_ID,
    secretsPreviousKeys: e.SECRETS_PREVIOUS_KEYS,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO ?? !e.DATABASE_URL),
    trustProxy: e.TRUST_PROXY,
    webDist: resolve(root, e.WEB_DIST ?? 'apps/web/dist'),
    consoleDist: resolve(root, e.CONSOLE_DIST ?? 'apps/console/dist'),
    dbPoolSize: e.DB_POOL_SIZE,
    crashSchedule: { bettingMs: e.CRASH_BETTING_MS, pauseMs: e.CRASH_PAUSE_MS },
    devEndpoints,
    sandboxPort:
      e.NODE_ENV !== 'production' && (e.SANDBOX_VENDOR ?? devEndpoints)
        ? (e.SANDBOX_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1))
        : null,
  };
}
