import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingCalls, type ApiKey, type CallDef } from '@packsmith/contracts';
import { ApiError } from '../../api/error-catalogue';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { resetClientState } from '../../test-stores';
import { user } from '../chat/chat-test-kit';
import { ApiKeysSection } from './ApiKeysSection';

const apiCall = vi.hoisted(() => vi.fn());
vi.mock('../../api/client', () => ({ apiCall }));

const KEY = `psk_${'Ab3'.repeat(13)}x`;
const item = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 'k1',
  name: 'Shop',
  prefix: KEY.slice(0, 12),
  created_at: Date.UTC(2026, 10, 2),
  last_used_at: null,
  request_count: 0,
  revoked_at: null,
  ...over,
});

/** A fake server: the list held here, create and revoke change it. */
let keys: ApiKey[];
beforeEach(() => {
  resetClientState();
  keys = [];
  apiCall.mockReset();
  apiCall.mockImplementation(async (call: CallDef, input: Record<string, unknown>) => {
    if (call === billingCalls.apiKeyList) return { items: keys };
    if (call === billingCalls.apiKeyCreate) {
      const created = item({ id: 'k2', name: String(input.name) });
      keys = [created, ...keys];
      return { key: KEY, item: created };
    }
    if (call === billingCalls.apiKeyRevoke) {
      keys = keys.map((k) => (k.id === input.id ? { ...k, revoked_at: Date.UTC(2026, 10, 3) } : k));
      return { revoked: true };
    }
    throw new Error(`unexpected call ${call.path}`);
  });
});
afterEach(cleanup);

function show(vip: 'business_month' | 'pro_month' | 'normal') {
  useSessionStore.getState().setUser(user({ vip_type: vip, vip_expire_time: vip === 'normal' ? null : Date.now() + 86_400_000 }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApiKeysSection />
    </QueryClientProvider>,
  );
}

describe('ApiKeysSection', () => {
  it('explains API access to a member who is not Business and opens the pay modal', () => {
    show('pro_month');
    expect(screen.getByText(/They come with the Business plan/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Business' }));
    expect(useUiStore.getState().payModal).toBe(true);
    expect(apiCall).not.toHaveBeenCalled();
  });

  it('creates a key and shows it once, with copy and the warning; gone after Done', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show('business_month');
    expect(await screen.findByText('No API keys yet. Create one above.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByRole('alert').textContent).toBe('Name the key.');

    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: '  Nightly build ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const field = await screen.findByLabelText<HTMLInputElement>('New API key');
    expect(field.value).toBe(KEY);
    expect(screen.getByText(/You will not see it again\./)).toBeTruthy();
    expect(apiCall).toHaveBeenCalledWith(billingCalls.apiKeyCreate, { name: 'Nightly build' }, { silent: true });

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(KEY);

    // The list shows the new key by its prefix only.
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    expect(within(list).getByText('Nightly build')).toBeTruthy();
    expect(within(list).getByText(`${KEY.slice(0, 12)}…`)).toBeTruthy();
    expect(list.textContent).not.toContain(KEY);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('New API key')).toBeNull();
    expect(document.body.textContent).not.toContain(KEY);
  });

  it('shows the server’s words when creation is refused', async () => {
    show('business_month');
    await screen.findByText(/No API keys yet/);
    apiCall.mockRejectedValueOnce(
      new ApiError(
        { kind: 'code', code: 400, msg: 'You can have at most 20 active API keys. Revoke one first.' },
        'You can have at most 20 active API keys. Revoke one first.',
      ),
    );
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'one more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can have at most 20 active API keys. Revoke one first.');
  });

  it('revokes after a confirmation; Cancel changes nothing', async () => {
    keys = [item({ last_used_at: Date.UTC(2026, 10, 2), request_count: 1234 })];
    show('business_month');
    const row = (await screen.findByText('Shop')).closest('li') as HTMLElement;
    expect(row.textContent).toContain('1,234');

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Shop' }));
    let dialog = screen.getByRole('dialog', { name: 'Revoke this API key?' });
    expect(dialog.textContent).toContain('stop working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(apiCall).not.toHaveBeenCalledWith(billingCalls.apiKeyRevoke, expect.anything(), expect.anything());

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke Shop' }));
    dialog = screen.getByRole('dialog', { name: 'Revoke this API key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiCall).toHaveBeenCalledWith(billingCalls.apiKeyRevoke, { id: 'k1' }, { silent: true });
    expect(await screen.findByText(/^Revoked /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Shop' })).toBeNull();
  });

  it('says when the list cannot be loaded and tries again', async () => {
    apiCall.mockRejectedValueOnce(new Error('down'));
    show('business_month');
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
  });
});
