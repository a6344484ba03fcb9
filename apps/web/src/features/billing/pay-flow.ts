import { Code, billingCalls, type CallDef, type CallData, type CallInput, type PaidVipType, type SubscribeResult } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { ApiError, handleEnvelopeError } from '../../api/error-catalogue';

/** A payment that did not go through, with why in words for the pay modal to show. */
export class PayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayError';
  }
}

/**
 * The bank's confirmation step (3-D Secure): Stripe.js shows the real one, the sandbox its own
 * dialog. `message` says why it failed when the provider told us.
 */
export type Authenticate = (clientSecret: string) => Promise<{ ok: boolean; message?: string }>;

export type PayRequest =
  { mode: 'subscribe'; plan: PaidVipType; paymentMethodId: string; promotionCode?: string } | { mode: 'upgrade'; plan: PaidVipType; paymentMethodId?: string };

export const PAY_FAILED = 'The payment did not go through. Nothing was charged.';

const CATALOGUE_CODES = new Set<number>([Code.UNAUTHORIZED, Code.TOKEN_INVALID, Code.LIMIT_REACHED]);

/**
 * Pay calls show their failures in the modal rather than as a toast (a decline is the modal's
 * business); session failures (401, 402) and 450 still go through the SPEC §8 catalogue.
 */
async function payCall<C extends CallDef>(call: C, input: CallInput<C>): Promise<CallData<C>> {
  try {
    return await apiCall(call, input, { silent: true });
  } catch (err) {
    if (err instanceof ApiError) {
      const { failure } = err;
      if (failure.kind === 'code' && CATALOGUE_CODES.has(failure.code)) {
        handleEnvelopeError(failure, call.path);
      }
      throw new PayError(err.message || PAY_FAILED);
    }
    throw err;
  }
}

/**
 * Subscribe or upgrade, then — when the card asks for it — the bank's confirmation and
 * POST /api/pay/confirm. Resolves with an active subscription or rejects with a PayError in words.
 */
export async function runPayment(req: PayRequest, authenticate: Authenticate): Promise<SubscribeResult> {
  let result =
    req.mode === 'subscribe'
      ? await payCall(billingCalls.subscribe, {
          type: req.plan,
          paymentMethodId: req.paymentMethodId,
          ...(req.promotionCode ? { promotionCode: req.promotionCode } : {}),
        })
      : await payCall(billingCalls.upgrade, { targetVipType: req.plan, ...(req.paymentMethodId ? { paymentMethodId: req.paymentMethodId } : {}) });
  let authMessage: string | undefined;
  if (result.status === 'requires_action') {
    if (!result.client_secret) throw new PayError(PAY_FAILED);
    const auth = await authenticate(result.client_secret);
    authMessage = auth.ok ? undefined : auth.message;
    // Whatever the bank said, the server is asked where the payment stands: it is the one that knows.
    result = await payCall(billingCalls.confirm, { subscription_id: result.subscription_id });
  }
  if (result.status === 'failed') throw new PayError(authMessage ?? result.message ?? PAY_FAILED);
  if (result.status === 'requires_action') throw new PayError(authMessage ?? 'Your bank did not confirm the payment. Nothing was charged; try again.');
  return result;
}

/** The sandbox's stand-in for the bank page: approve or fail, then the server settles the payment. */
export async function sandboxAuthenticate(clientSecret: string, approve: boolean): Promise<{ ok: boolean; message?: string }> {
  const res = await payCall(billingCalls.sandboxAuthenticate, { client_secret: clientSecret, approve });
  return res.status === 'succeeded' ? { ok: true } : { ok: false, message: 'Authentication failed. Nothing was charged; try again or use another card.' };
}

/** Digits only, so "4242 4242 4242 4242" and "4242424242424242" are the same card. */
export function cardDigits(number: string): string {
  return number.replace(/\D/g, '');
}

/** The payment method a sandbox test card stands for, or null for any other number. */
export function sandboxPaymentMethod(number: string, cards: readonly { number: string; payment_method: string }[]): string | null {
  const digits = cardDigits(number);
  if (!digits) return null;
  return cards.find((c) => cardDigits(c.number) === digits)?.payment_method ?? null;
}

/** "MM/YY" not in the past. */
export function validExpiry(value: string, now: Date = new Date()): boolean {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}
