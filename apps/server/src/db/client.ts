import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withAfterCommit } from './after-commit.js';
import * as schema from './schema.js';
import type { Db } from './types.js';

export type { Db, DbOrTx, Schema, Tx } from './types.js';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl: string | null;
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  pgliteDir: string;
  /** Called once when PGlite must initialise a brand-new directory (takes seconds). */
  onInitialise?: () => void;
  /** An idle PostgreSQL connection was lost (server restart, admin termination); the pool recovers. */
  onIdleClientError?: (err: Error) => void;
}

/** Opens the database and applies the checked-in migrations (the same set serves both drivers). */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client loses its connection when PostgreSQL restarts or terminates it; without a
    // listener node-postgres re-throws that as an uncaught error and the whole process dies.
    // The pool drops the client and opens a new one on the next query.
    pool.on('error', (err) => opts.onIdleClientError?.(err));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return { db: withAfterCommit(db), kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataDir: string | undefined;
  if (opts.pgliteDir !== 'memory://') {
    dataDir = path.resolve(opts.pgliteDir);
    const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    // PGlite.create fails when the parent folder is missing (DEPENDENCY-NOTES).
    fs.mkdirSync(dataDir, { recursive: true });
    if (fresh) opts.onInitialise?.();
  }
  const client = await PGlite.create(dataDir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: withAfterCommit(db), kind: 'pglite', close: () => client.close() };
}
