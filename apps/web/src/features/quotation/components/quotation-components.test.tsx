import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockFetch, ok } from '../../../test-support';
import { resetClientState } from '../../../test-stores';
import { msg, project } from '../../chat/chat-test-kit';
import { ChatControllerProvider } from '../../chat/chat-context';
import { createChatController, type ChatController } from '../../chat/chat-controller';
import { createChatStore } from '../../chat/chat.store';
import { MessageItem } from '../../chat/components/MessageItem';
import { quote, SELECTIONS } from '../quote-test-kit';
import { QuoteCard } from './QuoteCard';
import { QuotePanel } from './QuotePanel';
import { SelectionsPanel } from './SelectionsPanel';

vi.mock('socket.io-client', async () => (await import('../../chat/chat-test-kit')).socketModule());

let chat: ChatController;
const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ChatControllerProvider controller={chat}>{ui}</ChatControllerProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
const data = (over: Record<string, unknown> = {}) => ({ selections: SELECTIONS, asking: null, options: [], ...over });

beforeEach(() => {
  resetClientState();
  chat = createChatController({ store: createChatStore() });
  chat.store.getState().patch({ projectId: 'p1', status: 'ready', project: project({ type: 'pricing_tool' }) });
});
afterEach(() => {
  cleanup();
  chat.dispose();
  vi.unstubAllGlobals();
});

describe('the selections panel', () => {
  it('lists Product first, in the order the assistant asks, each a button', () => {
    wrap(<SelectionsPanel selections={SELECTIONS} busy={false} onEdit={() => Promise.resolve(true)} />);
    const chips = screen.getAllByTestId('selection-chip');
    expect(chips.map((c) => c.getAttribute('data-name'))).toEqual(['product', 'box', 'size', 'material', 'print', 'finishes', 'quantity', 'destination']);
    expect(within(chips[0] as HTMLElement).getByRole('button').textContent).toContain('Organic tea');
    expect(within(chips[6] as HTMLElement).getByRole('button').textContent).toContain('Not chosen yet');
  });

  it('a size edit sends three numbers and the unit; Escape closes and gives focus back', async () => {
    const onEdit = vi.fn(() => Promise.resolve(true));
    wrap(<SelectionsPanel selections={SELECTIONS} busy={false} onEdit={onEdit} />);
    const chip = screen.getByRole('button', { name: /^Size:/ });
    fireEvent.click(chip);
    const editor = screen.getByTestId('editor-size');
    expect(within(editor).getByLabelText<HTMLInputElement>('Length').value).toBe('80');
    fireEvent.change(within(editor).getByLabelText('Height'), { target: { value: '6' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'in' }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Update' }));
    expect(onEdit).toHaveBeenCalledWith('size', '80 x 40 x 6 in');

    await waitFor(() => expect(screen.queryByTestId('editor-size')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /^Material:/ }));
    const select = screen.getByLabelText('Material');
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(screen.queryByTestId('editor-material')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Material:/ })));
  });

  it('refuses a quantity that is not a whole number; Enter sends a good one', () => {
    const onEdit = vi.fn(() => Promise.resolve(true));
    wrap(<SelectionsPanel selections={SELECTIONS} busy={false} onEdit={onEdit} />);
    fireEvent.click(screen.getByRole('button', { name: /^Quantity:/ }));
    const input = screen.getByLabelText('Quantity');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('whole number');
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(onEdit).toHaveBeenCalledWith('quantity', '5000');
  });

  it('an edit in the panel is PUT /api/quotation/selection and shows the assistant’s answer', async () => {
    const answer = msg({ type: 'answer', text: 'Updated: 1,000 boxes in kraft.', data: data({ quote: quote() }) });
    const { calls } = mockFetch({ 'PUT /api/quotation/selection': ok({ messages: [answer], record: null }) });
    wrap(<QuotePanel projectId="p1" />);
    fireEvent.click(screen.getByRole('button', { name: /^Material:/ }));
    fireEvent.change(screen.getByLabelText('Material'), { target: { value: 'Kraft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByTestId('quote-card');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ project_id: 'p1', name: 'material', value: 'Kraft' });
    expect((await screen.findByTestId('quote-reply')).textContent).toBe('Updated: 1,000 boxes in kraft.');
  });

  it('before a quote: what the assistant will ask, with the selections so far', async () => {
    chat.store.getState().addMessages([msg({ type: 'hello', data: data() })]);
    mockFetch({ 'GET /api/quotation/state': ok({ selections: [], quotes: [] }) });
    wrap(<QuotePanel projectId="p1" />);
    expect(await screen.findByTestId('quote-empty')).toBeTruthy();
    expect(screen.getAllByTestId('selection-chip')).toHaveLength(8);
  });

  it('shows the envelope message when the saved quotes cannot load, with a retry', async () => {
    mockFetch({ 'GET /api/quotation/state': { body: { code: 404, msg: 'Project not found.', data: null } } });
    wrap(<QuotePanel projectId="p1" />);
    const alert = await screen.findByText('Project not found.');
    expect(within(alert.parentElement as HTMLElement).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the quote card', () => {
  it('shows price, process, the breakdown sum, one-off tooling, facts and sample factories', () => {
    wrap(<QuoteCard quote={quote()} busy={false} onQuantity={vi.fn()} onDownload={() => Promise.resolve(true)} />);
    expect(screen.getByTestId('quote-unit-price').textContent).toBe('€0.742');
    expect(screen.getByTestId('quote-total').textContent).toBe('€742.00');
    expect(screen.getByTestId('quote-process').textContent).toBe('Digital');
    expect(screen.getByTestId('breakdown-sum').textContent).toBe('€742.00');
    expect(screen.getByText('one-off tooling').closest('tr')?.textContent).toContain('Cutting die');
    expect(screen.getByText('8-up on 1020 × 720 mm')).toBeTruthy();
    expect(screen.getAllByText('Sample data')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Köln' }).getAttribute('href')).toBe('/factories?city=K%C3%B6ln');
  });

  it('draws the ladder with the crossover label and a table for screen readers', () => {
    wrap(<QuoteCard quote={quote()} busy={false} onQuantity={vi.fn()} onDownload={() => Promise.resolve(true)} />);
    expect(screen.getByTestId('crossover-label').textContent).toBe('Offset cheaper from 2,000');
    expect(screen.getByRole('img', { name: /Unit price by quantity\. Unit price falls from €1\.60 at 250/ })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Quantity breaks' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
  });

  it('the quantity buttons and a custom number re-quote', () => {
    const onQuantity = vi.fn();
    wrap(<QuoteCard quote={quote()} busy={false} onQuantity={onQuantity} onDownload={() => Promise.resolve(true)} />);
    const picker = screen.getByRole('list', { name: 'Quantity' });
    expect(within(picker).getByRole('button', { name: '1,000' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(picker).getByRole('button', { name: '5,000' }));
    expect(onQuantity).toHaveBeenCalledWith(5000);
    fireEvent.change(screen.getByLabelText('Another quantity'), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Quote' }));
    expect(onQuantity).toHaveBeenLastCalledWith(3000);
  });

  it('Download PDF asks for the quote’s PDF and says so when it fails', async () => {
    const onDownload = vi.fn(() => Promise.resolve(false));
    wrap(<QuoteCard quote={quote()} busy={false} onQuantity={vi.fn()} onDownload={onDownload} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('quote-pdf'));
      await Promise.resolve();
    });
    expect(onDownload).toHaveBeenCalledWith('q1');
    expect(screen.getByRole('alert').textContent).toContain('could not be downloaded');
  });
});

describe('quotation chat messages', () => {
  it('draw the text, the quick answers (sent as messages to /api/quotation/message) and a quote line', async () => {
    const { calls } = mockFetch({ 'POST /api/quotation/message': ok({ messages: [], record: null }) });
    const ask = msg({ type: 'text', text: 'Which box?', data: data({ asking: 'box', options: [{ label: 'Straight tuck end', value: 'straight tuck end' }] }) });
    chat.store.getState().addMessages([ask]);
    wrap(<MessageItem m={ask} />);
    expect(screen.getByText('Which box?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Straight tuck end' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/quotation/message'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/api/quotation/message'))?.body).toMatchObject({ project_id: 'p1', content: 'straight tuck end' });
    cleanup();
    wrap(<MessageItem m={msg({ type: 'answer', text: 'Here is your quote.', data: data({ quote: quote() }) })} />);
    expect(screen.getByTestId('quote-summary').textContent).toContain('€742.00');
  });
});
