import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';

export interface TestServer {
  url: string;
  built: BuiltApp;
  dataDir: string;
  /** 'pglite' or 'postgres'; with TEST_REDIS_URL set, jobs and sockets go through Redis. */
  mode: string;
  close(): Promise<void>;
}

/** A fresh database per server: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
export async function freshDatabase(): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    return { database, url: null, drop: async () => {} };
  }
  const name = `packsmith_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  return {
    database,
    url,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Starts a real server instance on a random port, with the CI's PostgreSQL/Redis when configured. */
export async function startTestServer(
  env: Record<string, string> = {},
  /** Extra routes for tests of the transport itself (registered before listen). */
  extend?: (app: FastifyInstance) => void,
  /** Composition hooks of buildApp (e.g. a design pipeline that fails on purpose). */
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'packsmith-test-'));
  const db = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, QUEUE_PREFIX: `pst-${randomBytes(4).toString('hex')}` } : {}),
    // Scene templates are seeded only by the tests that need them (a few, small): seeding renders images.
    PHOTOSHOOT_TEMPLATES_PER_FAMILY: '0',
    MOCKUP_TEMPLATES_SEED: '0',
    // Likewise the design-idea gallery: ideas.int.test.ts seeds it small; other tests insert the ideas they need.
    DESIGN_IDEAS_SEED: '0',
    // Every test client comes from 127.0.0.1, so the per-address limits would throttle the suite
    // itself; rate-limit.int.test.ts turns them on. Per-account and per-recipient limits stay on.
    GUEST_RATE_LIMIT: '0',
    LOGIN_IP_RATE_LIMIT: '0',
    CODE_EMAIL_RATE_LIMIT: '0',
    ...env,
  });
  const built = await buildApp(config, { ...options, database: db.database });
  extend?.(built.app);
  const url = await built.listen();
  return {
    url,
    built,
    dataDir,
    mode: `${db.url ? 'postgres' : 'pglite'}${config.redisUrl ? '+redis' : ''}`,
    async close() {
      await built.close();
      await db.database.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
