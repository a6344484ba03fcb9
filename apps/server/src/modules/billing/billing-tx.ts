import type { CreditRepo } from '../credits/index.js';
import type { UserRepo } from '../user/index.js';
import type { BillingRepo } from './billing.repo.js';

/** The repositories billing writes together in one transaction (a subset of Repositories). */
export interface BillingTx {
  billing: BillingRepo;
  credits: CreditRepo;
  users: UserRepo;
}
