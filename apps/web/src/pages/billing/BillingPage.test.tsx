import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingOverview } from '@packsmith/contracts';
import { mockFetch, ok, urlOf, type Exchange } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { useUiStore } from '../../stores/ui.store';
import { user } from '../../features/chat/chat-test-kit';
import { usePayIntent } from '../../features/billing/pay-intent';
import { FUTURE, overview, proMember, renderScreen, signIn } from '../../features/billing/billing-test-kit';
import { Component as BillingPage } from './BillingPage';

type Routes = Parameters<typeof mockFetch>[0];

const history = {
  total: 2,
  credit: 1090,
  items: [
    { id: 2, delta: -10, balance_after: 1090, reason: 'charge', label: 'Used: design generation', ref_id: 'r2', created_at: Date.UTC(2026, 10, 26) },
    { id: 1, delta: 1000, balance_after: 1100, reason: 'plan_period', label: 'Monthly plan credits', ref_id: 'r1', created_at: Date.UTC(2026, 10, 20) },
  ],
};
const invoices = {
  total: 1,
  items: [
    {
      id: 'in_1',
      number: 'PS-0001',
      vip_type: 'pro_month',
      amount_cents: 1690,
      currency: 'usd',
      status: 'paid',
      period_start: Date.UTC(2026, 10, 20),
      period_end: FUTURE,
      created_at: Date.UTC(2026, 10, 20),
      pdf_url: '/api/pay/invoices/in_1/pdf',
    },
  ],
};

function routes(state: { overview: BillingOverview }, extra: Routes = {}): Routes {
  return {
    'GET /api/pay/billing': () => ok(state.overview),
    'GET /api/credits/history': ok(history),
    'GET /api/pay/invoices': ok(invoices),
    'GET /api/user/me': ok(user(proMember())),
    ...extra,
  };
}

const callsTo = (calls: Exchange[], path: string) => calls.filter((c) => c.url.split('?')[0] === path);
const planCard = () => within(screen.getByTestId('billing-plan'));

beforeEach(() => {
  resetClientState();
  usePayIntent.getState().reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/billing', () => {
  it('a guest is asked to sign in', () => {
    mockFetch({});
    renderScreen(<BillingPage />, '/billing');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(useUiStore.getState().loginModal).toBe(true);
  });

  it('shows the plan with its renewal date, the credits history with + and − and the invoices', async () => {
    mockFetch(routes({ overview: overview() }));
    signIn(proMember());
    renderScreen(<BillingPage />, '/billing');
    expect((await screen.findByTestId('billing-plan-name')).textContent).toBe('Pro, billed monthly');
    expect(screen.getByTestId('billing-plan-status').textContent).toBe('Renews on January 15, 2030');
    expect(planCard().getByText('Test mode')).toBeTruthy();
    const list = await screen.findByTestId('credit-history');
    expect(list.textContent).toContain('Used: design generation');
    expect(list.textContent).toContain('−10');
    expect(list.textContent).toContain('+1,000');
    expect(screen.getByTestId('billing-credit-balance').textContent).toBe('1,090');
    const inv = await screen.findByTestId('invoice-list');
    expect(inv.textContent).toContain('PS-0001');
    expect(inv.textContent).toContain('$16.90');
    expect(within(inv).getByRole('button', { name: 'PDF of invoice PS-0001' })).toBeTruthy();
  });

  it('empty states', async () => {
    mockFetch(
      routes(
        { overview: overview({ vip_type: 'normal', tier: 'normal', vip_expire_time: null, credit: 100, upgrade_targets: [], subscription: null }) },
        { 'GET /api/credits/history': ok({ total: 0, credit: 100, items: [] }), 'GET /api/pay/invoices': ok({ total: 0, items: [] }) },
      ),
    );
    signIn();
    renderScreen(<BillingPage />, '/billing');
    expect((await screen.findByTestId('billing-plan-name')).textContent).toBe('Free');
    expect(planCard().getByRole('link', { name: 'Choose a plan' })).toBeTruthy();
    expect(await screen.findByText('No credit movements yet.')).toBeTruthy();
    expect(await screen.findByText(/No invoices yet/)).toBeTruthy();
  });

  it('cancel: asks why, says the plan stays until the date, then shows "Cancels on …" with Resume', async () => {
    const state = { overview: overview() };
    const { calls } = mockFetch(
      routes(state, {
        'POST /api/pay/cancelSubscribe': () => {
          state.overview = overview({ subscription: { ...overview().subscription!, cancel_at_period_end: true } });
          return ok({ cancel_at_period_end: true, vip_expire_time: FUTURE });
        },
        'POST /api/pay/resumeSubscribe': () => {
          state.overview = overview();
          return ok({ cancel_at_period_end: false, vip_expire_time: FUTURE });
        },
      }),
    );
    signIn(proMember());
    renderScreen(<BillingPage />, '/billing');
    await screen.findByTestId('billing-plan');
    fireEvent.click(await planCard().findByRole('button', { name: 'Cancel plan' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your plan' });
    expect(dialog.textContent).toContain('stays active until January 15, 2030');
    fireEvent.change(within(dialog).getByLabelText('Why are you cancelling? (optional)'), { target: { value: ' Too expensive ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(screen.getByTestId('billing-plan-status').textContent).toBe('Cancels on January 15, 2030'));
    expect(screen.queryByRole('dialog', { name: 'Cancel your plan' })).toBeNull();
    expect(callsTo(calls, '/api/pay/cancelSubscribe')[0]?.body).toEqual({ comment: 'Too expensive' });
    fireEvent.click(planCard().getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByTestId('billing-plan-status').textContent).toBe('Renews on January 15, 2030'));
    expect(callsTo(calls, '/api/pay/resumeSubscribe')).toHaveLength(1);
    expect(planCard().getByRole('button', { name: 'Cancel plan' })).toBeTruthy();
  });

  it('Upgrade to Business opens the pay modal in upgrade mode', async () => {
    mockFetch(routes({ overview: overview() }));
    signIn(proMember());
    renderScreen(<BillingPage />, '/billing');
    await screen.findByTestId('billing-plan');
    fireEvent.click(await planCard().findByRole('button', { name: 'Upgrade to Business' }));
    expect(useUiStore.getState().payModal).toBe(true);
    expect(usePayIntent.getState()).toMatchObject({ mode: 'upgrade', plan: 'business_month' });
  });

  it('the sandbox invoice PDF is fetched with the Bearer token', async () => {
    const { fn } = mockFetch(routes({ overview: overview() }));
    const original = fn.getMockImplementation();
    fn.mockImplementation(async (input, init) =>
      urlOf(input).endsWith('/pdf')
        ? new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } })
        : original!(input, init),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    signIn(proMember());
    renderScreen(<BillingPage />, '/billing');
    fireEvent.click(await screen.findByRole('button', { name: 'PDF of invoice PS-0001' }));
    const pdfCall = () => fn.mock.calls.find(([input]) => urlOf(input) === '/api/pay/invoices/in_1/pdf');
    await waitFor(() => expect(pdfCall()).toBeDefined());
    expect(pdfCall()?.[1]?.headers).toEqual({ authorization: 'Bearer tok-user' });
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });
});
