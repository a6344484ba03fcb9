import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { DesignRequestRecord } from '@packsmith/contracts';
import { createQueryClient } from '../../api/query-client';
import { user } from '../../features/chat/chat-test-kit';
import { useSessionStore } from '../../stores/session.store';
import { fail, mockFetch, ok } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as AdminPage } from './AdminPage';

function record(over: Partial<DesignRequestRecord> = {}, fields: Partial<DesignRequestRecord['fields']> = {}): DesignRequestRecord {
  return {
    request_id: 'r1',
    reference: 'PS-DR-2026-7K3F9Q',
    status: 'new',
    fields: {
      name: 'Mira Okafor',
      email: 'mira@example.com',
      company: 'Okafor Teas',
      country: 'United Kingdom',
      product: 'Green tea',
      brand: 'Leafline',
      packaging_type: 'straight-tuck-end',
      size: '80 × 40 × 150 mm',
      quantity: 5000,
      target_market: 'Tea lovers',
      price_point: 'premium',
      services: ['packaging-design'],
      links: ['https://example.com/board'],
      attachments: ['/files/u/g/a.png'],
      deadline: '2027-03-31',
      budget: '3k-7k',
      notes: 'Gold foil',
      ...fields,
    },
    mail_status: 'sent',
    mail_attempts: 1,
    create_at: Date.UTC(2026, 11, 1, 10),
    update_at: Date.UTC(2026, 11, 1, 10),
    ...over,
  };
}

function open() {
  const router = createMemoryRouter([{ path: '/admin/*', Component: AdminPage }], { initialEntries: ['/admin/design-requests'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetClientState();
  useSessionStore.getState().setToken('tok', 'user');
  useSessionStore.getState().setUser(user({ is_admin: true }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin/design-requests', () => {
  it('lists requests with reference, requester, product, packaging, mail status; details show every field and the images', async () => {
    mockFetch({
      'GET /api/admin/design_requests': ok({
        total: 2,
        list: [
          record(),
          record({ request_id: 'r2', reference: 'PS-DR-2026-ABCDEF', mail_status: 'pending', mail_attempts: 3 }, { packaging_type: 'not-sure' }),
        ],
      }),
    });
    open();
    const row = (await screen.findByText('PS-DR-2026-7K3F9Q')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Mira Okafor')).toBeTruthy();
    expect(within(row).getByText('Green tea')).toBeTruthy();
    expect(within(row).getByText('Straight Tuck End Box')).toBeTruthy();
    expect(within(row).getByText('Sent')).toBeTruthy();
    const pending = screen.getByText('PS-DR-2026-ABCDEF').closest('tr') as HTMLElement;
    expect(within(pending).getByText(/Pending/).textContent).toContain('3 attempts, retrying');
    expect(within(pending).getByText('Not sure yet')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: /Details/ }));
    const details = screen.getByTestId('design-request-details-PS-DR-2026-7K3F9Q');
    for (const text of [
      'Okafor Teas',
      'United Kingdom',
      '80 × 40 × 150 mm',
      '5,000',
      'Premium',
      'Packaging design',
      '2027-03-31',
      '$3,000 – $7,000',
      'Gold foil',
    ]) {
      expect(within(details).getByText(text)).toBeTruthy();
    }
    expect(within(details).getByRole('link', { name: 'https://example.com/board' })).toBeTruthy();
    expect(
      within(details)
        .getByRole<HTMLImageElement>('img', { name: /Reference 1/ })
        .getAttribute('src'),
    ).toBe('/files/u/g/a.png');
  });

  it('saves a status change and filters by status', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/design_requests': (ex) => (ex.url.includes('status=closed') ? ok({ total: 0, list: [] }) : ok({ total: 1, list: [record()] })),
      'PUT /api/admin/design_request': (ex) => ok(record({ status: (ex.body as { status: DesignRequestRecord['status'] }).status })),
    });
    open();
    const select = await screen.findByLabelText<HTMLSelectElement>('Status of PS-DR-2026-7K3F9Q');
    expect([...select.options].map((o) => o.textContent)).toEqual(['New', 'In progress', 'Answered', 'Closed']);
    fireEvent.change(select, { target: { value: 'in_progress' } });
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ request_id: 'r1', status: 'in_progress' }));
    expect(await screen.findByText('Saved: In progress.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'closed' } });
    expect(await screen.findByText('No design requests with the status “Closed”.')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    mockFetch({ 'GET /api/admin/design_requests': fail(500, 'Server error') });
    open();
    expect((await screen.findByRole('alert')).textContent).toContain('Server error');
  });
});
