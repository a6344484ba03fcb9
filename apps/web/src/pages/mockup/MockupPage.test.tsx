import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { MOCKUP_CATEGORY_NAMES } from '@packsmith/contracts';
import { createQueryClient } from '../../api/query-client';
import { mockFetch, ok, fail, type Exchange } from '../../test-support';
import { CATALOG, fakeSocket, project, record, user } from '../../features/chat/chat-test-kit';
import { mockMsg, template, templateInfo } from '../../features/mockup/mockup-test-kit';
import { Component as MockupPage } from './MockupPage';
import { resetClientState } from '../../test-stores';

vi.mock('socket.io-client', async () => (await import('../../features/chat/chat-test-kit')).socketModule());
vi.mock('../../api/upload', () => ({
  prepareImage: vi.fn(async (file: File) => ({ blob: file, name: file.name, width: 1200, height: 1600, resized: false })),
  uploadPrepared: vi.fn(async () => ({ url: '/files/design.png', key: 'k', width: 1200, height: 1600, resized: false, content_type: 'image/png', size: 1 })),
}));

const mockupProject = project({ project_id: 'mk1', type: 'mockup', name: 'Untitled mockup' });
const counts = (n: number) => MOCKUP_CATEGORY_NAMES.map((name, i) => ({ name, count: i < 2 ? n : 0 }));

type Routes = Parameters<typeof mockFetch>[0];
function routes(extra: Routes = {}): Routes {
  return {
    'GET /api/mockup/template/cate/list': ok(MOCKUP_CATEGORY_NAMES.map((name) => ({ name, count: 1 }))),
    'GET /api/mockup/template/list': (ex) => {
      const q = new URL(ex.url, 'http://x').searchParams;
      if (q.get('keyword') === 'nothing') return ok({ list: [], total: 0 });
      return ok({ list: [template(1), template(2)], total: 2 });
    },
    'GET /api/mockup/template/info': ok(templateInfo(1)),
    'POST /api/project': ok(mockupProject),
    'GET /api/project/detail': ok(mockupProject),
    'GET /api/chat/history': ok({ list: [], has_more: false }),
    'POST /api/chat/hello': ok({ messages: [mockMsg.hello({ msg_id: 'hello' })], record: null }),
    'GET /api/catalog/boxes': ok(CATALOG),
    'GET /api/user/me': ok(user()),
    'POST /api/material': ok({ id: 'mat1', material_url: '/files/design.png', create_at: 1 }),
    'GET /api/material/list': ok([]),
    'GET /api/composite/material/list': ok([]),
    'GET /api/project/list': ok({ list: [], total: 0 }),
    'GET /api/generate/record': ok(record({ id: 'rec1', project_id: 'mk1', kind: 'mockup_render', status: 'running', progress: 20 })),
    'POST /api/mockup/result': ok({
      messages: [mockMsg.handle('rec1', 'generate', { msg_id: 'h1' })],
      record: record({ id: 'rec1', project_id: 'mk1', kind: 'mockup_render', status: 'queued' }),
    }),
    ...extra,
  };
}

function open(url: string) {
  const router = createMemoryRouter([{ path: '/aimockup/*', Component: MockupPage }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const here = (router: ReturnType<typeof open>) => router.state.location.pathname + router.state.location.search;
const listCalls = (calls: Exchange[]) => calls.filter((c) => c.url.startsWith('/api/mockup/template/list')).map((c) => new URL(c.url, 'http://x').searchParams);

beforeEach(() => {
  resetClientState();
  fakeSocket.emitted.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/aimockup: the library', () => {
  it('shows the 8 categories with their counts as links, and the templates as cards that open the studio', async () => {
    mockFetch(routes());
    open('/aimockup');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('AI mockup');
    const nav = screen.getByRole('navigation', { name: 'Mockup categories' });
    await within(nav).findByText('8');
    const bottles = within(nav).getByRole('link', { name: /Bottles & Jugs/ });
    expect(bottles.getAttribute('href')).toBe('/aimockup/Bottles%20%26%20Jugs');
    expect(within(nav).getAllByRole('link')).toHaveLength(9);
    const cards = await screen.findAllByTestId('template-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.getAttribute('href')).toBe('/aimockup/Boxes?template=boxes-tuck-end-1');
    expect(document.body.textContent).not.toMatch(/coming soon|being built/i);
  });

  it('a category typed in the URL is the current tab and filters the list', async () => {
    const { calls } = mockFetch(routes());
    open('/aimockup/Bottles%20%26%20Jugs');
    await screen.findAllByTestId('template-card');
    const nav = screen.getByRole('navigation', { name: 'Mockup categories' });
    expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('data-category')).toBe('Bottles & Jugs');
    expect(listCalls(calls)[0]?.get('category')).toBe('Bottles & Jugs');
  });

  it('the search runs after typing pauses and goes into the URL; no match says so and offers to clear it', async () => {
    const { calls } = mockFetch(routes());
    const router = open('/aimockup/Boxes');
    await screen.findAllByTestId('template-card');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search templates' }), { target: { value: 'nothing' } });
    expect(here(router)).toBe('/aimockup/Boxes');
    await waitFor(() => expect(here(router)).toBe('/aimockup/Boxes?q=nothing'));
    expect((await screen.findByTestId('templates-empty')).textContent).toContain('No templates match “nothing”');
    expect(listCalls(calls).at(-1)?.get('keyword')).toBe('nothing');
    fireEvent.click(within(screen.getByTestId('templates-empty')).getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(here(router)).toBe('/aimockup/Boxes'));
    expect(await screen.findAllByTestId('template-card')).toHaveLength(2);
  });

  it('while the library is still being rendered, an empty category says so', async () => {
    mockFetch(
      routes({
        'GET /api/mockup/template/cate/list': ok(counts(1)),
        'GET /api/mockup/template/list': ok({ list: [], total: 0 }),
      }),
    );
    open('/aimockup/Tubes');
    expect((await screen.findByText('Templates are being rendered')).closest('[data-testid="templates-empty"]')).toBeTruthy();
  });

  it('an unknown category shows the whole library with a note', async () => {
    mockFetch(routes());
    open('/aimockup/Spaceships');
    expect(await screen.findByText(/There is no mockup category called “Spaceships”/)).toBeTruthy();
    expect(await screen.findAllByTestId('template-card')).toHaveLength(2);
  });

  it('a list that fails shows the error with Try again', async () => {
    mockFetch(routes({ 'GET /api/mockup/template/list': fail(500, 'Templates are unavailable.') }));
    open('/aimockup');
    const error = await screen.findByTestId('templates-error');
    expect(error.textContent).toContain('Templates are unavailable.');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('/aimockup/{category}?template=: the studio', () => {
  it('upload a design → Generate makes the mockup project, puts it in the URL, and the result goes on the stage beside the empty scene', async () => {
    const { calls } = mockFetch(routes());
    const router = open('/aimockup/Boxes?template=boxes-tuck-end-1');
    await screen.findByTestId('mockup-studio');
    expect(screen.getByTestId('template-name').textContent).toBe('Tuck end box 1');
    expect(screen.getByTestId('stage').getAttribute('data-showing')).toBe('scene');
    const generate = screen.getByTestId('generate-button');
    expect(generate.textContent).toContain('Generate');
    expect((generate as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('design-upload-input'), { target: { files: [new File(['x'], 'leaf.png', { type: 'image/png' })] } });
    await screen.findByTestId('placement-area');
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('generate-button').disabled).toBe(false));
    fireEvent.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(here(router)).toBe('/aimockup/Boxes?template=boxes-tuck-end-1&project_id=mk1'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/mockup/result')).toBe(true));
    expect(await screen.findByTestId('generate-progress')).toBeTruthy();

    act(() => fakeSocket.fire('chat:message', mockMsg.generate('rec1', ['/files/out1.jpg'])));
    expect(await screen.findByTestId('result-card')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stage').getAttribute('data-showing')).toBe('compare'));
    expect(screen.getByRole('slider', { name: /Compare empty scene and your mockup/ })).toBeTruthy();
    expect(screen.getByTestId('assistant-toggle')).toBeTruthy();
  });

  it('keys on the print area move the design; Ctrl+Z and Ctrl+Shift+Z undo and redo from anywhere on the page; Reset goes back', async () => {
    mockFetch(routes());
    open('/aimockup/Boxes?template=boxes-tuck-end-1');
    await screen.findByTestId('mockup-studio');
    fireEvent.change(screen.getByTestId('design-upload-input'), { target: { files: [new File(['x'], 'leaf.png', { type: 'image/png' })] } });
    const area = await screen.findByTestId('placement-area');
    fireEvent.keyDown(area, { key: 'ArrowRight', shiftKey: true });
    expect(area.getAttribute('data-offset-x')).toBe('0.1');
    fireEvent.keyDown(area, { key: ']' });
    expect(area.getAttribute('data-rotation')).toBe('1');
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(area.getAttribute('data-rotation')).toBe('0');
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(area.getAttribute('data-rotation')).toBe('1');
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(area.getAttribute('data-rotation')).toBe('1');
    // Inside a text field Ctrl+Z belongs to the text.
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 'z', ctrlKey: true });
    expect(area.getAttribute('data-rotation')).toBe('1');
    field.remove();
    fireEvent.click(screen.getByTestId('reset-edit'));
    expect(area.getAttribute('data-offset-x')).toBe('0');
    expect(area.getAttribute('data-rotation')).toBe('0');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Undo' }).disabled).toBe(true);
  });

  it('a template that cannot be opened says so, with a way back to the library', async () => {
    mockFetch(routes({ 'GET /api/mockup/template/info': fail(404, 'There is no template nope.') }));
    const router = open('/aimockup?template=nope');
    const error = await screen.findByTestId('template-error');
    expect(error.textContent).toContain('There is no template nope.');
    // Quiet: the catalogue did not send the visitor to /404.
    expect(router.state.location.pathname).toBe('/aimockup');
    expect(within(error).getByRole('link', { name: 'Choose another template' }).getAttribute('href')).toBe('/aimockup');
  });

  it('a library template has a 3D preview tab', async () => {
    mockFetch(routes());
    open('/aimockup?template=boxes-tuck-end-1');
    await screen.findByTestId('mockup-studio');
    expect(screen.getByRole('tab', { name: '3D preview' })).toBeTruthy();
  });

  it('a custom template (a photo of a blank pack) has no pack to build in 3D, so no 3D tab', async () => {
    mockFetch(routes({ 'GET /api/mockup/template/info': ok(templateInfo(1, { id: 'custom-1', box_ids: [], custom: true })) }));
    open('/aimockup?template=custom-1');
    await screen.findByTestId('mockup-studio');
    expect(screen.queryByRole('tab', { name: '3D preview' })).toBeNull();
    expect(screen.getByRole('link', { name: /My templates/ })).toBeTruthy();
  });
});
