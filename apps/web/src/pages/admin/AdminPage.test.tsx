import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '../../api/query-client';
import { mockFetch, ok, fail } from '../../test-support';
import { user } from '../../features/chat/chat-test-kit';
import { useSessionStore } from '../../stores/session.store';
import { resetClientState } from '../../test-stores';
import { Component as AdminPage } from './AdminPage';

function open(url: string) {
  const router = createMemoryRouter([{ path: '/admin/*', Component: AdminPage }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function signedIn(isAdmin: boolean) {
  useSessionStore.getState().setToken('tok', 'user');
  useSessionStore.getState().setUser(user({ is_admin: isAdmin }));
}

const emptyPage = ok({ total: 0, items: [] });
const record = (over: Record<string, unknown> = {}) => ({
  id: 'r1',
  hint: 'JKMN',
  kind: 'credits',
  credits: 250,
  vip_type: null,
  days: null,
  source: 'newsletter',
  created_at: Date.UTC(2026, 10, 27),
  redeemed_at: null,
  redeemed_by: null,
  ...over,
});

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin for someone who is not an admin', () => {
  it('says "You do not have access to this." and asks for no admin data', async () => {
    const { calls } = mockFetch({ 'GET /api/user/me': ok(user({ is_admin: false })) });
    signedIn(false);
    open('/admin/users');
    expect(await screen.findByText('You do not have access to this.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/admin/'))).toEqual([]);
  });

  it('a guest sees the same and nothing is asked of the admin calls', async () => {
    const { calls } = mockFetch({ 'GET /api/user/me': ok(user({ type: 'guest', email: null, is_admin: false })) });
    open('/admin');
    expect(await screen.findByText('You do not have access to this.')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/admin/'))).toEqual([]);
  });
});

describe('/admin for an admin', () => {
  it('shows the sections as links, the users list first, and its empty state', async () => {
    mockFetch({ 'GET /api/admin/users': emptyPage });
    signedIn(true);
    open('/admin');
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Users',
      'Promotion codes',
      'Redeem codes',
      'Cancellations',
      'Payment events',
      'Factories',
      'Print requests',
      'Design requests',
      'Design ideas',
      'Admin log',
    ]);
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('No accounts yet.')).toBeTruthy();
  });

  it('shows a failed list in words with a way to try again', async () => {
    let n = 0;
    mockFetch({ 'GET /api/admin/actions': () => (++n === 1 ? fail(500, 'The log could not be read.') : ok({ total: 0, items: [] })) });
    signedIn(true);
    open('/admin/log');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The log could not be read.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No admin actions yet.')).toBeTruthy();
  });

  it('creates redeem codes and shows them once, with copy buttons and a .txt download', async () => {
    const made = ['PS-AAAA-BBBB-CCCC', 'PS-DDDD-EEEE-JKMN'];
    let listed = false;
    const { calls } = mockFetch({
      'GET /api/admin/redeem_codes': () => ok(listed ? { total: 2, items: [record({ id: 'r2', hint: 'CCCC' }), record()] } : { total: 0, items: [] }),
      'POST /api/admin/redeem_codes': () => {
        listed = true;
        return ok({ codes: made, items: [record({ id: 'r2', hint: 'CCCC' }), record()] });
      },
    });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:codes'), revokeObjectURL: vi.fn() }));
    signedIn(true);
    open('/admin/redeem-codes');
    expect(await screen.findByText('No redeem codes yet.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Credits per code'), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText('How many codes'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'newsletter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create codes' }));

    const shown = await screen.findByRole('region', { name: 'New codes' });
    expect(within(shown).getByText('Your 2 new codes')).toBeTruthy();
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('code')?.textContent),
    ).toEqual(made);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'credits', credits: 250, vip_type: null, days: null, count: 2, source: 'newsletter' });

    fireEvent.click(within(shown).getByRole('button', { name: `Copy ${made[1]}` }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(made[1]));
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy all' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(made.join('\n')));
    const download = within(shown).getByRole('link', { name: 'Download .txt' });
    expect(download.getAttribute('href')).toBe('blob:codes');
    expect(download.getAttribute('download')).toMatch(/^packsmith-codes-\d{4}-\d{2}-\d{2}\.txt$/);

    // The list is read again and shows the codes by their last four characters only.
    expect(await screen.findByText('…CCCC')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Redeem codes' }).textContent).not.toContain('PS-AAAA');

    fireEvent.click(within(shown).getByRole('button', { name: 'Done, I saved them' }));
    expect(screen.queryByRole('region', { name: 'New codes' })).toBeNull();
  });

  it('a plan code sends the plan and days; a refusal is shown in words', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/redeem_codes': emptyPage,
      'POST /api/admin/redeem_codes': fail(400, 'Plan codes cannot be used yet: payments are not set up on this server.'),
    });
    signedIn(true);
    open('/admin/redeem-codes');
    await screen.findByText('No redeem codes yet.');
    fireEvent.click(screen.getByLabelText('A plan for some days'));
    fireEvent.change(screen.getByLabelText('Plan'), { target: { value: 'business_year' } });
    fireEvent.change(screen.getByLabelText('Days (empty: one billing period)'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create codes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Plan codes cannot be used yet: payments are not set up on this server.');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ kind: 'plan', vip_type: 'business_year', days: 14, credits: 0 });
  });

  it('finds a user, opens the panel, adjusts credits with a reason and ends the plan after confirming', async () => {
    const found = {
      user_id: 'u9',
      email: 'bea@example.com',
      name: 'Bea',
      type: 'user',
      vip_type: 'pro_month',
      vip_expire_time: Date.UTC(2026, 11, 27),
      credit: 1100,
      is_admin: false,
      created_at: 1,
    };
    let credit = 1100;
    const { calls } = mockFetch({
      'GET /api/admin/users': (ex) => ok(new URL(ex.url, 'http://x').searchParams.get('q') === 'bea' ? { total: 1, items: [found] } : { total: 0, items: [] }),
      'GET /api/admin/user': () => ok({ user: { ...found, credit }, ledger: [], subscriptions: [], invoices: [] }),
      'POST /api/admin/credits': () => {
        credit += 250;
        return ok({ credit });
      },
      'POST /api/admin/plan/end': ok({ vip_type: 'normal', vip_expire_time: null }),
    });
    signedIn(true);
    open('/admin/users');
    fireEvent.change(await screen.findByLabelText('Find a user'), { target: { value: ' bea ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open bea@example.com' }));

    const panel = await screen.findByRole('dialog', { name: 'User' });
    expect((await within(panel).findByTestId('admin-user-credit')).textContent).toBe('1,100');
    expect(within(panel).getByText('No credit moves yet.')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('Change'), { target: { value: '250' } });
    const adjust = within(panel).getByRole('form', { name: 'Adjust credits' });
    fireEvent.change(within(adjust).getByLabelText('Reason'), { target: { value: 'Goodwill' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Adjust credits' }));
    expect((await within(panel).findByText('Done: the balance is now 1,350.')).getAttribute('role')).toBe('status');
    expect(calls.find((c) => c.url === '/api/admin/credits')?.body).toEqual({ user_id: 'u9', delta: 250, reason: 'Goodwill' });

    const end = within(panel).getByRole('form', { name: 'End the plan now' });
    fireEvent.change(within(end).getByLabelText('Reason'), { target: { value: 'Asked to stop' } });
    fireEvent.click(within(end).getByRole('button', { name: 'End plan…' }));
    expect(calls.some((c) => c.url === '/api/admin/plan/end')).toBe(false);
    fireEvent.click(within(end).getByRole('button', { name: 'Yes, end Pro, monthly' }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/admin/plan/end')?.body).toEqual({ user_id: 'u9', reason: 'Asked to stop' }));
  });
});
