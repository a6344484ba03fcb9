import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Msg } from '@packsmith/contracts';
import { fail, mockFetch, ok, urlOf, type Exchange } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { user } from '../chat/chat-test-kit';
import PayModal from './PayModal';
import { openPayModal, usePayIntent } from './pay-intent';
import { FUTURE, overview, proMember, renderScreen, sandboxSetup, signIn, subscribeResult } from './billing-test-kit';

type Routes = Parameters<typeof mockFetch>[0];

function routes(extra: Routes = {}): Routes {
  return {
    'GET /api/pay/setup': ok(sandboxSetup),
    'GET /api/user/me': ok(user({ vip_type: 'pro_month', vip_expire_time: FUTURE, credit: 1100 })),
    'GET /api/pay/billing': ok(overview()),
    'POST /api/pay/subscribe': ok(subscribeResult()),
    ...extra,
  };
}

function openOn(plan: Parameters<typeof openPayModal>[0] = { plan: 'pro_month', mode: 'subscribe' }) {
  openPayModal(plan);
  return renderScreen(<PayModal />);
}

async function fillCard(number: string, dialog = screen.getByRole('dialog')) {
  const form = await within(dialog).findByRole('form', { name: 'Card details' });
  fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(within(form).getByLabelText('Expiry (MM/YY)'), { target: { value: '12/34' } });
  fireEvent.change(within(form).getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.change(within(form).getByLabelText('Name on card'), { target: { value: 'Ada Lovelace' } });
  return form;
}

const payButton = () => screen.getByRole('button', { name: /^Pay \$/ });
const callsTo = (calls: Exchange[], path: string) => calls.filter((c) => c.url.split('?')[0] === path);

beforeEach(() => {
  resetClientState();
  usePayIntent.getState().reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the pay modal: summary and test mode', () => {
  it('shows the chosen plan, its price and credits, and labels the sandbox as test mode with its cards', async () => {
    mockFetch(routes());
    signIn({ credit: 100 });
    openOn({ plan: 'pro_year', mode: 'subscribe' });
    const summary = await screen.findByTestId('pay-summary');
    expect(summary.textContent).toContain('Pro, billed yearly');
    expect(summary.textContent).toContain('$169 / year');
    expect(summary.textContent).toContain('save 29%');
    expect(summary.textContent).toContain('1,000 every month');
    const test = screen.getByTestId('test-mode');
    expect(test.textContent).toContain('Test mode — no real money is taken');
    for (const n of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0025 0000 3155']) expect(test.textContent).toContain(n);
  });

  it('opened plain (after a 450), it lets the visitor pick a plan first', async () => {
    mockFetch(routes());
    signIn({ credit: 20 });
    openOn({});
    fireEvent.click(await screen.findByRole('radio', { name: 'Monthly' }));
    fireEvent.click(screen.getByRole('button', { name: /Business.*Choose Business/ }));
    expect((await screen.findByTestId('pay-summary')).textContent).toContain('Business, billed monthly');
  });

  it('says plans cannot be bought when payments are off', async () => {
    mockFetch(routes({ 'GET /api/pay/setup': ok({ ...sandboxSetup, provider: 'off', test_cards: [] }) }));
    signIn();
    openOn();
    expect((await screen.findByTestId('pay-notice')).textContent).toMatch(/cannot be bought on this site right now/);
  });

  it('a guest is asked to sign in first', async () => {
    mockFetch(routes());
    openOn();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(useUiStore.getState().loginModal).toBe(true);
    expect(useUiStore.getState().payModal).toBe(false);
  });

  it('a free user over 100 credits is told why instead of a card form', async () => {
    mockFetch(routes());
    signIn({ credit: 300 });
    openOn();
    expect((await screen.findByTestId('pay-notice')).textContent).toContain('You have 300 credits');
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();
  });

  it('Escape closes it and forgets the chosen plan', async () => {
    mockFetch(routes());
    signIn();
    useUiStore.getState().open('payModal');
    openOn();
    await screen.findByTestId('pay-summary');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(useUiStore.getState().payModal).toBe(false);
    expect(usePayIntent.getState().plan).toBeNull();
  });
});

describe('the pay modal: promotion code', () => {
  it('checks the code as it is typed: valid → percent off and the new price, sent with the purchase', async () => {
    const { calls } = mockFetch(
      routes({
        'POST /api/pay/validPromotionCode': (ex) =>
          (ex.body as { promotionCode: string }).promotionCode === 'SAVE20'
            ? ok({ valid: true, percent_off: 20, reason: null })
            : ok({ valid: false, percent_off: null, reason: 'This code has expired.' }),
      }),
    );
    signIn();
    openOn();
    const input = await screen.findByLabelText('Promotion code (optional)');
    fireEvent.change(input, { target: { value: 'OLD10' } });
    expect(screen.getByTestId('promo-status').textContent).toBe('Checking the code…');
    await waitFor(() => expect(screen.getByTestId('promo-status').textContent).toBe('This code has expired.'));
    fireEvent.change(input, { target: { value: 'SAVE20' } });
    await waitFor(() => expect(screen.getByTestId('promo-status').textContent).toBe('20% off — you pay $13.52 instead of $16.9.'));
    expect(screen.getByTestId('due-now').textContent).toContain('$13.52');
    expect(callsTo(calls, '/api/pay/validPromotionCode').at(-1)?.body).toEqual({ promotionCode: 'SAVE20', vip_type: 'pro_month' });
    await fillCard('4242 4242 4242 4242');
    fireEvent.click(payButton());
    await screen.findByTestId('pay-success');
    expect(callsTo(calls, '/api/pay/subscribe')[0]?.body).toEqual({ type: 'pro_month', paymentMethodId: 'pm_card_visa', promotionCode: 'SAVE20' });
  });

  it('refuses a code that cannot be valid without asking the server', async () => {
    const { calls } = mockFetch(routes());
    signIn();
    openOn();
    fireEvent.change(await screen.findByLabelText('Promotion code (optional)'), { target: { value: 'a!' } });
    expect(screen.getByTestId('promo-status').textContent).toBe('Enter a code of at least 3 characters.');
    await new Promise((r) => setTimeout(r, 450));
    expect(callsTo(calls, '/api/pay/validPromotionCode')).toHaveLength(0);
  });
});

describe('the pay modal: paying with a sandbox card', () => {
  it('an unknown number asks for a test card and sends nothing', async () => {
    const { calls } = mockFetch(routes());
    signIn();
    openOn();
    await fillCard('5555 5555 5555 4444');
    fireEvent.click(payButton());
    expect(await screen.findByText('Use one of the test cards above.')).toBeTruthy();
    expect(callsTo(calls, '/api/pay/subscribe')).toHaveLength(0);
  });

  it('a declined card shows the decline in words and the form can be used again', async () => {
    mockFetch(routes({ 'POST /api/pay/subscribe': fail(400, 'Your card was declined.') }));
    signIn();
    openOn();
    await fillCard('4000 0000 0000 0002');
    fireEvent.click(payButton());
    expect((await screen.findByTestId('pay-error')).textContent).toBe('Your card was declined.');
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
    // Shown in the modal, not also as a toast.
    expect(useUiStore.getState().toasts).toEqual([]);
  });

  it('success: one subscribe however often Pay is pressed, then the user and credits are loaded again', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls, fn } = mockFetch(routes());
    const original = fn.getMockImplementation();
    fn.mockImplementation(async (input, init) => {
      if (urlOf(input).startsWith('/api/pay/subscribe')) await gate;
      return original!(input, init);
    });
    signIn({ credit: 100 });
    openOn();
    await fillCard('4242424242424242');
    fireEvent.click(payButton());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Processing…' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Processing…' }));
    fireEvent.submit(screen.getByRole('form', { name: 'Card details' }));
    release();
    const done = await screen.findByTestId('pay-success');
    expect(done.textContent).toContain('Welcome to Pro — 1,000 credits added');
    expect(callsTo(calls, '/api/pay/subscribe')).toHaveLength(1);
    expect(callsTo(calls, '/api/pay/subscribe')[0]?.body).toEqual({ type: 'pro_month', paymentMethodId: 'pm_card_visa' });
    await waitFor(() => expect(useSessionStore.getState().user?.credit).toBe(1100));
    expect(useSessionStore.getState().user?.vip_type).toBe('pro_month');
    expect(callsTo(calls, '/api/user/me').length).toBeGreaterThan(0);
  });

  it('3-D Secure: the sandbox asks to confirm; Complete authentication approves, then the payment is confirmed', async () => {
    const { calls } = mockFetch(
      routes({
        'POST /api/pay/subscribe': ok(
          subscribeResult({ status: 'requires_action', client_secret: 'pi_1_secret', credit: 100, vip_type: 'normal', vip_expire_time: null }),
        ),
        'POST /api/pay/sandbox/authenticate': ok({ status: 'succeeded' }),
        'POST /api/pay/confirm': ok(subscribeResult()),
      }),
    );
    signIn();
    openOn();
    await fillCard('4000 0025 0000 3155');
    fireEvent.click(payButton());
    const challenge = await screen.findByTestId('three-ds');
    expect(callsTo(calls, '/api/pay/subscribe')[0]?.body).toMatchObject({ paymentMethodId: 'pm_card_authenticationRequired' });
    fireEvent.click(within(challenge).getByRole('button', { name: 'Complete authentication' }));
    await screen.findByTestId('pay-success');
    expect(callsTo(calls, '/api/pay/sandbox/authenticate')[0]?.body).toEqual({ client_secret: 'pi_1_secret', approve: true });
    expect(callsTo(calls, '/api/pay/confirm')[0]?.body).toEqual({ subscription_id: 'sub_1' });
  });

  it('3-D Secure failed: the payment is refused in words', async () => {
    const { calls } = mockFetch(
      routes({
        'POST /api/pay/subscribe': ok(subscribeResult({ status: 'requires_action', client_secret: 'pi_2_secret' })),
        'POST /api/pay/sandbox/authenticate': ok({ status: 'failed' }),
        'POST /api/pay/confirm': ok(subscribeResult({ status: 'failed', message: 'The payment was not authenticated.' })),
      }),
    );
    signIn();
    openOn();
    await fillCard('4000 0025 0000 3155');
    fireEvent.click(payButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Fail authentication' }));
    expect((await screen.findByTestId('pay-error')).textContent).toMatch(/Authentication failed/);
    expect(callsTo(calls, '/api/pay/sandbox/authenticate')[0]?.body).toEqual({ client_secret: 'pi_2_secret', approve: false });
    expect(screen.queryByTestId('pay-success')).toBeNull();
  });

  it('450 on a pay call still goes through the catalogue', async () => {
    mockFetch(routes({ 'POST /api/pay/subscribe': fail(450, Msg.notEnoughCredits) }));
    signIn();
    openOn();
    await fillCard('4242 4242 4242 4242');
    fireEvent.click(payButton());
    expect((await screen.findByTestId('pay-error')).textContent).toBe(Msg.notEnoughCredits);
    expect(useUiStore.getState().toasts.map((t) => t.text)).toEqual([Msg.notEnoughCredits]);
  });
});

describe('the pay modal: upgrade to business', () => {
  it('shows the prorated price of each business plan and upgrades with the card on file', async () => {
    const { calls } = mockFetch(
      routes({
        'GET /api/pay/upgrade/options/pro_month': ok({
          current: 'pro_month',
          options: [
            { vip_type: 'business_month', period: 'month', price_usd: 49.9, prorated_usd: 38.45, credits_now: 2500 },
            { vip_type: 'business_year', period: 'year', price_usd: 399, prorated_usd: 387.55, credits_now: 2500 },
          ],
        }),
        'POST /api/pay/upgrade': ok(subscribeResult({ vip_type: 'business_year', credit: 3600 })),
      }),
    );
    signIn(proMember());
    openOn({ plan: 'business_year', mode: 'upgrade' });
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Business' })).toBeTruthy();
    expect(await screen.findByText('$38.45 today')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade now — pay $387.55' }));
    expect((await screen.findByTestId('pay-success')).textContent).toContain('Welcome to Business — 2,500 credits added');
    expect(callsTo(calls, '/api/pay/upgrade')[0]?.body).toEqual({ targetVipType: 'business_year' });
  });
});
