import { FREE_CREDITS } from '@packsmith/contracts';
import { limitReached } from '../../http/errors.js';
import type { CreditRepo } from './credit.repo.js';

/** The ledger inside a caller's transaction: the repositories its `transact` handed it. */
export interface CreditTx {
  credits: CreditRepo;
}

/**
 * Credits move only through the append-only ledger. A charge and its refund share the ref id of the
 * generate record, so a record is never charged twice nor refunded twice. Given a caller's `tx`, a
 * method writes through that transaction's ledger and commits (or rolls back) with it.
 */
export function createCreditService(deps: { repo: CreditRepo }) {
  const { repo } = deps;
  const ledger = (tx?: CreditTx): CreditRepo => tx?.credits ?? repo;
  return {
    async grantSignupBonus(userId: string, tx?: CreditTx): Promise<number> {
      return (await ledger(tx).apply(userId, FREE_CREDITS, 'signup_bonus', userId)).balance;
    },
    async grant(userId: string, amount: number, reason: string, refId: string, tx?: CreditTx): Promise<number> {
      if (amount <= 0) throw new Error('grant amount must be positive');
      return (await ledger(tx).apply(userId, amount, reason, refId)).balance;
    },
    /** Reserves `cost` for a record; code 450 when the balance is short. */
    async charge(userId: string, cost: number, recordId: string, tx?: CreditTx): Promise<number> {
      // A negative cost would credit the user: refused like a non-positive grant.
      if (cost < 0) throw new Error('charge cost must not be negative');
      if (cost === 0) return 0;
      const r = await ledger(tx).apply(userId, -cost, 'charge', recordId);
      if (r.insufficient) throw limitReached();
      return r.balance;
    },
    /** Gives back exactly what was charged for a record, once; inside `tx` it commits with the record's failure. */
    async refund(userId: string, recordId: string, tx?: CreditTx): Promise<boolean> {
      const charged = await ledger(tx).find(userId, 'charge', recordId);
      if (!charged) return false;
      return (await ledger(tx).apply(userId, -charged.delta, 'refund', recordId)).applied;
    },
    entries: (userId: string) => repo.entries(userId),
  };
}
export type CreditService = ReturnType<typeof createCreditService>;
