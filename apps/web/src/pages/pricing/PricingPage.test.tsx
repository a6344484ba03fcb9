import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { useUiStore } from '../../stores/ui.store';
import { usePayIntent } from '../../features/billing/pay-intent';
import { businessMember, proMember, renderScreen, signIn } from '../../features/billing/billing-test-kit';
import { Component as PricingPage } from './PricingPage';

const card = (id: string) => within(screen.getByTestId(`plan-card-${id}`));
const buttonsOf = (id: string) =>
  card(id)
    .queryAllByRole('button')
    .map((b) => b.textContent);
const linksOf = (id: string) =>
  card(id)
    .queryAllByRole('link')
    .map((b) => b.textContent);

function open() {
  renderScreen(<PricingPage />, '/pricing');
}

beforeEach(() => {
  resetClientState();
  usePayIntent.getState().reset();
  mockFetch({});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/pricing: prices (SPEC §9)', () => {
  it('monthly and yearly prices, the yearly discount and the credits', () => {
    open();
    expect(card('pro').getByText('$14.1')).toBeTruthy();
    expect(card('pro').getByText('per month, $169 billed yearly (save 29%)')).toBeTruthy();
    expect(card('business').getByText('3,500 credits every month')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(card('pro_max').getByText('$49.9')).toBeTruthy();
    expect(screen.queryByText(/coming soon|can't be bought/i)).toBeNull();
  });
});

describe('/pricing: the buttons per membership', () => {
  it('guest: Choose X opens the login modal first', () => {
    open();
    expect(buttonsOf('free')).toEqual([]);
    fireEvent.click(card('pro_plus').getByRole('button', { name: 'Choose Pro plus' }));
    expect(useUiStore.getState().loginModal).toBe(true);
    expect(useUiStore.getState().payModal).toBe(false);
    expect(screen.queryByText('Current plan')).toBeNull();
  });

  it('free user with 100 credits: the free plan is current; Choose X opens the pay modal on that plan and period', () => {
    signIn({ credit: 100 });
    open();
    expect(card('free').getByText('Current plan')).toBeTruthy();
    expect(card('free').getByText('Your plan')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    fireEvent.click(card('business').getByRole('button', { name: 'Choose Business' }));
    expect(useUiStore.getState().payModal).toBe(true);
    expect(usePayIntent.getState()).toMatchObject({ plan: 'business_month', mode: 'subscribe' });
  });

  it('free user over 100 credits: no buy button, the reason in words', () => {
    signIn({ credit: 150 });
    open();
    for (const id of ['pro', 'pro_plus', 'pro_max', 'business']) {
      expect(buttonsOf(id)).toEqual([]);
      expect(card(id).getByTestId('purchase-blocked').textContent).toContain('You have 150 credits');
    }
  });

  it('pro member: their plan is current with Manage billing; Business offers Upgrade', () => {
    signIn(proMember());
    open();
    expect(card('pro').getByText('Current plan')).toBeTruthy();
    expect(linksOf('pro')).toEqual(['Manage billing']);
    expect(buttonsOf('pro_plus')).toEqual([]);
    expect(buttonsOf('free')).toEqual([]);
    fireEvent.click(card('business').getByRole('button', { name: 'Upgrade' }));
    expect(usePayIntent.getState()).toMatchObject({ plan: 'business_year', mode: 'upgrade' });
    expect(useUiStore.getState().payModal).toBe(true);
  });

  it('business member: Manage billing on Business, nothing to buy elsewhere', () => {
    signIn(businessMember());
    open();
    expect(card('business').getByText('Current plan')).toBeTruthy();
    expect(linksOf('business')).toEqual(['Manage billing']);
    for (const id of ['free', 'pro', 'pro_plus', 'pro_max']) expect(buttonsOf(id)).toEqual([]);
  });
});
