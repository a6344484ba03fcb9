import { useId, useState, type FormEvent } from 'react';
import { CodeTextSchema, PLAN_PRICES, billingCalls, planFamilyOf, type CallData } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { isSignedIn, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { formatDate } from './format';
import { useRefreshAccount } from './queries';

type Redeemed = CallData<typeof billingCalls.redeemCode>;

/** What a redeemed code gave, in words. */
export function redeemedText(r: Redeemed): string {
  const credits = `${r.credits_added.toLocaleString('en-US')} credits added`;
  const balance = `Your balance is ${r.credit.toLocaleString('en-US')} credits.`;
  if (r.kind === 'credits' || r.vip_type === 'normal') return `${credits}. ${balance}`;
  const title = PLAN_PRICES[planFamilyOf(r.vip_type)].title;
  if (r.kind === 'lifetime') return `Lifetime ${title} is yours: ${credits} now, and more every month. ${balance}`;
  const until = r.vip_expire_time !== null ? ` until ${formatDate(r.vip_expire_time)}` : '';
  return `You now have ${title}${until}: ${credits}. ${balance}`;
}

/**
 * POST /api/redeemCode/use: a one-time code for credits, a plan for a period or the lifetime deal.
 * Guests sign in first (the code belongs to an account).
 */
export function RedeemForm({ label = 'Redeem a code', submitLabel = 'Redeem' }: { label?: string; submitLabel?: string }) {
  const id = useId();
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore(isSignedIn) && user?.type === 'user';
  const refresh = useRefreshAccount();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!signedIn) {
      useUiStore.getState().open('loginModal');
      return;
    }
    const parsed = CodeTextSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter your code.');
      return;
    }
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const res = await apiCall(billingCalls.redeemCode, { code: parsed.data }, { silent: true });
      setDone(redeemedText(res));
      setCode('');
      await refresh();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The code could not be redeemed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          className="field-input flex-1 font-mono"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder="Your code"
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="btn-primary h-10 px-5" disabled={busy} aria-busy={busy}>
          {!signedIn ? 'Sign in to redeem' : busy ? 'Redeeming…' : submitLabel}
        </button>
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800" data-testid="redeem-success">
          {done}
        </p>
      )}
    </form>
  );
}
