import { tierLabel, type TierLabel } from '@packsmith/contracts';
import { useSessionStore } from '../stores/session.store';

export const TIER_NAMES: Record<TierLabel, string> = { business: 'Business', pro: 'Pro', normal: 'Free' };

const tierStyle: Record<TierLabel, string> = {
  business: 'bg-slate-900 text-white',
  pro: 'bg-violet-600 text-white',
  normal: 'bg-violet-50 text-violet-700 ring-1 ring-inset ring-violet-200',
};

/** Plan badge (Free / Pro / Business) and, when known, the credit balance. */
export function PlanBadge({ showCredits = true }: { showCredits?: boolean }) {
  const user = useSessionStore((s) => s.user);
  const tier: TierLabel = user ? tierLabel(user) : 'normal';
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <span data-testid="plan-badge" className={`rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide ${tierStyle[tier]}`}>
        {TIER_NAMES[tier]}
      </span>
      {showCredits && user && (
        <span data-testid="credit-count" className="whitespace-nowrap text-slate-500">
          {user.credit.toLocaleString('en-US')} credits
        </span>
      )}
    </span>
  );
}
