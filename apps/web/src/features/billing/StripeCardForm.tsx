import { useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Authenticate } from './pay-flow';
import { loadStripeOnce, stripeAuthenticate } from './stripe-loader';

export interface StripeCardFormProps {
  publishableKey: string;
  /** The SetupIntent the card is saved with (GET /api/pay/setup). */
  setupIntentClientSecret: string;
  submitLabel: string;
  busy: boolean;
  onPay(paymentMethodId: string, authenticate: Authenticate): Promise<void>;
}

/** Card entry by Stripe Elements: the card never touches our server, only its payment method id does. */
export default function StripeCardForm(props: StripeCardFormProps) {
  return (
    <Elements stripe={loadStripeOnce(props.publishableKey)}>
      <StripeCardInner {...props} />
    </Elements>
  );
}

function StripeCardInner({ publishableKey, setupIntentClientSecret, submitLabel, busy, onPay }: StripeCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || saving || !stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setError(null);
    setSaving(true);
    try {
      const { setupIntent, error: setupError } = await stripe.confirmCardSetup(setupIntentClientSecret, {
        payment_method: { card, billing_details: name.trim() ? { name: name.trim() } : {} },
      });
      if (setupError || !setupIntent?.payment_method) {
        setError(setupError?.message ?? 'The card could not be saved. Check it and try again.');
        return;
      }
      const pm = typeof setupIntent.payment_method === 'string' ? setupIntent.payment_method : setupIntent.payment_method.id;
      await onPay(pm, stripeAuthenticate(publishableKey));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3" aria-label="Card details">
      <label className="grid gap-1">
        <span className="field-label">Name on card</span>
        <input className="field-input" autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <div className="grid gap-1">
        <span className="field-label">Card</span>
        <div className="field-input flex items-center">
          <CardElement className="w-full" options={{ hidePostalCode: true }} />
        </div>
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary h-11 w-full" disabled={!stripe || busy || saving} aria-busy={busy || saving}>
        {busy || saving ? 'Processing…' : submitLabel}
      </button>
    </form>
  );
}
