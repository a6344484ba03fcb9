/** The account module's public face: what the composition root and other modules use of it. */
export { createAccountRepo, type AccountRepo } from './account.repo.js';
export { createAccountService, type AccountService, type AccountTx } from './account.service.js';
