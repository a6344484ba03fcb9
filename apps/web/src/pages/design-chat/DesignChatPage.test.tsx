import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { mockFetch, ok } from '../../test-support';
import { useChatStore } from '../../stores/chat.store';
import { useHistoryStore } from '../../stores/history.store';
import { useProjectStore } from '../../stores/project.store';
import { CATALOG, msg, project, user } from '../../features/chat/chat-test-kit';
import { closeChat } from '../../features/chat/chat-controller';
import { Component as DesignChatPage } from './DesignChatPage';
import { resetClientState } from '../../test-stores';

vi.mock('socket.io-client', async () => (await import('../../features/chat/chat-test-kit')).socketModule());

let created = 0;
function routes() {
  return {
    'POST /api/project': () => {
      created += 1;
      return ok(project({ project_id: `new${created}` }));
    },
    'GET /api/project/detail': (ex: { url: string }) => ok(project({ project_id: new URL(ex.url, 'http://x').searchParams.get('project_id') ?? '' })),
    'GET /api/chat/history': ok({ list: [], has_more: false }),
    'POST /api/chat/hello': (ex: { body: unknown }) => ok({ messages: [msg({ project_id: (ex.body as { project_id: string }).project_id, type: 'hello', text: 'Hi! What are we packaging?' })], record: null }),
    'GET /api/catalog/boxes': ok(CATALOG),
    'GET /api/user/me': ok(user({ type: 'guest' })),
  };
}

/** A message in the conversation (the screen-reader announcer repeats the newest one). */
const said = async (text: string) => within(await screen.findByRole('list', { name: 'Conversation' })).findByText(text);

function open(url: string) {
  const router = createMemoryRouter([{ path: '/design-chat', Component: DesignChatPage }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  created = 0;
  resetClientState();
});
afterEach(() => {
  cleanup();
  closeChat();
  vi.unstubAllGlobals();
});

describe('/design-chat', () => {
  it('without pid: creates a project (a fork with fid), replaces the URL with ?pid= and greets', async () => {
    const { calls } = mockFetch(routes());
    const router = open('/design-chat?fid=src1');
    await waitFor(() => expect(router.state.location.search).toBe('?pid=new1'));
    expect(calls.find((c) => c.url === '/api/project')?.body).toEqual({ type: 'design', fork_from: 'src1' });
    expect(await said('Hi! What are we packaging?')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Design chat');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('New chat resets the chat and starts another project; the old one stays in Recent chats', async () => {
    mockFetch(routes());
    const router = open('/design-chat');
    await waitFor(() => expect(router.state.location.search).toBe('?pid=new1'));
    await said('Hi! What are we packaging?');
    act(() => useProjectStore.getState().patch({ product: 'Tea' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'New chat' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?pid=new2'));
    await waitFor(() => expect(useChatStore.getState().messages.map((m) => m.project_id)).toEqual(['new2']));
    expect(useProjectStore.getState().product).toBe('');
    expect(useHistoryStore.getState().records.map((r) => r.id).sort()).toEqual(['new1', 'new2']);
  });
});
