/**
 * Runs `work` in one database transaction and hands it repositories bound to that transaction, so
 * what they write commits together or rolls back together when `work` throws. `R` is the part of the
 * repositories the caller uses: a service names only those (repositories.ts builds the whole set), so
 * its type still says which tables it writes atomically.
 */
export type Transact<R> = <T>(work: (repos: R) => Promise<T>) => Promise<T>;

/**
 * Runs `hook` once the transaction a set of repositories belongs to has committed (never on rollback);
 * outside a transaction, at once. For effects other processes see, such as dropping a revoked
 * session's sockets.
 */
export interface CommitHooks {
  onCommit(hook: () => void): void;
}
