import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SANDBOX_TEST_CARDS, type BillingOverview, type SubscribeResult, type User } from '@packsmith/contracts';
import { createQueryClient } from '../../api/query-client';
import { user } from '../chat/chat-test-kit';
import { useSessionStore } from '../../stores/session.store';

/* Fixtures for the billing screens' tests, shaped exactly like the contracts' answers. */

const DAY = 86_400_000;
export const FUTURE = Date.UTC(2030, 0, 15);

/** A signed-in account (token marker 'user') with these fields. */
export function signIn(over: Partial<User> = {}): User {
  const u = user(over);
  useSessionStore.getState().setToken('tok-user', 'user');
  useSessionStore.getState().setUser(u);
  return u;
}

export const proMember = (over: Partial<User> = {}) => ({ vip_type: 'pro_month' as const, vip_expire_time: Date.now() + 20 * DAY, credit: 900, ...over });
export const businessMember = (over: Partial<User> = {}) => ({
  vip_type: 'business_year' as const,
  vip_expire_time: Date.now() + 200 * DAY,
  credit: 3500,
  ...over,
});

export const sandboxSetup = {
  provider: 'sandbox',
  test_mode: true,
  publishable_key: null,
  setup_intent_client_secret: null,
  test_cards: SANDBOX_TEST_CARDS.map((c) => ({ ...c })),
} as const;

export function subscribeResult(over: Partial<SubscribeResult> = {}): SubscribeResult {
  return {
    status: 'active',
    subscription_id: 'sub_1',
    client_secret: null,
    vip_type: 'pro_month',
    vip_expire_time: FUTURE,
    credit: 1100,
    amount_due_cents: 1690,
    message: null,
    ...over,
  };
}

export function overview(over: Partial<BillingOverview> = {}): BillingOverview {
  return {
    provider: 'sandbox',
    test_mode: true,
    vip_type: 'pro_month',
    tier: 'pro',
    vip_expire_time: FUTURE,
    credit: 1100,
    may_purchase: true,
    upgrade_targets: ['business_month', 'business_year'],
    subscription: {
      id: 'sub_1',
      source: 'sandbox',
      vip_type: 'pro_month',
      status: 'active',
      current_period_end: FUTURE,
      cancel_at_period_end: false,
      next_credit_at: FUTURE,
    },
    ...over,
  };
}

/** Renders a screen inside a router and a fresh query client, at `url`. */
export function renderScreen(ui: ReactNode, url = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
