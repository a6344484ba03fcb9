import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '../../api/query-client';
import { user } from '../../features/chat/chat-test-kit';
import { ideaItem } from '../../features/ideas/idea-test-kit';
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

describe('/admin/ideas', () => {
  it('lists ideas with their counts, searches them, and features or hides one with the admin call', async () => {
    const state = { featured: false, hidden: true };
    const { calls } = mockFetch({
      'GET /api/admin/ideas': () =>
        ok({
          total: 2,
          list: [
            { ...ideaItem({ featured: state.featured, like_count: 1234 }), hidden: false },
            { ...ideaItem({ project_id: 'i2', brand: 'Lumen', product: 'Oat milk', made_by_packsmith: false }), hidden: state.hidden },
          ],
        }),
      'PUT /api/admin/idea': (ex) => {
        const body = ex.body as { project_id: string; featured?: boolean; hidden?: boolean };
        if (body.featured !== undefined) state.featured = body.featured;
        if (body.hidden !== undefined) state.hidden = body.hidden;
        return ok({ project_id: body.project_id, featured: state.featured, hidden: state.hidden });
      },
    });
    open('/admin/ideas');
    const row = await screen.findByRole('row', { name: /Morning Ritual/ });
    expect(row.textContent).toContain('1,234');
    expect(row.textContent).toContain('by Packsmith');
    expect(screen.getByRole('row', { name: /Lumen/ }).textContent).toContain('published by a user');
    expect(screen.getByText('2 in all.')).toBeTruthy();

    const feature = within(row).getByRole<HTMLInputElement>('checkbox', { name: 'Feature Morning Ritual · Single-origin coffee' });
    expect(feature.checked).toBe(false);
    fireEvent.click(feature);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ project_id: 'i1', featured: true }));
    expect(await screen.findByText('Morning Ritual · Single-origin coffee is featured.')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /Morning Ritual/ })).getByRole<HTMLInputElement>('checkbox', { name: /Feature/ }).checked).toBe(true),
    );

    const unhide = within(screen.getByRole('row', { name: /Lumen/ })).getByRole<HTMLInputElement>('checkbox', { name: 'Hide Lumen · Oat milk' });
    expect(unhide.checked).toBe(true);
    fireEvent.click(unhide);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ project_id: 'i2', hidden: false }));
    expect(await screen.findByText('Lumen · Oat milk is back in the gallery.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Find an idea'), { target: { value: ' lumen ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/admin/ideas') && c.url.includes('keyword=lumen'))).toBe(true));
  });
});
