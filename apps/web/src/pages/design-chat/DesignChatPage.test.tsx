import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { mockFetch, ok } from '../../test-support';
import { useProjectStore } from '../../stores/project.store';
import { CATALOG, msg, project, user } from '../../features/chat/chat-test-kit';
import { readLocalHistory } from '../../features/chat/local-history';
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
    'POST /api/chat/hello': (ex: { body: unknown }) => {
      const projectId = (ex.body as { project_id: string }).project_id;
      return ok({ messages: [msg({ project_id: projectId, type: 'hello', text: `Hi! What are we packaging? (${projectId})` })], record: null });
    },
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
  vi.unstubAllGlobals();
});

describe('/design-chat', () => {
  it('without pid: creates a project (a fork with fid), replaces the URL with ?pid= and greets', async () => {
    const { calls } = mockFetch(routes());
    const router = open('/design-chat?fid=src1');
    await waitFor(() => expect(router.state.location.search).toBe('?pid=new1'));
    expect(calls.find((c) => c.url === '/api/project')?.body).toEqual({ type: 'design', fork_from: 'src1' });
    expect(await said('Hi! What are we packaging? (new1)')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Design chat');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('New chat resets the chat and starts another project; the old one stays in Recent chats', async () => {
    mockFetch(routes());
    const router = open('/design-chat');
    await waitFor(() => expect(router.state.location.search).toBe('?pid=new1'));
    await said('Hi! What are we packaging? (new1)');
    act(() => useProjectStore.getState().patch({ product: 'Tea' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'New chat' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?pid=new2'));
    await said('Hi! What are we packaging? (new2)');
    // The conversation is the new project's alone.
    expect(within(screen.getByRole('list', { name: 'Conversation' })).getAllByTestId('chat-message')).toHaveLength(1);
    expect(useProjectStore.getState().product).toBe('');
    expect(
      readLocalHistory()
        .map((r) => r.id)
        .sort(),
    ).toEqual(['new1', 'new2']);
  });
});
