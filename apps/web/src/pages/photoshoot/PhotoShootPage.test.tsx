import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { mockFetch, ok } from '../../test-support';
import { useProjectStore } from '../../stores/project.store';
import { CATALOG, fakeSocket, project, record, user } from '../../features/chat/chat-test-kit';
import { scene, shootMsg } from '../../features/photoshoot/photoshoot-test-kit';
import { Component as PhotoShootPage } from './PhotoShootPage';
import { resetClientState } from '../../test-stores';

vi.mock('socket.io-client', async () => (await import('../../features/chat/chat-test-kit')).socketModule());
vi.mock('../../api/upload', () => ({
  prepareImage: vi.fn(async (file: File) => ({ blob: file, name: file.name, width: 2048, height: 1536, resized: true })),
  uploadPrepared: vi.fn(async () => ({ url: '/files/photo.png', key: 'k', width: 2048, height: 1536, resized: true, content_type: 'image/png', size: 1 })),
  uploadImage: vi.fn(),
}));

const shootProject = project({ project_id: 'ps1', type: 'photoshoot', name: 'Untitled photo shoot' });

function routes() {
  return {
    'POST /api/project': ok(shootProject),
    'GET /api/project/detail': ok(shootProject),
    'GET /api/project/info': ok(shootProject),
    'GET /api/chat/history': ok({ list: [], has_more: false }),
    'POST /api/chat/hello': ok({ messages: [shootMsg.hello({ msg_id: 'hello' })], record: null }),
    'POST /api/photoshoot/image/test': ok({ messages: [], record: record({ id: 'cut1', kind: 'cutout' }) }),
    'GET /api/generate/record': ok(record({ id: 'cut1', kind: 'cutout', status: 'running', progress: 30 })),
    'GET /api/photoshoot/template/list': ok({ list: [scene(1), scene(2)], total: 2 }),
    'GET /api/photoshoot/public/list': ok({ list: [], total: 2, categories: ['studio', 'surface'], colors: ['white'] }),
    'GET /api/photoshoot/landing/template/list': ok({ list: [scene(5), scene(6)], total: 2 }),
    'GET /api/catalog/boxes': ok(CATALOG),
    'GET /api/user/me': ok(user()),
  };
}

function open(url: string) {
  const router = createMemoryRouter([{ path: '/photoshoot', Component: PhotoShootPage }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  resetClientState();
  fakeSocket.emitted.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/photoshoot', () => {
  it('starts empty with the drop zone and sample scenes; a photo makes the project, puts it in the URL, and the cut-out progress shows', async () => {
    const { calls } = mockFetch(routes());
    const router = open('/photoshoot');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AI photo shoot');
    expect(await screen.findByRole('list', { name: 'Sample scenes' })).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/project')).toBe(false);

    fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['x'], 'bottle.png', { type: 'image/png' })] } });
    await waitFor(() => expect(router.state.location.search).toBe('?project_id=ps1'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/photoshoot/image/test')).toBe(true));
    expect(await screen.findByTestId('cutout-progress')).toBeTruthy();
    expect(screen.getByTestId('upload-done').textContent).toBe('Uploaded, 2048 × 1536 pixels (scaled down).');
    expect(screen.getByTestId('placement-empty').textContent).toContain('once it is cut out');

    // The cut-out arrives over the socket: the slider shows; the recommended scene is chosen and placed.
    fakeSocket.fire('chat:message', shootMsg.cutout('cut1'));
    fakeSocket.fire('chat:message', shootMsg.recommend([scene(1)]));
    expect(await screen.findByRole('slider', { name: /Compare original and cut-out/ })).toBeTruthy();
    expect(await screen.findByTestId('placement-product')).toBeTruthy();
    expect(within(screen.getByTestId('recommended-scenes')).getByRole('button', { name: 'Scene 1 (best match)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('generate-button')).toHaveProperty('disabled', false);

    // The assistant lives in the drawer; its messages are the chat's.
    // The router renders the new URL in a transition: the project's actions appear with it.
    fireEvent.click(await screen.findByTestId('assistant-toggle'));
    const drawer = await screen.findByRole('dialog', { name: 'Photo shoot assistant' });
    expect(within(drawer).getByText('Upload a photo of your product.')).toBeTruthy();
    expect(within(drawer).getByAltText('Your product, cut out')).toBeTruthy();
    // Closing the drawer does not stop the shoot's chat: Generate, which needs it, stays on.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog', { name: 'Photo shoot assistant' })).toBeNull();
    expect(screen.getByTestId('generate-button')).toHaveProperty('disabled', false);
  });

  it('?id= opens an existing shoot; "New photo shoot" starts over on /photoshoot', async () => {
    mockFetch(routes());
    const router = open('/photoshoot?id=ps1');
    await waitFor(() => expect(useProjectStore.getState().cacheProjectId.photoshoot_id).toBe('ps1'));
    fireEvent.click(await screen.findByRole('button', { name: 'New photo shoot' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByTestId('photoshoot-empty')).toBeTruthy();
    expect(useProjectStore.getState().cacheProjectId.photoshoot_id).toBe('');
  });

  it('without an id, the shoot this tab was on is reopened', async () => {
    mockFetch(routes());
    useProjectStore.getState().patch({ cacheProjectId: { design_id: '', photoshoot_id: 'ps1', isAjaxEnd: false } });
    const router = open('/photoshoot');
    await waitFor(() => expect(router.state.location.search).toBe('?project_id=ps1'));
    await waitFor(() => expect(fakeSocket.emitted).toContainEqual({ event: 'chat:join_room', payload: { project_id: 'ps1' } }));
  });
});
