import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '../../api/query-client';
import { mockFetch, ok } from '../../test-support';
import { CATALOG, msg, project, user } from '../../features/chat/chat-test-kit';
import { resetClientState } from '../../test-stores';
import { Component as QuotationPage } from './QuotationPage';

vi.mock('socket.io-client', async () => (await import('../../features/chat/chat-test-kit')).socketModule());

const quoteProject = project({ project_id: 'q9', type: 'pricing_tool', name: 'Quotation' });
const hello = msg({
  project_id: 'q9',
  type: 'hello',
  text: 'What product is the packaging for?',
  data: { selections: [], asking: 'product', options: [{ label: 'Tea', value: 'tea' }] },
});

function routes() {
  return {
    'POST /api/project': ok(quoteProject),
    'POST /api/quotation/from_project': ok({ project_id: 'q9' }),
    'GET /api/project/detail': ok(quoteProject),
    'GET /api/chat/history': ok({ list: [], has_more: false }),
    'POST /api/quotation/hello': ok({ messages: [hello], record: null }),
    'GET /api/quotation/state': ok({ selections: [], quotes: [] }),
    'GET /api/catalog/boxes': ok(CATALOG),
    'GET /api/user/me': ok(user()),
  };
}

function open(url: string) {
  const router = createMemoryRouter([{ path: '/aiquotation', Component: QuotationPage }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/aiquotation', () => {
  it('makes a pricing-tool project, puts it in the URL and greets with the quotation hello', async () => {
    const { calls } = mockFetch(routes());
    const router = open('/aiquotation');
    await waitFor(() => expect(router.state.location.search).toBe('?project_id=q9'));
    expect(calls.find((c) => c.url === '/api/project')?.body).toMatchObject({ type: 'pricing_tool' });
    expect((await screen.findAllByText('What product is the packaging for?')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.url.startsWith('/api/chat/hello'))).toBe(false);
    expect(await screen.findByTestId('quote-empty')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.textContent ?? '').not.toMatch(/coming soon|being built/i);
  });

  it('?from= quotes a design: POST /api/quotation/from_project and continues in the new project', async () => {
    const { calls } = mockFetch(routes());
    const router = open('/aiquotation?from=d1');
    await waitFor(() => expect(router.state.location.search).toBe('?project_id=q9'));
    expect(calls.find((c) => c.url === '/api/quotation/from_project')?.body).toEqual({ source_project_id: 'd1' });
    expect(calls.some((c) => c.url === '/api/project')).toBe(false);
  });
});
