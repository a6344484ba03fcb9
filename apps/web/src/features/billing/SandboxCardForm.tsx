import { useId, useState, type FormEvent } from 'react';
import { sandboxPaymentMethod, validExpiry } from './pay-flow';

export interface TestCard {
  number: string;
  label: string;
  payment_method: string;
}

interface SandboxCardFormProps {
  testCards: readonly TestCard[];
  submitLabel: string;
  busy: boolean;
  /** The payment method the typed test card stands for. */
  onPay(paymentMethodId: string): Promise<void>;
}

type FieldErrors = Partial<Record<'number' | 'expiry' | 'cvc' | 'name', string>>;

/**
 * The sandbox's card form: looks like a card form, takes no money. Each test number stands for one
 * of Stripe's test payment methods, so the server runs the same path as with Stripe.
 */
export function SandboxCardForm({ testCards, submitLabel, busy, onPay }: SandboxCardFormProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const next: FieldErrors = {};
    const pm = sandboxPaymentMethod(number, testCards);
    if (!pm) next.number = 'Use one of the test cards above.';
    if (!validExpiry(expiry)) next.expiry = 'Enter the expiry as MM/YY, not in the past.';
    if (!/^\d{3,4}$/.test(cvc.trim())) next.cvc = 'Enter the 3 or 4 digit CVC.';
    if (!name.trim()) next.name = 'Enter the name on the card.';
    setErrors(next);
    if (pm && Object.keys(next).length === 0) void onPay(pm);
  }

  const field = (key: keyof FieldErrors) => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });
  const error = (key: keyof FieldErrors) =>
    errors[key] && (
      <span id={`${id}-${key}-error`} className="field-error">
        {errors[key]}
      </span>
    );

  return (
    <form onSubmit={submit} className="grid gap-3" aria-label="Card details" noValidate>
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="test-mode">
        <p className="font-semibold">Test mode — no real money is taken</p>
        <p className="mt-1">Use one of these test cards, any future expiry, any CVC:</p>
        <ul className="mt-2 grid gap-1">
          {testCards.map((c) => (
            <li key={c.number} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="font-mono">{c.number}</span> — {c.label}
              </span>
              <button type="button" className="text-xs font-medium text-amber-900 underline" onClick={() => setNumber(c.number)}>
                Use<span className="sr-only"> {c.number}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <label className="grid gap-1" htmlFor={`${id}-number`}>
        <span className="field-label">Card number</span>
        <input
          {...field('number')}
          className="field-input font-mono"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        {error('number')}
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className="grid gap-1" htmlFor={`${id}-expiry`}>
          <span className="field-label">Expiry (MM/YY)</span>
          <input
            {...field('expiry')}
            className="field-input"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/34"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
          {error('expiry')}
        </label>
        <label className="grid gap-1" htmlFor={`${id}-cvc`}>
          <span className="field-label">CVC</span>
          <input
            {...field('cvc')}
            className="field-input"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={(e) => setCvc(e.target.value)}
          />
          {error('cvc')}
        </label>
      </div>
      <label className="grid gap-1" htmlFor={`${id}-name`}>
        <span className="field-label">Name on card</span>
        <input {...field('name')} className="field-input" autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} />
        {error('name')}
      </label>
      <button type="submit" className="btn-primary h-11 w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Processing…' : submitLabel}
      </button>
    </form>
  );
}
