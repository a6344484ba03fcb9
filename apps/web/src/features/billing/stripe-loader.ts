import type { Stripe } from '@stripe/stripe-js';
import type { Authenticate } from './pay-flow';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js, fetched from Stripe only when the provider is Stripe (never in the sandbox, which must
 * work offline) and once per publishable key.
 */
export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  let p = loaded.get(publishableKey);
  if (!p) {
    p = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    loaded.set(publishableKey, p);
  }
  return p;
}

/** Stripe's 3-D Secure for a payment that asks for it (also used by upgrades, which charge the card on file). */
export function stripeAuthenticate(publishableKey: string): Authenticate {
  return async (clientSecret) => {
    const stripe = await loadStripeOnce(publishableKey);
    if (!stripe) return { ok: false, message: 'The card form could not be loaded. Check your connection and try again.' };
    const { error } = await stripe.confirmCardPayment(clientSecret);
    return error ? { ok: false, message: error.message ?? 'Your bank did not confirm the payment.' } : { ok: true };
  };
}
