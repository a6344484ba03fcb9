import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { mockFetch, ok } from '../../test-support';
import { useUiStore } from '../../stores/ui.store';
import { CATALOG, msg, project, user } from '../../features/chat/chat-test-kit';
import { Component as ChatPage } from './ChatPage';
import { resetClientState } from '../../test-stores';

vi.mock('socket.io-client', async () => (await import('../../features/chat/chat-test-kit')).socketModule());

const shoot = project({ project_id: 'ps1', type: 'photoshoot', name: 'Untitled photo shoot' });

/** A message in the conversation (the screen-reader announcer repeats the newest one). */
const said = async (text: string) => within(await screen.findByRole('list', { name: 'Conversation' })).findByText(text);

function open(url: string) {
  const router = createMemoryRouter([{ path: '/chat', Component: ChatPage }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetClientState();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/chat?id=', () => {
  it('a photo shoot chat lives in the chat drawer, greeted with its own hello type; Escape closes the drawer', async () => {
    const { calls } = mockFetch({
      'GET /api/project/info': ok(shoot),
      'GET /api/project/detail': ok(shoot),
      'GET /api/chat/history': ok({ list: [], has_more: false }),
      'POST /api/chat/hello': ok({ messages: [msg({ project_id: 'ps1', type: 'photoshootHello', text: 'Upload a product photo to begin.' })], record: null }),
      'GET /api/catalog/boxes': ok(CATALOG),
      'GET /api/user/me': ok(user()),
    });
    open('/chat?id=ps1');
    const drawer = await screen.findByRole('dialog', { name: 'Photo shoot assistant' });
    expect(await within(within(drawer).getByRole('list', { name: 'Conversation' })).findByText('Upload a product photo to begin.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/chat/hello')?.body).toEqual({ project_id: 'ps1', type: 'photoshoot' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Chat');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Photo shoot assistant' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(await screen.findByRole('dialog', { name: 'Photo shoot assistant' })).toBeTruthy();
  });

  it('when the chat cannot start, the drawer closes', async () => {
    const { calls } = mockFetch({
      'GET /api/project/info': ok(shoot),
      'GET /api/project/detail': 'network-error',
      'GET /api/chat/history': ok({ list: [], has_more: false }),
      'GET /api/catalog/boxes': ok(CATALOG),
    });
    open('/chat?id=ps1');
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/project/detail'))).toBe(true));
    await waitFor(() => expect(useUiStore.getState().chatDrawer).toBe(false));
    expect(screen.queryByRole('dialog', { name: 'Photo shoot assistant' })).toBeNull();
  });

  it('a design project opens the full chat workspace', async () => {
    const design = project({ project_id: 'd1', brand: 'Leaf & Co', product: 'Tea' });
    mockFetch({
      'GET /api/project/info': ok(design),
      'GET /api/project/detail': ok(design),
      'GET /api/chat/history': ok({ list: [msg({ project_id: 'd1', text: 'Welcome back' })], has_more: false }),
      'GET /api/catalog/boxes': ok(CATALOG),
    });
    open('/chat?id=d1');
    expect(await said('Welcome back')).toBeTruthy();
    expect(screen.getByTestId('chat-title').textContent).toContain('Leaf & Co · Tea');
    expect(screen.queryByTestId('chat-drawer')).toBeNull();
  });
});
