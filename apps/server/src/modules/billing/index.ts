/** The billing module's public face: payments, plans, promotion codes, the webhook and the monthly sweep. */
export { createBillingRepo, type BillingRepo, type PaymentRow, type PromotionRow, type SubscriptionRow } from './billing.repo.js';
export { createSandboxRepo, type SandboxRepo } from './sandbox.repo.js';
export { createBilling, type Billing, type BillingDeps } from './create-billing.js';
export type { BillingTx } from './billing-tx.js';
export type { PlanGrants, PromotionAdmin, PromotionCodeRecord } from './billing-ports.js';
export type { BillingService } from './billing.service.js';
export type { SweepResult } from './billing-sweep.js';
export {
  PaymentDeclinedError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscription,
  type ProviderInvoice,
} from './payment-provider.js';
export { sandboxWebhookSecret, type SandboxProvider } from './sandbox-provider.js';
export { signWebhook, verifyWebhook } from './webhook-signature.js';
