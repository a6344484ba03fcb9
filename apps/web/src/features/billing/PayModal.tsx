import { useState } from 'react';
import { AppLink } from '../../components/AppLink';
import { Dialog } from '../../components/Dialog';
import { useUiStore } from '../../stores/ui.store';
import { PeriodToggle } from './PeriodToggle';
import { PlanCards } from './PlanCards';
import type { Period } from './plans';

/**
 * The pay modal (SPEC §6, §8: opened when credits or the plan run out). Checkout is not wired yet,
 * so it says so and leads to the plans page instead of pretending to take a payment.
 */
export default function PayModal() {
  const [period, setPeriod] = useState<Period>('year');
  const close = () => useUiStore.getState().close('payModal');
  return (
    <Dialog open onClose={close} title="Upgrade your plan" size="lg">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">More credits, downloads and the editor. Choose how you want to be billed.</p>
        <PeriodToggle value={period} onChange={setPeriod} />
      </div>
      <div className="mt-6">
        <PlanCards period={period} compact />
      </div>
      <div className="mt-6 flex flex-col gap-3 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600" data-testid="payments-note">
          Online checkout is coming soon. Compare the plans in full on the pricing page.
        </p>
        <AppLink to="/pricing" className="btn-primary h-10 shrink-0 px-5" onClick={close}>
          See pricing
        </AppLink>
      </div>
    </Dialog>
  );
}
