import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import app from '../../../server/app';
import { loadConfig } from '../../../server/config';

/**
 * A fresh marketplace per test file: a new SQLite file, or with TEST_DATABASE_URL a new
 * PostgreSQL database in the cluster the test run started. Both start empty and migrate.
 */
export interface TestApp {
  app: FastifyInstance;
  dialect: 'sqlite' | 'postgres';
  close: () => Promise<void>;
}

export const testDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** A new, empty database in the cluster at `adminUrl` (the test run's by default), and how to drop it. */
export async function createPostgresDatabase(adminUrl = process.env.TEST_DATABASE_URL!, prefix = 'test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const onAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface TestAppOptions {
  now?: () => number;
  env?: Record<string, string>;
  onRoute?: (route: RouteOptions) => void;
  /** Called with the app built, before it starts (its `onReady` hooks). */
  beforeReady?: (app: FastifyInstance) => void;
  /**
   * Whether to return only once the start-up read of the auction deadlines, which the server runs in
   * the background, is over (the default), so what a test counts or fires is its own.
   */
  awaitDeadlineArming?: boolean;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-test-'));
  // A caller that names its own database (a benchmark) gets that one, whatever the test run uses.
  const postgres = testDialect === 'postgres' && options.env?.DATABASE_URL === undefined ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_MEDIA: 'false',
    // Server tests never depend on a client build being present.
    CLIENT_DIST_DIR: path.join(dataDir, 'no-build'),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  });
  const fastify = Fastify({ logger: false, trustProxy: config.trustProxy });
  if (options.onRoute) fastify.addHook('onRoute', options.onRoute);
  // Unwrapped, so tests reach the decorations (db, now) the way routes do.
  await fastify.register(fp(app), { config, now: options.now });
  options.beforeReady?.(fastify);
  await fastify.ready();
  // A pass of its own, run after the start-up one.
  if (options.awaitDeadlineArming !== false) await fastify.auctionDeadlines.resync();
  return {
    app: fastify,
    dialect: testDialect,
    close: async () => {
      await fastify.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
