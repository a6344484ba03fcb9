import { useEffect, useId, useState } from 'react';
import { CodeTextSchema, billingCalls, type PaidVipType } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { discounted, planPrice } from './pricing-actions';
import { usd } from './plans';

/** Typing pauses this long before a code is checked, so each keystroke is not a call. */
export const PROMO_DEBOUNCE_MS = 400;

export type PromoState =
  | { status: 'empty' }
  | { status: 'checking'; code: string }
  | { status: 'valid'; code: string; percentOff: number }
  | { status: 'invalid'; code: string; reason: string };

/**
 * Live check of a promotion code against a plan (POST /api/pay/validPromotionCode, SPEC §5: valid
 * only when active, then its percent off). Codes that cannot be valid are refused without a call.
 */
export function usePromotionCheck(plan: PaidVipType, code: string): PromoState {
  const trimmed = code.trim();
  const [state, setState] = useState<PromoState>({ status: 'empty' });
  useEffect(() => {
    if (!trimmed) {
      setState({ status: 'empty' });
      return;
    }
    const local = CodeTextSchema.safeParse(trimmed);
    if (!local.success) {
      setState({ status: 'invalid', code: trimmed, reason: local.error.issues[0]?.message ?? 'This code is not valid.' });
      return;
    }
    setState({ status: 'checking', code: trimmed });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiCall(billingCalls.validPromotionCode, { promotionCode: trimmed, vip_type: plan }, { signal: controller.signal, silent: true })
        .then((res) => {
          if (controller.signal.aborted) return;
          if (res.valid && res.percent_off !== null) setState({ status: 'valid', code: trimmed, percentOff: res.percent_off });
          else setState({ status: 'invalid', code: trimmed, reason: res.reason ?? 'This code is not valid.' });
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: 'invalid', code: trimmed, reason: err instanceof Error && err.message ? err.message : 'The code could not be checked.' });
        });
    }, PROMO_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [plan, trimmed]);
  return state;
}

export function PromotionField({ plan, value, onChange, state }: { plan: PaidVipType; value: string; onChange(v: string): void; state: PromoState }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="field-label">
        Promotion code (optional)
      </label>
      <input
        id={id}
        className="field-input uppercase"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-status`}
        aria-invalid={state.status === 'invalid' ? true : undefined}
      />
      <p id={`${id}-status`} role="status" aria-live="polite" className="min-h-5 text-sm" data-testid="promo-status">
        {state.status === 'checking' && <span className="text-slate-500">Checking the code…</span>}
        {state.status === 'valid' && (
          <span className="text-emerald-700">
            {state.percentOff}% off — you pay {usd(discounted(planPrice(plan), state.percentOff))} instead of {usd(planPrice(plan))}.
          </span>
        )}
        {state.status === 'invalid' && <span className="text-red-700">{state.reason}</span>}
      </p>
    </div>
  );
}
