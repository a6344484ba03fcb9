import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import { afterCommit } from './after-commit.js';
import type { Database } from './client.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = async () => {
    await fresh.database.close();
    await fresh.drop();
  };
});
afterAll(async () => drop?.());

describe('afterCommit', () => {
  it('runs once the outermost transaction has committed, also when registered in a savepoint', async () => {
    const log: string[] = [];
    await database.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(sql`select 1`);
        afterCommit(savepoint, () => log.push('hook'));
      });
      log.push('savepoint done');
      afterCommit(tx, () => log.push('outer hook'));
      log.push('body done');
    });
    expect(log).toEqual(['savepoint done', 'body done', 'hook', 'outer hook']);
  });

  it('runs after a rollback too', async () => {
    const log: string[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        afterCommit(tx, () => log.push('hook'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(log).toEqual(['hook']);
  });

  it('does nothing for a handle outside a transaction', () => {
    let ran = false;
    afterCommit(database.db, () => (ran = true));
    expect(ran).toBe(false);
  });
});
