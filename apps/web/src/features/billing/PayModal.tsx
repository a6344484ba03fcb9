import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { PLAN_PRICES, isPaid, planFamilyOf, upgradeTargets, type PaidVipType, type PlanFamily, type SubscribeResult, type User } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { Dialog } from '../../components/Dialog';
import { isSignedIn, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { formatDate } from './format';
import { PeriodToggle } from './PeriodToggle';
import { PromotionField, usePromotionCheck } from './PromotionField';
import { SandboxCardForm } from './SandboxCardForm';
import { closePayModal, usePayIntent } from './pay-intent';
import { PayError, PAY_FAILED, runPayment, sandboxAuthenticate, type Authenticate, type PayRequest } from './pay-flow';
import { discounted, planName, planOf, planPrice, purchaseBlockedReason } from './pricing-actions';
import { usd, type Period } from './plans';
import { usePaySetup, useRefreshAccount, useUpgradeOptions } from './queries';
import { stripeAuthenticate } from './stripe-loader';

// Stripe Elements are a chunk of their own, fetched only when the provider is Stripe.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

type Setup = NonNullable<ReturnType<typeof usePaySetup>['data']>;

/** What the success screen says: the plan joined and the credits it brought. */
interface Done {
  plan: PaidVipType;
  creditsAdded: number;
  result: SubscribeResult;
}

/**
 * The pay modal (SPEC §2, §6, §8): plan summary, promotion code, card entry by Stripe Elements or the
 * sandbox form, 3-D Secure, and a success state that refreshes the user and credits everywhere. It
 * opens on a plan chosen on the pricing page, or plain (after a 450 or a refused download) to let the
 * visitor pick one.
 */
export default function PayModal() {
  const intent = usePayIntent();
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore(isSignedIn) && user?.type === 'user';
  const setup = usePaySetup(signedIn);
  const [done, setDone] = useState<Done | null>(null);
  const upgrading =
    signedIn &&
    user !== null &&
    isPaid(user) &&
    upgradeTargets(user).length > 0 &&
    (intent.mode === 'upgrade' || !intent.plan || intent.plan.startsWith('business'));
  const title = done ? 'Payment complete' : upgrading ? 'Upgrade to Business' : 'Upgrade your plan';

  let body;
  if (done) body = <Success done={done} />;
  else if (!signedIn || !user) body = <SignInFirst />;
  else if (setup.isPending) body = <Loading text="Preparing secure checkout…" />;
  else if (setup.isError) body = <Retry text="Checkout could not be loaded." onRetry={() => void setup.refetch()} />;
  else if (setup.data.provider === 'off')
    body = <Notice>Plans cannot be bought on this site right now: online payments are switched off. Your plan and credits are unchanged.</Notice>;
  else if (upgrading) body = <UpgradeCheckout user={user} setup={setup.data} initial={intent.plan} onDone={setDone} />;
  else if (isPaid(user)) body = <AlreadyPaid user={user} />;
  else {
    const blocked = purchaseBlockedReason(user);
    body = blocked ? <Notice>{blocked}</Notice> : <SubscribeCheckout setup={setup.data} initial={intent.plan} onDone={setDone} />;
  }

  return (
    <Dialog open onClose={closePayModal} title={title} size="lg">
      {body}
    </Dialog>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-3 py-8 text-sm text-slate-600">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-violet-200 border-t-violet-600" aria-hidden="true" />
      {text}
    </p>
  );
}

function Retry({ text, onRetry }: { text: string; onRetry(): void }) {
  return (
    <div className="py-6">
      <p role="alert" className="text-sm text-red-700">
        {text}
      </p>
      <button type="button" className="btn-secondary mt-3 h-10 px-4" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="py-4">
      <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700" data-testid="pay-notice">
        {children}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <AppLink to="/pricing" className="btn-secondary h-10 px-4" onClick={closePayModal}>
          See plans
        </AppLink>
        <AppLink to="/billing" className="btn-secondary h-10 px-4" onClick={closePayModal}>
          Billing and credits
        </AppLink>
      </div>
    </div>
  );
}

function SignInFirst() {
  return (
    <div className="py-4">
      <p className="text-sm text-slate-700">Sign in or create an account to choose a plan. Your designs stay with you.</p>
      <button
        type="button"
        className="btn-primary mt-4 h-10 px-5"
        onClick={() => {
          closePayModal();
          useUiStore.getState().open('loginModal');
        }}
      >
        Sign in
      </button>
    </div>
  );
}

function AlreadyPaid({ user }: { user: User }) {
  const family = planFamilyOf(user.vip_type as PaidVipType);
  return (
    <Notice>
      You are on {PLAN_PRICES[family].title}
      {family === 'business' ? ', the top plan' : ''}. Change or cancel it from your billing page.
    </Notice>
  );
}

function Success({ done }: { done: Done }) {
  const title = PLAN_PRICES[planFamilyOf(done.plan)].title;
  return (
    <div className="py-4 text-center" data-testid="pay-success">
      <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700" aria-hidden="true">
        <svg viewBox="0 0 20 20" className="h-6 w-6">
          <path d="M5 10.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <p role="status" className="mt-4 text-xl font-semibold text-slate-900">
        Welcome to {title} — {done.creditsAdded.toLocaleString('en-US')} credits added
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Your balance is {done.result.credit.toLocaleString('en-US')} credits.
        {done.result.vip_expire_time !== null && ` Your plan renews on ${formatDate(done.result.vip_expire_time)}.`}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" className="btn-primary h-10 px-5" onClick={closePayModal} data-autofocus>
          Start designing
        </button>
        <AppLink to="/billing" className="btn-secondary h-10 px-5" onClick={closePayModal}>
          Billing and credits
        </AppLink>
      </div>
    </div>
  );
}

/**
 * Runs a payment with the modal's busy flag (no double submit), its error in words and, in the
 * sandbox, its own 3-D Secure screen.
 */
function usePayment(onDone: (d: Done) => void) {
  const refresh = useRefreshAccount();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ resolve(approve: boolean): void } | null>(null);
  const running = useRef(false);

  const sandboxAuth: Authenticate = (clientSecret) =>
    new Promise<boolean>((resolve) => setChallenge({ resolve })).then((approve) => {
      setChallenge(null);
      return sandboxAuthenticate(clientSecret, approve);
    });

  async function pay(req: PayRequest, authenticate: Authenticate, creditsAdded: number): Promise<void> {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      const result = await runPayment(req, authenticate);
      await refresh();
      onDone({ plan: req.plan, creditsAdded, result });
    } catch (err) {
      setError(err instanceof PayError ? err.message : PAY_FAILED);
    } finally {
      running.current = false;
      setBusy(false);
      setChallenge(null);
    }
  }
  return { busy, error, challenge, sandboxAuth, pay };
}

/** The sandbox's stand-in for the bank's 3-D Secure page. */
function SandboxChallenge({ onAnswer }: { onAnswer(approve: boolean): void }) {
  return (
    <section aria-labelledby="three-ds-title" className="rounded-xl border border-violet-200 bg-violet-50 p-4" data-testid="three-ds">
      <h3 id="three-ds-title" className="font-semibold text-slate-900">
        Confirm this payment
      </h3>
      <p className="mt-1 text-sm text-slate-600">Your bank asks you to confirm the payment (3-D Secure). Test mode: choose what the bank answers.</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <button type="button" className="btn-primary h-10 px-4" onClick={() => onAnswer(true)} data-autofocus>
          Complete authentication
        </button>
        <button type="button" className="btn-secondary h-10 px-4" onClick={() => onAnswer(false)}>
          Fail authentication
        </button>
      </div>
    </section>
  );
}

function PayErrorText({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-testid="pay-error">
      {error}
    </p>
  );
}

function PlanPicker({ period, onPeriod, onPick }: { period: Period; onPeriod(p: Period): void; onPick(plan: PaidVipType): void }) {
  const families = Object.keys(PLAN_PRICES) as PlanFamily[];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">More credits, downloads and the editor. Pick a plan:</p>
        <PeriodToggle value={period} onChange={onPeriod} />
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {families.map((f) => {
          const p = PLAN_PRICES[f];
          const plan = planOf(f, period);
          return (
            <li key={f}>
              <button
                type="button"
                onClick={() => onPick(plan)}
                className="w-full rounded-xl border border-slate-200 p-4 text-left hover:border-violet-400 hover:bg-violet-50/40"
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold text-slate-900">{p.title}</span>
                  <span className="text-sm text-slate-700">{period === 'month' ? `${usd(p.monthUsd)} / month` : `${usd(p.yearUsd)} / year`}</span>
                </span>
                <span className="mt-1 block text-sm text-slate-500">
                  {p.credits.toLocaleString('en-US')} credits every month
                  {period === 'year' ? ` · save ${p.discountPercent}%` : ''}
                </span>
                <span className="sr-only">Choose {p.title}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Summary({ plan, percentOff, dueNow }: { plan: PaidVipType; percentOff?: number; dueNow?: number }) {
  const p = PLAN_PRICES[planFamilyOf(plan)];
  const price = planPrice(plan);
  const period = plan.endsWith('_year') ? 'year' : 'month';
  const now = dueNow ?? (percentOff ? discounted(price, percentOff) : price);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm" data-testid="pay-summary">
      <dt className="text-slate-500">Plan</dt>
      <dd className="text-right font-medium text-slate-900">{planName(plan)}</dd>
      <dt className="text-slate-500">Price</dt>
      <dd className="text-right text-slate-900">
        {usd(price)} / {period}
        {period === 'year' && <span className="block text-xs text-emerald-700">save {p.discountPercent}%</span>}
      </dd>
      <dt className="text-slate-500">Credits</dt>
      <dd className="text-right text-slate-900">{p.credits.toLocaleString('en-US')} every month</dd>
      <dt className="font-medium text-slate-700">Due today</dt>
      <dd className="text-right text-base font-semibold text-slate-900" data-testid="due-now">
        {usd(now)}
        {percentOff ? <span className="ml-2 text-xs font-normal text-slate-400 line-through">{usd(price)}</span> : null}
      </dd>
    </dl>
  );
}

function CardEntry({
  setup,
  submitLabel,
  busy,
  onPay,
}: {
  setup: Setup;
  submitLabel: string;
  busy: boolean;
  onPay(paymentMethodId: string, authenticate: Authenticate | null): Promise<void>;
}) {
  if (setup.provider === 'stripe') {
    if (!setup.publishable_key || !setup.setup_intent_client_secret) return <p className="text-sm text-red-700">Card payments are not set up on this site.</p>;
    return (
      <Suspense fallback={<Loading text="Loading the card form…" />}>
        <StripeCardForm
          publishableKey={setup.publishable_key}
          setupIntentClientSecret={setup.setup_intent_client_secret}
          submitLabel={submitLabel}
          busy={busy}
          onPay={(pm, auth) => onPay(pm, auth)}
        />
      </Suspense>
    );
  }
  return <SandboxCardForm testCards={setup.test_cards} submitLabel={submitLabel} busy={busy} onPay={(pm) => onPay(pm, null)} />;
}

function SubscribeCheckout({ setup, initial, onDone }: { setup: Setup; initial: PaidVipType | null; onDone(d: Done): void }) {
  const [plan, setPlan] = useState<PaidVipType | null>(initial);
  const [period, setPeriod] = useState<Period>(initial?.endsWith('_month') ? 'month' : 'year');
  const [code, setCode] = useState('');
  const promo = usePromotionCheck(plan ?? 'pro_month', code);
  const { busy, error, challenge, sandboxAuth, pay } = usePayment(onDone);

  if (!plan) return <PlanPicker period={period} onPeriod={setPeriod} onPick={setPlan} />;
  const credits = PLAN_PRICES[planFamilyOf(plan)].credits;
  const percentOff = promo.status === 'valid' ? promo.percentOff : undefined;
  const due = percentOff ? discounted(planPrice(plan), percentOff) : planPrice(plan);

  return (
    <div className="grid gap-4">
      <Summary plan={plan} percentOff={percentOff} />
      {!busy && (
        <button type="button" className="justify-self-start text-sm font-medium text-violet-700 hover:underline" onClick={() => setPlan(null)}>
          Change plan
        </button>
      )}
      <PromotionField plan={plan} value={code} onChange={setCode} state={promo} />
      <PayErrorText error={error} />
      {challenge ? (
        <SandboxChallenge onAnswer={challenge.resolve} />
      ) : (
        <CardEntry
          setup={setup}
          busy={busy || promo.status === 'checking'}
          submitLabel={`Pay ${usd(due)} and start ${PLAN_PRICES[planFamilyOf(plan)].title}`}
          onPay={(pm, auth) =>
            pay(
              { mode: 'subscribe', plan, paymentMethodId: pm, ...(promo.status === 'valid' ? { promotionCode: promo.code } : {}) },
              auth ?? sandboxAuth,
              credits,
            )
          }
        />
      )}
      <p className="text-xs text-slate-500">
        Renews every {plan.endsWith('_year') ? 'year' : 'month'} until you cancel. Cancel any time from your billing page.
      </p>
    </div>
  );
}

function UpgradeCheckout({ user, setup, initial, onDone }: { user: User; setup: Setup; initial: PaidVipType | null; onDone(d: Done): void }) {
  const options = useUpgradeOptions(user.vip_type);
  const [chosen, setChosen] = useState<PaidVipType | null>(initial?.startsWith('business') ? initial : null);
  const { busy, error, challenge, sandboxAuth, pay } = usePayment(onDone);

  if (options.isPending) return <Loading text="Working out the prorated price…" />;
  if (options.isError) return <Retry text="The upgrade price could not be loaded." onRetry={() => void options.refetch()} />;
  const list = options.data.options;
  if (list.length === 0) return <Notice>Your plan has no upgrade: Business is the top plan.</Notice>;
  const selected = list.find((o) => o.vip_type === chosen) ?? list[0];
  if (!selected) return null;
  const authenticate = setup.provider === 'stripe' && setup.publishable_key ? stripeAuthenticate(setup.publishable_key) : sandboxAuth;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">
        From {planName(user.vip_type as PaidVipType)} to Business: the unused part of your current period is credited, and the difference in credits is added at
        once.
      </p>
      <fieldset className="grid gap-2">
        <legend className="field-label mb-1">Billing</legend>
        {list.map((o) => (
          <label
            key={o.vip_type}
            className="flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-violet-500"
          >
            <span className="flex items-center gap-3">
              <input type="radio" name="upgrade-plan" checked={o.vip_type === selected.vip_type} onChange={() => setChosen(o.vip_type)} />
              <span>
                <span className="font-medium text-slate-900">{planName(o.vip_type)}</span>
                <span className="block text-xs text-slate-500">
                  {usd(o.price_usd)} / {o.period} afterwards · {o.credits_now.toLocaleString('en-US')} credits added now
                </span>
              </span>
            </span>
            <span className="text-sm font-semibold text-slate-900">{usd(o.prorated_usd)} today</span>
          </label>
        ))}
      </fieldset>
      <Summary plan={selected.vip_type} dueNow={selected.prorated_usd} />
      <PayErrorText error={error} />
      {challenge ? (
        <SandboxChallenge onAnswer={challenge.resolve} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void pay({ mode: 'upgrade', plan: selected.vip_type }, authenticate, selected.credits_now);
          }}
        >
          <p className="mb-3 text-xs text-slate-500">
            Charged to the card you pay your plan with{setup.test_mode ? ' (test mode — no real money is taken)' : ''}.
          </p>
          <button type="submit" className="btn-primary h-11 w-full" disabled={busy} aria-busy={busy}>
            {busy ? 'Processing…' : `Upgrade now — pay ${usd(selected.prorated_usd)}`}
          </button>
        </form>
      )}
    </div>
  );
}
