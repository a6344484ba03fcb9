import { FREE_CREDITS } from '@packsmith/contracts';
import { limitReached } from '../../http/errors.js';
import type { DbOrTx } from '../../db/client.js';
import type { CreditRepo } from './credit.repo.js';

/**
 * Credits move only through the append-only ledger. A charge and its refund share the ref id of the
 * generate record, so a record is never charged twice nor refunded twice.
 */
export function createCreditService(deps: { repo: CreditRepo }) {
  const { repo } = deps;
  return {
    async grantSignupBonus(userId: string, tx?: DbOrTx): Promise<number> {
      return (await repo.apply(userId, FREE_CREDITS, 'signup_bonus', userId, tx)).balance;
    },
    async grant(userId: string, amount: number, reason: string, refId: string, tx?: DbOrTx): Promise<number> {
      if (amount <= 0) throw new Error('grant amount must be positive');
      return (await repo.apply(userId, amount, reason, refId, tx)).balance;
    },
    /** Reserves `cost` for a record; code 450 when the balance is short. */
    async charge(userId: string, cost: number, recordId: string, tx?: DbOrTx): Promise<number> {
      if (cost === 0) return 0;
      const r = await repo.apply(userId, -cost, 'charge', recordId, tx);
      if (r.insufficient) throw limitReached();
      return r.balance;
    },
    /** Gives back exactly what was charged for a record, once; inside `tx` it commits with the record's failure. */
    async refund(userId: string, recordId: string, tx?: DbOrTx): Promise<boolean> {
      const charged = await repo.find(userId, 'charge', recordId, tx);
      if (!charged) return false;
      return (await repo.apply(userId, -charged.delta, 'refund', recordId, tx)).applied;
    },
    entries: (userId: string) => repo.entries(userId),
  };
}
export type CreditService = ReturnType<typeof createCreditService>;
