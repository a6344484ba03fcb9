/** The credits module's public face: what the composition root and other modules use of it. */
export { createCreditRepo, type CreditRepo, type LedgerRow } from './credit.repo.js';
export { createCreditService, type CreditService, type CreditTx } from './credit.service.js';
