import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../features/billing/billing-test-kit';
import { user } from '../../features/chat/chat-test-kit';
import { factory, printCheck, quote } from '../../features/factories/factory-test-kit';
import { QUOTE_DEBOUNCE_MS } from '../../features/print/print-queries';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { fail, mockFetch, ok, type Exchange } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as PrintPage } from './PrintPage';

const URL_WITH_DESIGN = '/print?project_id=p1&image_url=https%3A%2F%2Fcdn.example%2Fdesign.png';

function quantityOf(ex: Exchange): number {
  return (ex.body as { quantity: number }).quantity;
}

function serve(extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  return mockFetch({
    'GET /api/print/check': ok(printCheck()),
    'POST /api/quotation/estimate': (ex) => ok(quote({ quantity: quantityOf(ex) })),
    'GET /api/print/requests': ok({ total: 0, list: [] }),
    ...extra,
  });
}

function signInAsUser() {
  useSessionStore.getState().setToken('tok-user', 'user');
  useSessionStore.getState().setUser(user({ email: 'ana@example.com', name: 'Ana' }));
}

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/print with a design', () => {
  it('shows the front, the dieline, the print figures, the checks and the Business note', async () => {
    serve();
    renderScreen(<PrintPage />, URL_WITH_DESIGN);
    const check = await screen.findByTestId('print-check');
    expect(within(check).getByAltText('The flat dieline').getAttribute('src')).toBe('/api/files/dieline-p1.svg');
    expect(within(check).getByAltText("The design's front").getAttribute('src')).toBe('https://cdn.example/front.png');
    expect(within(check).getByText('290 × 330 mm')).toBeTruthy();
    expect(within(check).getAllByText('3 mm')).toHaveLength(2);
    expect(within(check).getByText('OK')).toBeTruthy();
    expect(within(check).getByText('Fix')).toBeTruthy();
    expect(within(screen.getByTestId('print-ready')).getByRole('link', { name: 'See the Business plan' }).getAttribute('href')).toBe('/pricing');
  });

  it('asks for one live quote after typing stops (debounced), with the latest quantity', async () => {
    const { calls } = serve();
    renderScreen(<PrintPage />, URL_WITH_DESIGN);
    await screen.findByTestId('live-quote');
    const before = calls.filter((c) => c.url === '/api/quotation/estimate').length;
    const qty = screen.getByLabelText('Quantity');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    for (const v of ['2', '25', '250', '2500']) {
      fireEvent.change(qty, { target: { value: v } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS / 3);
      });
    }
    expect(calls.filter((c) => c.url === '/api/quotation/estimate')).toHaveLength(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS);
    });
    vi.useRealTimers();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/quotation/estimate')).toHaveLength(before + 1));
    const last = calls.filter((c) => c.url === '/api/quotation/estimate').at(-1)!;
    expect(last.body).toMatchObject({
      box: 'straight-tuck-end',
      length_mm: 80,
      width_mm: 40,
      height_mm: 150,
      material: 'WHITE_BOARD',
      quantity: 2500,
      project_id: 'p1',
    });
  });

  it('shows the unit price, total, MOQ, lead time and the ladder; a material the box cannot take shows the message', async () => {
    serve({
      'POST /api/quotation/estimate': (ex) =>
        (ex.body as { material: string }).material === 'GLASS_MATT' ? fail(400, 'material: a Straight Tuck End Box is made of board, not glass.') : ok(quote()),
    });
    renderScreen(<PrintPage />, URL_WITH_DESIGN);
    const live = await screen.findByTestId('live-quote');
    expect(within(live).getByTestId('quote-unit').textContent).toBe('€0.74');
    expect(within(live).getByTestId('quote-total').textContent).toBe('€742');
    expect(within(live).getByText('15 days')).toBeTruthy();
    expect(within(live).getAllByRole('row')).toHaveLength(4);
    fireEvent.change(screen.getByLabelText('Material'), { target: { value: 'GLASS_MATT' } });
    expect((await screen.findByTestId('quote-error')).textContent).toBe('material: a Straight Tuck End Box is made of board, not glass.');
  });

  it('a guest who sends is asked to sign in', async () => {
    const { calls } = serve();
    renderScreen(<PrintPage />, URL_WITH_DESIGN);
    await screen.findByTestId('live-quote');
    fireEvent.click(screen.getByRole('button', { name: 'Send print request' }));
    expect(useUiStore.getState().loginModal).toBe(true);
    expect(calls.some((c) => c.url === '/api/print/request')).toBe(false);
  });

  it('a user picks a factory and sends: the confirmation and their requests follow', async () => {
    signInAsUser();
    const sent = {
      id: 'r1',
      project_id: 'p1',
      factory: { id: 'f1', name: 'Paulista Cartonagem', city: 'São Paulo', country: 'Brazil', sample: true },
      design_url: 'https://cdn.example/design.png',
      spec: quote().spec,
      box: quote().box,
      unit_price: 0.74,
      total: 742,
      currency: 'EUR',
      contact_name: 'Ana',
      contact_email: 'ana@example.com',
      notes: '',
      status: 'sent',
      print_file_url: null,
      created_at: Date.UTC(2026, 10, 28),
    };
    const { calls } = serve({ 'POST /api/print/request': ok(sent), 'GET /api/print/requests': ok({ total: 1, list: [sent] }) });
    renderScreen(<PrintPage />, URL_WITH_DESIGN);
    await screen.findByTestId('live-quote');
    fireEvent.click(screen.getByRole('button', { name: 'Send print request' }));
    expect(await screen.findByText('Choose a factory to send the request to.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ana@example.com');
    fireEvent.click(within(screen.getByRole('article', { name: 'Paulista Cartonagem' })).getByRole('button', { name: 'Choose this factory' }));
    fireEvent.change(screen.getByLabelText('Notes for the factory (optional)'), { target: { value: 'Deliver to Lisbon.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send print request' }));
    expect((await screen.findByTestId('print-sent')).textContent).toContain('Sent to Paulista Cartonagem. We emailed you a copy.');
    const req = calls.find((c) => c.url === '/api/print/request');
    expect(req?.body).toMatchObject({
      project_id: 'p1',
      factory_id: 'f1',
      quantity: 1000,
      contact_email: 'ana@example.com',
      contact_name: 'Ana',
      notes: 'Deliver to Lisbon.',
    });
    expect(await within(await screen.findByTestId('my-print-requests')).findByText(/Paulista Cartonagem/)).toBeTruthy();
    // Not a Business member: no print file went with it.
    expect(screen.queryByTestId('print-pdf')).toBeNull();
  });

  it("a Business member's request went with the print-ready PDF: a Print PDF link in the confirmation and in their requests", async () => {
    signInAsUser();
    const sent = {
      id: 'r2',
      project_id: 'p1',
      factory: { id: 'f1', name: 'Paulista Cartonagem', city: 'São Paulo', country: 'Brazil', sample: true },
      design_url: 'https://cdn.example/design.png',
      spec: quote().spec,
      box: quote().box,
      unit_price: 0.74,
      total: 742,
      currency: 'EUR',
      contact_name: 'Ana',
      contact_email: 'ana@example.com',
      notes: '',
      status: 'sent',
      print_file_url: '/files/u/ana/print.pdf',
      created_at: Date.UTC(2026, 10, 28),
    };
    const older = { ...sent, id: 'r1', print_file_url: null };
    serve({ 'POST /api/print/request': ok(sent), 'GET /api/print/requests': ok({ total: 2, list: [sent, older] }) });
    renderScreen(<PrintPage />, URL_WITH_DESIGN);
    await screen.findByTestId('live-quote');
    fireEvent.click(within(screen.getByRole('article', { name: 'Paulista Cartonagem' })).getByRole('button', { name: 'Choose this factory' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send print request' }));
    const confirmation = await screen.findByTestId('print-sent');
    const link = within(confirmation).getByRole('link', { name: 'Print PDF' });
    expect(link.getAttribute('href')).toBe('/files/u/ana/print.pdf');
    expect(link.hasAttribute('download')).toBe(true);
    const mine = await screen.findByTestId('my-print-requests');
    await waitFor(() => expect(within(mine).getAllByRole('listitem')).toHaveLength(2));
    // Only the request that went with a file links one.
    expect(
      within(mine)
        .getAllByRole('link', { name: 'Print PDF' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/files/u/ana/print.pdf']);
  });

  it('more factories by the quote’s process can be shown', async () => {
    const { calls } = serve({ 'GET /api/factory/list': ok({ total: 1, list: [factory({ id: 'f9', name: 'Offset Nine' })] }) });
    renderScreen(<PrintPage />, URL_WITH_DESIGN);
    await screen.findByTestId('live-quote');
    fireEvent.click(screen.getByRole('button', { name: 'Show more factories' }));
    expect(await screen.findByRole('article', { name: 'Offset Nine' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/factory/list?') && c.url.includes('process=offset'))).toBe(true);
  });
});

describe('/print without a design', () => {
  it('lists the design projects, then the chosen one’s images, and opens the check for the picked image', async () => {
    serve({
      'GET /api/project/list': ok({
        total: 1,
        list: [
          {
            project_id: 'p1',
            type: 'design',
            name: 'Tea box',
            product: 'tea',
            brand: '',
            parent_project_id: null,
            is_public: false,
            create_at: 1,
            update_at: 1,
            cover: null,
          },
        ],
      }),
      'GET /api/project/info': ok({ project_id: 'p1', result_list: [['https://cdn.example/a.png'], ['https://cdn.example/b.png']] }),
    });
    renderScreen(<PrintPage />, '/print');
    fireEvent.click(await screen.findByRole('button', { name: /Tea box/ }));
    const images = await screen.findAllByRole('button', { name: /Print this design/ });
    expect(images.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual(['https://cdn.example/b.png', 'https://cdn.example/a.png']);
    fireEvent.click(images[0]!);
    expect(await screen.findByTestId('print-check')).toBeTruthy();
  });

  it('with no designs it points to the design chat', async () => {
    serve({ 'GET /api/project/list': ok({ total: 0, list: [] }) });
    renderScreen(<PrintPage />, '/print');
    expect((await screen.findByRole('link', { name: 'Design a box' })).getAttribute('href')).toBe('/design-chat');
  });
});
