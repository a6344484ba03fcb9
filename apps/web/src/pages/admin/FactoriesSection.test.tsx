import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '../../api/query-client';
import { user } from '../../features/chat/chat-test-kit';
import { factory, quote } from '../../features/factories/factory-test-kit';
import { useSessionStore } from '../../stores/session.store';
import { mockFetch, ok } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as AdminPage } from './AdminPage';

function open(url: string) {
  const router = createMemoryRouter([{ path: '/admin/*', Component: AdminPage }], { initialEntries: [url] });
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

describe('/admin/factories', () => {
  it('lists the factories; editing a sample entry sends every field and says it becomes real; delete asks first', async () => {
    const { calls } = mockFetch({
      'GET /api/factory/list/all': ok({ list: [factory(), factory({ id: 'f2', name: 'Rhône Cartons', sample: false })] }),
      'PUT /api/admin/factory': (ex) => ok({ ...factory(), ...(ex.body as object), sample: false }),
      'DELETE /api/admin/factory': ok({ id: 'f2' }),
    });
    open('/admin/factories');
    expect(await screen.findByText('2 in all, 1 sample entry.')).toBeTruthy();
    const row = screen.getByRole('row', { name: /Paulista Cartonagem/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Paulista Cartonagem' });
    expect(within(form).getByText(/saving it makes it a real listing/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Contact email'), { target: { value: 'real@paulista.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save factory' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      id: 'f1',
      contact_email: 'real@paulista.example',
      lat: -23.55,
      processes: ['offset', 'digital'],
      certifications: ['FSC', 'ISO 9001'],
      moq_min: 500,
    });

    const other = screen.getByRole('row', { name: /Rhône Cartons/ });
    fireEvent.click(within(other).getByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(other).getByRole('button', { name: 'Delete Rhône Cartons?' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ id: 'f2' }));
  });
});

describe('/admin/print-requests', () => {
  it('shows who sent what to which factory, the total and the status', async () => {
    const q = quote();
    mockFetch({
      'GET /api/admin/print_requests': ok({
        total: 1,
        list: [
          {
            id: 'r1',
            project_id: 'p1',
            factory: { id: 'f1', name: 'Paulista Cartonagem', city: 'São Paulo', country: 'Brazil', sample: true },
            design_url: '',
            spec: q.spec,
            box: q.box,
            unit_price: 0.74,
            total: 742,
            currency: 'EUR',
            contact_name: 'Ana',
            contact_email: 'ana@example.com',
            notes: '',
            status: 'in_production',
            created_at: Date.UTC(2026, 10, 28),
            user_id: 'u1',
            user_email: 'ana@example.com',
          },
        ],
      }),
    });
    open('/admin/print-requests');
    const row = await screen.findByRole('row', { name: /Paulista Cartonagem/ });
    expect(row.textContent).toContain('1,000 × Straight Tuck End Box');
    expect(row.textContent).toContain('€742');
    expect(row.textContent).toContain('in production');
    expect(row.textContent).toContain('ana@example.com');
  });
});
