import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Msg, WAITING_MESSAGE_AFTER_MS } from '@packsmith/contracts';
import { mockFetch, ok } from '../../../test-support';
import { useProjectStore } from '../../../stores/project.store';
import { useUiStore } from '../../../stores/ui.store';
import { CATALOG, msg } from '../chat-test-kit';
import { ChatControllerProvider } from '../chat-context';
import { createChatController, type ChatController } from '../chat-controller';
import { createChatStore } from '../chat.store';
import { WAITING_MESSAGES } from '../waiting';
import { Composer } from './Composer';
import { ImageSwiper } from './ImageSwiper';
import { LazyImage } from './LazyImage';
import { MessageItem } from './MessageItem';
import { WaitingNotice } from './WaitingNotice';
import { resetClientState } from '../../../test-stores';

vi.mock('socket.io-client', async () => (await import('../chat-test-kit')).socketModule());

/** The open chat the components are drawn in: project p1, ready. */
let chat: ChatController;
const wrap = (ui: ReactNode) =>
  render(
    <MemoryRouter>
      <ChatControllerProvider controller={chat}>{ui}</ChatControllerProvider>
    </MemoryRouter>,
  );
const brief = {
  product: 'Green tea',
  brand: 'Leaf & Co',
  box: ['mailer-box'],
  box_id: 201,
  element: ['tea leaves'],
  style: ['minimalist'],
  color: ['sage'],
  logo: '',
};

beforeEach(() => {
  resetClientState();
  chat = createChatController({ store: createChatStore() });
  chat.store.getState().patch({ projectId: 'p1', status: 'ready' });
});
afterEach(() => {
  cleanup();
  chat.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('every message kind is drawn', () => {
  it('hello, text, product and lastQuestion are assistant bubbles; user messages sit right with their reference image', () => {
    for (const type of ['hello', 'text', 'product', 'lastQuestion'] as const) {
      wrap(<MessageItem m={msg({ type, text: `a ${type} message` })} />);
      const row = screen.getByText(`a ${type} message`).closest('[data-testid="chat-message"]');
      expect(row?.getAttribute('data-role')).toBe('assistant');
      cleanup();
    }
    wrap(<MessageItem m={msg({ role: 'user', text: 'Green tea', reference_img: '/files/ref.png' })} />);
    const row = screen.getByText('Green tea').closest('[data-testid="chat-message"]');
    expect(row?.getAttribute('data-role')).toBe('user');
    expect(row?.className).toContain('items-end');
    expect(screen.getByAltText('Reference image').getAttribute('src')).toBe('/files/ref.png');
  });

  it('a reading check offers one-tap answers that send their words, and they go once answered', async () => {
    const { calls } = mockFetch({ 'POST /api/chat/message': ok({ messages: [], record: null }) });
    const suggestions = [
      { label: 'Yes, that’s right', content: 'Yes, the brand is Juniper Lane and the product is gin.' },
      { label: 'No — the brand is gin', content: 'The brand is gin and the product is Juniper Lane.' },
    ];
    const check = msg({ type: 'text', text: 'Brand “Juniper Lane”, product “gin” — right?', data: { suggestions } });
    chat.store.getState().addMessages([check]);
    wrap(<MessageItem m={check} />);
    const chips = within(screen.getByTestId('suggestion-chips')).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['Yes, that’s right', 'No — the brand is gin']);
    await act(async () => fireEvent.click(chips[1] as HTMLElement));
    expect(calls.find((c) => c.url === '/api/chat/message')?.body).toMatchObject({ content: 'The brand is gin and the product is Juniper Lane.' });
    cleanup();
    chat.store.getState().addMessages([msg({ role: 'user', text: 'The brand is gin and the product is Juniper Lane.' })]);
    wrap(<MessageItem m={check} />);
    expect(screen.queryByTestId('suggestion-chips')).toBeNull();
  });

  it('box options are cards; a click sends the choice and selects it', async () => {
    const { calls } = mockFetch({ 'POST /api/chat/message': ok({ messages: [], record: null }) });
    const options = CATALOG.categories.map((c) => c.boxes[0]).filter((b) => b !== undefined);
    wrap(<MessageItem m={msg({ type: 'box', text: 'Which box suits it?', data: { box_options: options } })} />);
    const cards = screen.getAllByTestId('box-option');
    expect(cards.map((c) => c.textContent)).toEqual(options.map((o) => `${o.name}${o.category}`));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Mailer Box/ })));
    expect(screen.getByRole('button', { name: /Mailer Box/ }).getAttribute('aria-pressed')).toBe('true');
    expect(useProjectStore.getState().boxId).toBe(201);
    expect(calls.find((c) => c.url === '/api/chat/message')?.body).toMatchObject({ content: 'Mailer Box (FEFCO 0427)' });
  });

  it('recommendations are chips; "Use these" is off until one is picked and sends the picks', async () => {
    const { calls } = mockFetch({ 'POST /api/chat/message': ok({ messages: [], record: null }) });
    wrap(
      <MessageItem m={msg({ type: 'recommend', text: 'These would suit you', data: { styles: ['minimalist', 'botanical'], colors: ['sage', 'cream'] } })} />,
    );
    const use = screen.getByRole('button', { name: 'Use these' });
    expect(use).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'botanical' }));
    fireEvent.click(screen.getByRole('button', { name: 'sage' }));
    expect(screen.getByRole('button', { name: 'sage' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(use));
    expect(calls.find((c) => c.url === '/api/chat/message')?.body).toMatchObject({ content: "Let's go with a botanical style in sage." });
  });

  it('an answer is a grid of designs with like / dislike / best toggles (aria-pressed, optimistic)', async () => {
    mockFetch({ 'POST /api/project/like/image': ok({ like_list: [], dislike_list: [], like_best: '/files/2.png' }) });
    wrap(
      <MessageItem
        m={msg({
          type: 'answer',
          text: 'Here are four designs',
          data: { imageUrls: ['/files/1.png', '/files/2.png'], designs: [], record_id: 'r1', prompt_index: 0 },
        })}
      />,
    );
    expect(screen.getAllByTestId('design-card')).toHaveLength(2);
    const best = screen.getByRole('button', { name: 'Mark design 2 as best' });
    expect(best.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(best));
    expect(best.getAttribute('aria-pressed')).toBe('true');
    expect(within(screen.getAllByTestId('design-card')[1] as HTMLElement).getByText('Best')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Like design 1' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('an answer still generating shows its progress bar', () => {
    chat.store.getState().patch({ generations: { r7: { recordId: 'r7', progress: 42, status: 'running', startedAt: 0 } } });
    wrap(<MessageItem m={msg({ type: 'answer', isloading: true, text: '', data: { record_id: 'r7' } })} />);
    expect(screen.getByRole('progressbar', { name: 'Design progress' }).getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42%')).toBeTruthy();
  });

  it('an error is a red bubble whose "Try again" asks the server to retry', async () => {
    const { calls } = mockFetch({ 'POST /api/paint/retry': ok({ messages: [], record: null }), 'GET /api/user/me': ok(null) });
    wrap(<MessageItem m={msg({ msg_id: 'err1', type: 'error', text: 'The design run failed.', data: { record_id: 'r1' } })} />);
    expect(screen.getByRole('alert').textContent).toContain('The design run failed.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(calls.find((c) => c.url === '/api/paint/retry')?.body).toEqual({ msg_id: 'err1', retry_num: 1 });
  });

  it('a brief update is a quiet line, and a chat summary shows the brief as a card', () => {
    wrap(<MessageItem m={msg({ type: 'updateOptions', text: '', data: { brief } })} />);
    expect(screen.getByText('Brief updated · Leaf & Co · Green tea · Mailer Box (FEFCO 0427)')).toBeTruthy();
    cleanup();
    useProjectStore.getState().patch({ product: 'Green tea', brand: 'Leaf & Co' });
    wrap(<MessageItem m={msg({ type: 'chat_summary', text: 'Here is what I have', data: { brief } })} />);
    const card = screen.getByTestId('summary-card');
    expect(within(card).getByText('Green tea')).toBeTruthy();
    expect(within(card).getByText('sage')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Generate designs' })).toBeTruthy();
  });
});

describe('composer', () => {
  it('never sends an empty or whitespace message; Enter sends, Shift+Enter does not', async () => {
    const { calls } = mockFetch({ 'POST /api/chat/message': ok({ messages: [], record: null }) });
    wrap(<Composer />);
    const field = screen.getByLabelText('Message the design assistant');
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: '   \n  ' } });
    expect(send).toHaveProperty('disabled', true);
    await act(async () => fireEvent.keyDown(field, { key: 'Enter' }));
    expect(calls).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'Green tea' } });
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    expect(calls).toHaveLength(0);
    expect(send).toHaveProperty('disabled', false);
    await act(async () => fireEvent.keyDown(field, { key: 'Enter' }));
    expect(calls.map((c) => c.body)).toEqual([{ project_id: 'p1', content: 'Green tea', is_generate: false }]);
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it('Generate works with anything known or typed (the assistant fills the rest), and is off while a generation runs', async () => {
    const { calls } = mockFetch({ 'POST /api/chat/message': ok({ messages: [], record: null }) });
    wrap(<Composer />);
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(generate).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Message the design assistant'), { target: { value: 'Crunchy Monsters — kids cheese crackers' } });
    expect(generate).toHaveProperty('disabled', false);
    await act(async () => fireEvent.click(generate));
    expect(calls.map((c) => c.body)).toEqual([{ project_id: 'p1', content: 'Crunchy Monsters — kids cheese crackers', is_generate: true }]);
    act(() => useProjectStore.getState().patch({ product: 'Tea' }));
    expect(generate).toHaveProperty('disabled', false);
    act(() => chat.store.getState().patch({ generations: { r1: { recordId: 'r1', progress: 5, status: 'running', startedAt: 0 } } }));
    expect(generate).toHaveProperty('disabled', true);
  });

  it('a reference image that is not an image is refused with the spec message', async () => {
    wrap(<Composer />);
    const input = screen.getByTestId('reference-input');
    await act(async () => fireEvent.change(input, { target: { files: [new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' })] } }));
    expect(screen.getByTestId('upload-error').textContent).toContain(Msg.uploadImageFile);
  });
});

describe('waiting message', () => {
  it('appears 20 s after sending and alternates queue / high demand every 20 s', () => {
    vi.useFakeTimers();
    const since = Date.now();
    render(<WaitingNotice since={since} showDots={false} />);
    expect(screen.queryByTestId('waiting-message')).toBeNull();
    act(() => vi.advanceTimersByTime(WAITING_MESSAGE_AFTER_MS - 1_000));
    expect(screen.queryByTestId('waiting-message')).toBeNull();
    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.getByTestId('waiting-message').textContent).toBe(WAITING_MESSAGES[0]);
    act(() => vi.advanceTimersByTime(WAITING_MESSAGE_AFTER_MS));
    expect(screen.getByTestId('waiting-message').textContent).toBe(WAITING_MESSAGES[1]);
    act(() => vi.advanceTimersByTime(WAITING_MESSAGE_AFTER_MS));
    expect(screen.getByTestId('waiting-message').textContent).toBe(WAITING_MESSAGES[0]);
  });
});

describe('full-screen preview and menus', () => {
  it('the preview moves with ← / → and the arrow buttons, and Escape closes it', () => {
    wrap(<ImageSwiper />);
    act(() => chat.openPreview(['/files/1.png', '/files/2.png', '/files/3.png'], 0));
    const dialog = screen.getByRole('dialog', { name: 'Design preview' });
    expect(within(dialog).getByText('1 / 3')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close preview' }));
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(within(dialog).getByText('2 / 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous design' }));
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(within(dialog).getByText('3 / 3')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Design preview' })).toBeNull();
    expect(useUiStore.getState().imageSwiper).toBe(false);
  });

  it("a design's action menu opens on its first item, moves with the arrows and closes on Escape back to its button", () => {
    wrap(<MessageItem m={msg({ type: 'answer', text: '', data: { imageUrls: ['/files/1.png'], designs: [], record_id: 'r1', prompt_index: 0 } })} />);
    const button = screen.getByRole('button', { name: 'More actions for design 1' });
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'More actions for design 1' });
    expect(document.activeElement?.textContent).toBe('View full screen');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Edit this design');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('"Edit this design" asks what should change and sends it as an edit', async () => {
    const { calls } = mockFetch({ 'POST /api/generate/project/edit': ok({ messages: [], record: null }) });
    wrap(
      <MessageItem
        m={msg({ msg_id: 'ans1', type: 'answer', text: '', data: { imageUrls: ['/files/1.png'], designs: [], record_id: 'r1', prompt_index: 0 } })}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More actions for design 1' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit this design' }));
    const field = screen.getByLabelText('What should change in design 1?');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Make the logo bigger' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply edit' })));
    expect(calls.find((c) => c.url === '/api/generate/project/edit')?.body).toEqual({
      project_id: 'p1',
      image_url: '/files/1.png',
      msg_id: 'ans1',
      content: 'Make the logo bigger',
    });
    expect(screen.queryByLabelText('What should change in design 1?')).toBeNull();
  });
});

describe('lazy image', () => {
  it('goes loading → loaded, or loading → error with a retry that loads again', () => {
    const { container } = render(<LazyImage src="/files/a.png" alt="A design" />);
    const box = () => container.firstElementChild as HTMLElement;
    expect(box().dataset.state).toBe('loading');
    expect(screen.getByAltText('A design').getAttribute('loading')).toBe('lazy');
    fireEvent.load(screen.getByAltText('A design'));
    expect(box().dataset.state).toBe('loaded');
    cleanup();
    const second = render(<LazyImage src="/files/b.png" alt="B design" />);
    fireEvent.error(screen.getByAltText('B design'));
    expect((second.container.firstElementChild as HTMLElement).dataset.state).toBe('error');
    expect(screen.getByRole('alert').textContent).toBe(Msg.imageLoadError);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((second.container.firstElementChild as HTMLElement).dataset.state).toBe('loading');
    expect(screen.getByAltText('B design').getAttribute('src')).toBe('/files/b.png?retry=1');
  });
});
