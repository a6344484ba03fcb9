/** The redeem codes module's public face: one-time codes for credits, a plan or the lifetime deal. */
export { createRedeemRepo, type RedeemRepo, type RedeemCodeRow } from './redeem.repo.js';
export {
  createRedeemService,
  redeemShape,
  RedeemMsg,
  type RedeemService,
  type RedeemPlanGrants,
  type RedeemTx,
  type RedeemKind,
  type CreateRedeemCodesInput,
  type GrantOutcome,
} from './redeem.service.js';
export { generateRedeemCode, hashRedeemCode } from './redeem-code.js';
