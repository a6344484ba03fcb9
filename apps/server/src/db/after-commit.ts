import type { Db, DbOrTx } from './types.js';

/** Called with whether the outermost transaction committed (false: it rolled back). */
type Hook = (committed: boolean) => void;
type TransactionFn = (fn: (tx: DbOrTx) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** The hooks of the outermost transaction a handle belongs to (savepoints share their parent's). */
const hooksOf = new WeakMap<object, Hook[]>();

function instrument(tx: DbOrTx, hooks: Hook[]): void {
  hooksOf.set(tx, hooks);
  const target = tx as unknown as { transaction: TransactionFn };
  const nested = target.transaction.bind(tx);
  target.transaction = (fn, config) =>
    nested((inner) => {
      instrument(inner, hooks);
      return fn(inner);
    }, config);
}

/**
 * Lets code holding a transaction handle run something once the outermost transaction has ended
 * (committed or rolled back): an in-memory cache must be dropped after the commit, or a reader in
 * another connection could refill it with the row as it was before the commit.
 */
export function withAfterCommit(db: Db): Db {
  const target = db as unknown as { transaction: TransactionFn };
  const transaction = target.transaction.bind(db);
  target.transaction = async (fn, config) => {
    const hooks: Hook[] = [];
    let committed = false;
    try {
      const result = await transaction((tx) => {
        instrument(tx, hooks);
        return fn(tx);
      }, config);
      committed = true;
      return result;
    } finally {
      for (const hook of hooks) hook(committed);
    }
  };
  return db;
}

/** Runs `hook` when the transaction `handle` belongs to ends; does nothing outside a transaction. */
export function afterCommit(handle: DbOrTx, hook: Hook): void {
  hooksOf.get(handle)?.push(hook);
}

/**
 * Runs `hook` once the transaction `handle` belongs to has committed (never on rollback); outside a
 * transaction, at once. For effects other processes see, such as dropping a revoked session's sockets.
 */
export function onCommit(handle: DbOrTx, hook: () => void): void {
  const hooks = hooksOf.get(handle);
  if (!hooks) return hook();
  hooks.push((committed) => {
    if (committed) hook();
  });
}
