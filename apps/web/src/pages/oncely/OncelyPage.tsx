import { PLAN_FEATURES, PLAN_PRICES, type PlanFamily } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { RedeemForm } from '../../features/billing/RedeemForm';
import { PageFrame } from '../../layout/PageFrame';

const STEPS = [
  { title: 'Buy a code on Oncely', text: 'The deal is sold on Oncely. After the purchase, Oncely shows your Packsmith code and sends it by email.' },
  { title: 'Sign in here', text: 'Create a Packsmith account, or sign in to the one you have. The plan is attached to that account.' },
  { title: 'Redeem it once', text: 'Enter the code below. Your lifetime plan starts at once, with its first credits.' },
] as const;

const FAQ = [
  {
    q: 'What does "lifetime" mean?',
    a: 'No renewals and no further payments: the plan stays on your account for as long as Packsmith runs, and its credits arrive every month.',
  },
  {
    q: 'How many credits do I get?',
    a: 'The monthly credits of the plan your code is for (the table above), added on the day you redeem and then every month. Unused credits stay on your balance.',
  },
  { q: 'Can I use a code twice, or on two accounts?', a: 'No. Each code works once, on one account. A used code is refused with a message saying so.' },
  {
    q: 'I already pay for a plan. What happens?',
    a: 'Cancel your subscription from the billing page first, so you are not charged again; the lifetime plan then carries on with its monthly credits.',
  },
  { q: 'Where do I see my plan and credits?', a: 'On your billing page, under the account menu: the plan, the credits history and the next credit date.' },
] as const;

const FAMILIES = Object.keys(PLAN_PRICES) as PlanFamily[];

/** The lifetime deal (SPEC §2 promotional page): codes bought on Oncely, redeemed here once for a lifetime plan. */
function OncelyPage() {
  return (
    <PageFrame
      route="oncely"
      eyebrow="Lifetime deal"
      description="Pay once on Oncely, redeem your code here, and keep a Packsmith plan for life — with fresh credits every month."
    >
      <div className="grid gap-8 lg:grid-cols-[1.2fr_1fr]">
        <div className="grid content-start gap-8">
          <section aria-labelledby="how-heading">
            <h2 id="how-heading" className="text-xl font-semibold tracking-tight">
              How it works
            </h2>
            <ol className="mt-4 grid gap-3 sm:grid-cols-3">
              {STEPS.map((s, i) => (
                <li key={s.title} className="rounded-2xl border border-slate-200 bg-white p-4">
                  <span className="flex h-7 w-7 items-center justify-center rounded-full bg-violet-600 text-sm font-semibold text-white" aria-hidden="true">
                    {i + 1}
                  </span>
                  <h3 className="mt-3 font-semibold text-slate-900">{s.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{s.text}</p>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="includes-heading">
            <h2 id="includes-heading" className="text-xl font-semibold tracking-tight">
              What the plan includes
            </h2>
            <p className="mt-2 text-sm text-slate-600">Your code names the plan. Every lifetime plan has what the paid plan has:</p>
            <ul className="mt-3 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
              {PLAN_FEATURES.pro.slice(1).map((f) => (
                <li key={f} className="flex gap-2">
                  <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-violet-500" aria-hidden="true" />
                  {f}
                </li>
              ))}
            </ul>
            <div className="mt-4 overflow-x-auto rounded-2xl border border-slate-200">
              <table className="w-full text-left text-sm">
                <thead className="bg-slate-50 text-slate-500">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Plan
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Credits every month
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Designs per prompt
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {FAMILIES.map((f) => (
                    <tr key={f}>
                      <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                        {PLAN_PRICES[f].title}
                      </th>
                      <td className="px-4 py-2">{PLAN_PRICES[f].credits.toLocaleString('en-US')}</td>
                      <td className="px-4 py-2">{PLAN_PRICES[f].designsPerPrompt}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-2 text-xs text-slate-500">
              A Business code also brings {PLAN_FEATURES.business.slice(1).join(', ').toLowerCase()}. Compare with the{' '}
              <AppLink to="/pricing" className="text-violet-700 hover:underline">
                monthly and yearly plans
              </AppLink>
              .
            </p>
          </section>
        </div>
        <div className="grid content-start gap-8">
          <section aria-labelledby="redeem-heading" className="rounded-2xl border border-violet-200 bg-violet-50/50 p-5 sm:p-6">
            <h2 id="redeem-heading" className="text-xl font-semibold tracking-tight">
              Redeem your code
            </h2>
            <p className="mb-4 mt-1 text-sm text-slate-600">One code, one account, once.</p>
            <RedeemForm label="Your Oncely code" submitLabel="Redeem code" />
          </section>
          <section aria-labelledby="faq-heading">
            <h2 id="faq-heading" className="text-xl font-semibold tracking-tight">
              Questions
            </h2>
            <div className="mt-3 grid gap-2">
              {FAQ.map((f) => (
                <details key={f.q} className="rounded-xl border border-slate-200 bg-white p-4">
                  <summary className="cursor-pointer font-medium text-slate-900">{f.q}</summary>
                  <p className="mt-2 text-sm text-slate-600">{f.a}</p>
                </details>
              ))}
            </div>
          </section>
        </div>
      </div>
    </PageFrame>
  );
}

export { OncelyPage as Component };
