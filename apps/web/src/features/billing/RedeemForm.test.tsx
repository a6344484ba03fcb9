import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { useUiStore } from '../../stores/ui.store';
import { user } from '../chat/chat-test-kit';
import { Component as OncelyPage } from '../../pages/oncely/OncelyPage';
import { FUTURE, renderScreen, signIn } from './billing-test-kit';
import { redeemedText } from './RedeemForm';

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/oncely: the lifetime deal', () => {
  it('explains the deal without "coming soon", and a guest signs in before redeeming', () => {
    mockFetch({});
    renderScreen(<OncelyPage />, '/oncely');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/coming soon|being built/i);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in to redeem' }));
    expect(useUiStore.getState().loginModal).toBe(true);
  });

  it('redeems a code once: the plan and credits on success, the refusal in words after', async () => {
    let used = false;
    const { calls } = mockFetch({
      'POST /api/redeemCode/use': () => {
        if (used) return fail(400, 'This code has already been used.');
        used = true;
        return ok({ kind: 'lifetime', credits_added: 1000, vip_type: 'pro_year', vip_expire_time: null, credit: 1100 });
      },
      'GET /api/user/me': ok(user({ vip_type: 'pro_year', credit: 1100 })),
    });
    signIn();
    renderScreen(<OncelyPage />, '/oncely');
    const input = screen.getByLabelText('Your Oncely code');
    fireEvent.change(input, { target: { value: 'ONCELY-ABC123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect((await screen.findByTestId('redeem-success')).textContent).toBe(
      'Lifetime Pro is yours: 1,000 credits added now, and more every month. Your balance is 1,100 credits.',
    );
    expect(calls.find((c) => c.url === '/api/redeemCode/use')?.body).toEqual({ code: 'ONCELY-ABC123' });
    fireEvent.change(input, { target: { value: 'ONCELY-ABC123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code has already been used.');
  });

  it('a malformed code is refused before any call', () => {
    const { calls } = mockFetch({});
    signIn();
    renderScreen(<OncelyPage />, '/oncely');
    fireEvent.change(screen.getByLabelText('Your Oncely code'), { target: { value: 'a b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect(screen.getByRole('alert').textContent).toBe('Codes use letters, digits, dashes and underscores only.');
    expect(calls).toHaveLength(0);
  });
});

describe('what a redeemed code gave, in words', () => {
  it('credits, a plan for a period', () => {
    expect(redeemedText({ kind: 'credits', credits_added: 500, vip_type: 'normal', vip_expire_time: null, credit: 600 })).toBe(
      '500 credits added. Your balance is 600 credits.',
    );
    expect(redeemedText({ kind: 'plan', credits_added: 3500, vip_type: 'business_month', vip_expire_time: FUTURE, credit: 3600 })).toBe(
      'You now have Business until January 15, 2030: 3,500 credits added. Your balance is 3,600 credits.',
    );
  });
});
