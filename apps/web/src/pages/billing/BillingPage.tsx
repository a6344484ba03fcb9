import { useState, type ReactNode } from 'react';
import { PLAN_PRICES, billingCalls, planFamilyOf, type BillingOverview, type Invoice, type PaidVipType } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { AppLink } from '../../components/AppLink';
import { ApiKeysSection } from '../../features/billing/ApiKeysSection';
import { CancelDialog } from '../../features/billing/CancelDialog';
import { RedeemForm } from '../../features/billing/RedeemForm';
import { formatDate, money } from '../../features/billing/format';
import { downloadOwnPdf, isOwnPdf } from '../../features/billing/invoice-pdf';
import { openPayModal } from '../../features/billing/pay-intent';
import { planName } from '../../features/billing/pricing-actions';
import { HISTORY_PAGE_SIZE, INVOICE_PAGE_SIZE, useBillingOverview, useCreditHistory, useInvoices, useRefreshAccount } from '../../features/billing/queries';
import { PageFrame } from '../../layout/PageFrame';
import { TIER_NAMES } from '../../layout/PlanBadge';
import { isSignedIn, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';

function Card({ title, children, actions, testId }: { title: string; children: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold tracking-tight text-slate-900">{title}</h2>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Loading() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-violet-200 border-t-violet-600" aria-hidden="true" />
      Loading…
    </p>
  );
}

function Failed({ onRetry }: { onRetry(): void }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      This could not be loaded.{' '}
      <button type="button" className="font-medium underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

function Pager({ page, total, size, onPage, label }: { page: number; total: number; size: number; onPage(p: number): void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <button type="button" className="btn-secondary h-9 px-3" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Newer
      </button>
      <span className="text-slate-500">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn-secondary h-9 px-3" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Older
      </button>
    </nav>
  );
}

/** The line under the plan name: when it renews, ends, or that it was cancelled. */
function planStatus(o: BillingOverview): string {
  const sub = o.subscription;
  if (!sub) return 'No paid plan. You get 100 free credits to start.';
  if (sub.source === 'lifetime') return sub.next_credit_at ? `Lifetime plan. Next credits on ${formatDate(sub.next_credit_at)}.` : 'Lifetime plan.';
  const end = sub.current_period_end ?? o.vip_expire_time;
  if (sub.status === 'past_due') return 'The last payment failed. Update your card to keep your plan.';
  if (sub.cancel_at_period_end) return end ? `Cancels on ${formatDate(end)}` : 'Cancels at the end of the period';
  if (sub.source === 'admin' || sub.source === 'redeem') return end ? `Ends on ${formatDate(end)}` : 'Granted plan';
  return end ? `Renews on ${formatDate(end)}` : 'Active';
}

function PlanSection({ overview }: { overview: BillingOverview }) {
  const refresh = useRefreshAccount();
  const [cancelling, setCancelling] = useState(false);
  const [resuming, setResuming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sub = overview.subscription;
  const paid = sub !== null && overview.vip_type !== 'normal';
  const title = paid ? planName(overview.vip_type as PaidVipType) : 'Free';
  const selfServe = sub !== null && (sub.source === 'stripe' || sub.source === 'sandbox') && sub.status !== 'canceled';
  const canUpgrade = overview.upgrade_targets.length > 0;

  async function resume() {
    setResuming(true);
    setError(null);
    try {
      await apiCall(billingCalls.resumeSubscribe, {}, { silent: true });
      await refresh();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'The plan could not be resumed. Try again.');
    } finally {
      setResuming(false);
    }
  }

  return (
    <Card
      title="Your plan"
      testId="billing-plan"
      actions={overview.test_mode && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Test mode</span>}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-xl font-semibold text-slate-900" data-testid="billing-plan-name">
              {title}
            </span>
            <span className="rounded-full bg-violet-50 px-2.5 py-0.5 text-xs font-semibold text-violet-700 ring-1 ring-inset ring-violet-200">
              {TIER_NAMES[overview.tier]}
            </span>
          </p>
          <p className={`mt-1 text-sm ${sub?.cancel_at_period_end ? 'font-medium text-amber-800' : 'text-slate-600'}`} data-testid="billing-plan-status">
            {planStatus(overview)}
          </p>
          {paid && (
            <p className="mt-1 text-sm text-slate-500">
              {PLAN_PRICES[planFamilyOf(overview.vip_type as PaidVipType)].credits.toLocaleString('en-US')} credits every month
              {sub.next_credit_at && sub.source !== 'lifetime' ? ` · next on ${formatDate(sub.next_credit_at)}` : ''}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          {!paid && (
            <AppLink to="/pricing" className="btn-primary h-10 px-5">
              Choose a plan
            </AppLink>
          )}
          {canUpgrade && (
            <button
              type="button"
              className="btn-primary h-10 whitespace-nowrap px-5"
              onClick={() => openPayModal({ mode: 'upgrade', plan: overview.upgrade_targets[0] as PaidVipType })}
            >
              Upgrade to Business
            </button>
          )}
          {selfServe && sub.cancel_at_period_end && (
            <button type="button" className="btn-primary h-10 px-5" onClick={() => void resume()} disabled={resuming} aria-busy={resuming}>
              {resuming ? 'Resuming…' : 'Resume'}
            </button>
          )}
          {selfServe && !sub.cancel_at_period_end && (
            <button type="button" className="btn-secondary h-10 px-5" onClick={() => setCancelling(true)}>
              Cancel plan
            </button>
          )}
        </div>
      </div>
      {error && (
        <p role="alert" className="field-error mt-3">
          {error}
        </p>
      )}
      {!paid && !overview.may_purchase && <p className="mt-3 text-sm text-amber-800">Plans can be bought while your balance is 100 credits or less.</p>}
      {cancelling && sub && (
        <CancelDialog planTitle={title} periodEnd={sub.current_period_end ?? overview.vip_expire_time} onClose={() => setCancelling(false)} />
      )}
    </Card>
  );
}

function CreditsSection() {
  const [page, setPage] = useState(1);
  const history = useCreditHistory(page);
  const user = useSessionStore((s) => s.user);
  const balance = history.data?.credit ?? user?.credit ?? 0;
  return (
    <Card title="Credits" testId="billing-credits">
      <p className="text-sm text-slate-600">
        Balance{' '}
        <span className="ml-1 text-2xl font-semibold text-slate-900" data-testid="billing-credit-balance">
          {balance.toLocaleString('en-US')}
        </span>
      </p>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">History</h3>
      <div className="mt-2">
        {history.isPending ? (
          <Loading />
        ) : history.isError ? (
          <Failed onRetry={() => void history.refetch()} />
        ) : history.data.items.length === 0 ? (
          <p className="text-sm text-slate-500">No credit movements yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="credit-history">
            {history.data.items.map((e) => (
              <li key={e.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="block truncate text-slate-900">{e.label}</span>
                  <span className="block text-xs text-slate-500">{formatDate(e.created_at)}</span>
                </span>
                <span className="shrink-0 text-right">
                  <span className={`block font-semibold ${e.delta >= 0 ? 'text-emerald-700' : 'text-slate-700'}`}>
                    {e.delta >= 0 ? '+' : '−'}
                    {Math.abs(e.delta).toLocaleString('en-US')}
                  </span>
                  <span className="block text-xs text-slate-400">balance {e.balance_after.toLocaleString('en-US')}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {history.data && <Pager page={page} total={history.data.total} size={HISTORY_PAGE_SIZE} onPage={setPage} label="Credit history pages" />}
      </div>
    </Card>
  );
}

function InvoiceLink({ invoice }: { invoice: Invoice }) {
  const [busy, setBusy] = useState(false);
  if (!isOwnPdf(invoice.pdf_url)) {
    return (
      <a
        href={invoice.pdf_url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`PDF of invoice ${invoice.number}`}
        className="font-medium text-violet-700 hover:underline"
      >
        PDF
      </a>
    );
  }
  return (
    <button
      type="button"
      className="font-medium text-violet-700 hover:underline disabled:opacity-60"
      aria-label={`PDF of invoice ${invoice.number}`}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void downloadOwnPdf(invoice)
          .then((ok) => {
            if (!ok) useUiStore.getState().showMessage('The invoice could not be downloaded. Try again.');
          })
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Downloading…' : 'PDF'}
    </button>
  );
}

const INVOICE_STATUS: Record<Invoice['status'], string> = { paid: 'Paid', open: 'Due', failed: 'Failed', void: 'Void' };

function InvoicesSection() {
  const [page, setPage] = useState(1);
  const invoices = useInvoices(page);
  return (
    <Card title="Invoices" testId="billing-invoices">
      {invoices.isPending ? (
        <Loading />
      ) : invoices.isError ? (
        <Failed onRetry={() => void invoices.refetch()} />
      ) : invoices.data.items.length === 0 ? (
        <p className="text-sm text-slate-500">No invoices yet. They appear here after each payment.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="invoice-list">
          {invoices.data.items.map((inv) => (
            <li key={inv.id} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 py-2.5 text-sm sm:grid-cols-[1fr_auto_auto_auto]">
              <span className="min-w-0">
                <span className="block truncate text-slate-900">{planName(inv.vip_type)}</span>
                <span className="block text-xs text-slate-500">
                  {inv.number} · {formatDate(inv.created_at)}
                </span>
              </span>
              <span className="text-right font-medium text-slate-900">{money(inv.amount_cents, inv.currency)}</span>
              <span className={`text-xs ${inv.status === 'paid' ? 'text-emerald-700' : 'text-amber-800'}`}>{INVOICE_STATUS[inv.status]}</span>
              <span className="text-right">
                <InvoiceLink invoice={inv} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {invoices.data && <Pager page={page} total={invoices.data.total} size={INVOICE_PAGE_SIZE} onPage={setPage} label="Invoice pages" />}
    </Card>
  );
}

function BillingPage() {
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore(isSignedIn) && user?.type === 'user';
  const overview = useBillingOverview();

  if (!signedIn) {
    return (
      <PageFrame route="billing" description="Your plan, credits and invoices.">
        <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center">
          <p className="text-slate-700">Sign in to see your plan, credits and invoices.</p>
          <button type="button" className="btn-primary mt-4 h-10 px-5" onClick={() => useUiStore.getState().open('loginModal')}>
            Sign in
          </button>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame route="billing" description="Your plan, credits and invoices. Change or cancel your plan here.">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-6">
          {overview.isPending ? (
            <Card title="Your plan">
              <Loading />
            </Card>
          ) : overview.isError ? (
            <Card title="Your plan">
              <Failed onRetry={() => void overview.refetch()} />
            </Card>
          ) : (
            <PlanSection overview={overview.data} />
          )}
          <Card title="Redeem a code">
            <p className="mb-3 text-sm text-slate-600">Codes from a promotion, a gift or the lifetime deal add credits or a plan to your account.</p>
            <RedeemForm label="Code" />
          </Card>
          <ApiKeysSection />
        </div>
        <div className="grid content-start gap-6">
          <CreditsSection />
          <InvoicesSection />
        </div>
      </div>
    </PageFrame>
  );
}

export { BillingPage as Component };
