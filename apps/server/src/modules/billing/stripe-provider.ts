import type { Logger } from 'pino';
import type { PaymentsConfig } from '../../config.js';
import type { PaymentProvider } from './payment-provider.js';

export type StripeConfig = Extract<PaymentsConfig, { provider: 'stripe' }>;

/** Stripe through the official SDK (INTEGRATION PLACEHOLDER: replaced by the Stripe provider branch before merge). */
export function createStripeProvider(config: StripeConfig, deps: { log: Logger }): PaymentProvider {
  void config;
  void deps;
  throw new Error('The Stripe provider is not part of this build yet.');
}
