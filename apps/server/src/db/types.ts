/**
 * The database handle types, apart from the code that opens a database, so that helpers such as
 * after-commit can name them without importing the opener (which imports them).
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

export type Schema = typeof schema;
/** Both drivers (PGlite, node-postgres) are used through this one type; the SQL dialect is the same. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
