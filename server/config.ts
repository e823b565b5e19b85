import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CURRENCY } from '../domain/money';

/** Every setting the server reads; `.env.example` documents each one with its default. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  CLIENT_DIST_DIR: z.string().default('dist'),
  PUBLIC_API_BASE_URL: z.string().default('/api'),
  DEFAULT_CURRENCY: z.string().length(3).default(DEFAULT_CURRENCY),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  VITE_DEV_SERVER: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type ServerConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.parse(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    environment: parsed.NODE_ENV,
    host: parsed.HOST,
    port: parsed.PORT,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    database: parsed.DATABASE_URL
      ? ({ dialect: 'postgres', connectionString: parsed.DATABASE_URL } as const)
      : ({ dialect: 'sqlite', file: path.join(dataDir, 'marketplace.sqlite') } as const),
    clientDistDir: path.resolve(parsed.CLIENT_DIST_DIR),
    publicApiBaseUrl: parsed.PUBLIC_API_BASE_URL,
    currency: parsed.DEFAULT_CURRENCY,
    seedDemoData: parsed.SEED_DEMO_DATA,
    logLevel: parsed.LOG_LEVEL,
    shutdownGraceMs: parsed.SHUTDOWN_GRACE_MS,
    viteDevServer: parsed.VITE_DEV_SERVER,
    /** The outbox of would-be messages is readable only where no real person can be reached. */
    exposeDevOutbox: parsed.NODE_ENV !== 'production',
    secureCookies: parsed.NODE_ENV === 'production',
  };
}
