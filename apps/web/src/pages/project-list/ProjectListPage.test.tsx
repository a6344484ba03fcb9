import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { STORAGE_KEYS, type PrintRequest, type ProjectListItem } from '@packsmith/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { renderScreen } from '../../features/billing/billing-test-kit';
import { user } from '../../features/chat/chat-test-kit';
import { readLocalHistory, type LocalHistoryRecord } from '../../features/chat/local-history';
import { quote } from '../../features/factories/factory-test-kit';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { fail, mockFetch, ok, type Exchange } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as ProjectListPage, SEARCH_DEBOUNCE_MS } from './ProjectListPage';

function project(over: Partial<ProjectListItem>): ProjectListItem {
  return {
    project_id: 'p1',
    type: 'design',
    name: '',
    product: 'Tea',
    brand: 'Leaf',
    parent_project_id: null,
    is_public: false,
    create_at: 1_760_000_000_000,
    update_at: 1_760_000_000_000,
    cover: null,
    children: [],
    ...over,
  };
}

function printRequest(): PrintRequest {
  const q = quote();
  return {
    id: 'pr1',
    project_id: 'p1',
    factory: { id: 'f1', name: 'Harbour Carton Works', city: 'Shenzhen', country: 'China', sample: true },
    design_url: '',
    spec: q.spec,
    box: q.box,
    unit_price: q.unit_price,
    total: q.total,
    currency: q.currency,
    contact_name: 'Ana',
    contact_email: 'ana@example.com',
    notes: '',
    status: 'sent',
    print_file_url: null,
    created_at: 1_760_000_000_000,
  };
}

function signIn() {
  useSessionStore.getState().setToken('tok-user', 'user');
  useSessionStore.getState().setUser(user({ email: 'ana@example.com', name: 'Ana' }));
}

/** The screen in a router the test can read the address of. */
function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <ProjectListPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { search: () => new URLSearchParams(router.state.location.search) };
}

const listCalls = (calls: Exchange[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/project/list')).map((c) => new URL(c.url, 'http://x').searchParams);
const card = (name: string) => screen.getAllByTestId('project-card').find((c) => c.getAttribute('aria-label') === name);

function historyRecord(id: string, name: string): LocalHistoryRecord {
  return { id, data: [{ msg_id: 'm1' }], timestamp: 5, project_data: { name, type: 'design' } };
}

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/my_project', () => {
  it('opens a quotation project in the quotation tool and lists the print requests sent', async () => {
    signIn();
    mockFetch({
      'GET /api/project/list': ok({ total: 2, list: [project({ project_id: 'q1', type: 'pricing_tool', name: 'Tea quote' }), project({})] }),
      'GET /api/print/requests': ok({ total: 1, list: [printRequest()] }),
    });
    renderScreen(<ProjectListPage />, '/my_project');
    const quoteLink = (await screen.findByText('Tea quote')).closest('a');
    expect(quoteLink?.getAttribute('href')).toBe('/aiquotation?project_id=q1');
    const requests = await screen.findByTestId('my-print-requests');
    expect(within(requests).getByText(/Harbour Carton Works/)).toBeTruthy();
  });

  it('shows no print-request section before one was sent', async () => {
    signIn();
    mockFetch({
      'GET /api/project/list': ok({ total: 1, list: [project({})] }),
      'GET /api/print/requests': ok({ total: 0, list: [] }),
    });
    renderScreen(<ProjectListPage />, '/my_project');
    await screen.findByText('Leaf · Tea');
    expect(screen.queryByTestId('my-print-requests')).toBeNull();
  });

  it('a guest sees their projects and the sign-in prompt', async () => {
    mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Guest tea' })] }) });
    renderAt('/projectList');
    expect(await screen.findByText('Guest tea')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in or register' })).toBeTruthy();
  });
});

describe('every type opens where it belongs', () => {
  it('links each type to its screen, with its cover or a type icon', async () => {
    const types = [
      project({ project_id: 'd1', type: 'design', name: 'D', cover: '/files/d.png' }),
      project({ project_id: 'c1', type: 'childDesign', name: 'C' }),
      project({ project_id: 's1', type: 'photoshoot', name: 'S' }),
      project({ project_id: 'm1', type: 'mockup', name: 'M' }),
      project({ project_id: 'q1', type: 'pricing_tool', name: 'Q' }),
      project({ project_id: 'e1', type: 'ai_editor', name: 'E' }),
    ];
    mockFetch({ 'GET /api/project/list': ok({ total: 6, list: types }) });
    renderAt('/my_project');
    await screen.findByText('D');
    const href = (name: string) => screen.getByText(name).closest('a')?.getAttribute('href');
    expect(href('D')).toBe('/design-chat?pid=d1');
    expect(href('C')).toBe('/design-chat?pid=c1');
    expect(href('S')).toBe('/photoshoot?project_id=s1');
    expect(href('M')).toBe('/aimockup?project_id=m1');
    expect(href('Q')).toBe('/aiquotation?project_id=q1');
    expect(href('E')).toBe('/editor?project_id=e1');
    expect(card('D')?.querySelector('img')?.getAttribute('src')).toBe('/files/d.png');
    expect(within(card('S') as HTMLElement).getByTestId('type-icon-photoshoot')).toBeTruthy();
    expect(within(card('E') as HTMLElement).getByText(/AI editor · Edited/)).toBeTruthy();
  });

  it('opening a project touches its local history record', async () => {
    localStorage.setItem(STORAGE_KEYS.localHistory, JSON.stringify([historyRecord('d1', 'D')]));
    mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ project_id: 'd1', name: 'D' })] }) });
    renderAt('/my_project');
    fireEvent.click(await screen.findByText('D'));
    expect(readLocalHistory()[0]?.timestamp).toBeGreaterThan(1_000);
  });
});

describe('filters in the URL', () => {
  it('a type chip filters the list and goes into ?type=; All takes it out', async () => {
    const { calls } = mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Any' })] }) });
    const view = renderAt('/my_project');
    await screen.findByText('Any');
    fireEvent.click(screen.getByRole('button', { name: 'Photo shoots' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('type')).toBe('photoshoot'));
    expect(view.search().get('type')).toBe('photoshoot');
    expect(screen.getByRole('button', { name: 'Photo shoots' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(view.search().has('type')).toBe(false));
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    // The unfiltered list was asked for first and is still fresh: it is shown again without a request.
    expect(listCalls(calls).map((q) => q.get('type'))).toEqual([null, 'photoshoot']);
  });

  it('reads ?type=&q=&sort= from a shared link', async () => {
    const { calls } = mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ type: 'childDesign', name: 'Var' })] }) });
    renderAt('/projectList?type=childDesign&q=owl&sort=name');
    await screen.findByText('Var');
    const sent = listCalls(calls)[0];
    expect([sent?.get('type'), sent?.get('keyword'), sent?.get('sort')]).toEqual(['childDesign', 'owl', 'name']);
    expect(screen.getByLabelText<HTMLInputElement>('Search projects by name').value).toBe('owl');
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('name');
  });

  it('search waits for a pause in typing, then asks once with the keyword and puts it in ?q=', async () => {
    const { calls } = mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Any' })] }) });
    const view = renderAt('/my_project');
    await screen.findByText('Any');
    const box = screen.getByLabelText('Search projects by name');
    for (const text of ['t', 'te', 'tea']) fireEvent.change(box, { target: { value: text } });
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS / 2));
    expect(listCalls(calls).some((q) => q.has('keyword'))).toBe(false);
    await waitFor(() => expect(view.search().get('q')).toBe('tea'));
    await waitFor(() =>
      expect(
        listCalls(calls)
          .filter((q) => q.has('keyword'))
          .map((q) => q.get('keyword')),
      ).toEqual(['tea']),
    );
  });

  it('sort goes into ?sort= and the request', async () => {
    const { calls } = mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Any' })] }) });
    const view = renderAt('/my_project');
    await screen.findByText('Any');
    expect(listCalls(calls)[0]?.get('sort')).toBe('updated');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'oldest' } });
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('sort')).toBe('oldest'));
    expect(view.search().get('sort')).toBe('oldest');
  });
});

describe('states', () => {
  it('skeletons while loading, then "No projects yet" when there are none', async () => {
    mockFetch({ 'GET /api/project/list': ok({ total: 0, list: [] }) });
    renderAt('/my_project');
    expect(screen.getByTestId('project-skeletons').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(screen.queryByText('No project matches')).toBeNull();
  });

  it('"No project matches" with filters, and Clear filters shows everything again', async () => {
    const { calls } = mockFetch({
      'GET /api/project/list': (ex) =>
        new URL(ex.url, 'http://x').searchParams.has('keyword') ? ok({ total: 0, list: [] }) : ok({ total: 1, list: [project({ name: 'Back' })] }),
    });
    const view = renderAt('/my_project?q=zzz&type=mockup');
    expect(await screen.findByText('No project matches')).toBeTruthy();
    expect(screen.getByTestId('no-match').textContent).toContain('“zzz” in Mockups');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Back')).toBeTruthy();
    expect(view.search().toString()).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Search projects by name').value).toBe('');
    expect(listCalls(calls).at(-1)?.has('keyword')).toBe(false);
  });

  it('an error with a retry', async () => {
    let fails = true;
    mockFetch({ 'GET /api/project/list': () => (fails ? { status: 500 } : ok({ total: 1, list: [project({ name: 'Recovered' })] })) });
    renderAt('/my_project');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your projects could not be loaded.');
    fails = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Recovered')).toBeTruthy();
  });

  it('Show more asks for the next page', async () => {
    const { calls } = mockFetch({
      'GET /api/project/list': (ex) => {
        const page = Number(new URL(ex.url, 'http://x').searchParams.get('page_index'));
        const list = Array.from({ length: page === 1 ? 24 : 1 }, (_, i) => project({ project_id: `p${page}-${i}`, name: `P${page}-${i}` }));
        return ok({ total: 25, list });
      },
    });
    renderAt('/my_project');
    await screen.findByText('P1-0');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('P2-0')).toBeTruthy();
    expect(listCalls(calls).map((q) => q.get('page_index'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('variations', () => {
  it('shows "N variations" under the parent; expanded, each opens its own project', async () => {
    const kids = [
      project({ project_id: 'k2', type: 'childDesign', name: 'Gold', cover: '/files/k2.png' }),
      project({ project_id: 'k1', type: 'childDesign', name: 'Kraft' }),
    ];
    mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ project_id: 'par', name: 'Parent', children: kids })] }) });
    renderAt('/my_project');
    const toggle = await screen.findByRole('button', { name: '2 variations' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Open Gold' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Open Gold' }).getAttribute('href')).toBe('/design-chat?pid=k2');
    expect(screen.getByRole('link', { name: 'Open Kraft' }).getAttribute('href')).toBe('/design-chat?pid=k1');
    expect(screen.getAllByTestId('project-card')).toHaveLength(1);
  });
});

describe('the card menu', () => {
  it('opens from the keyboard, moves with arrows, closes on Escape back to its button', async () => {
    mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Menu me' })] }) });
    renderAt('/my_project');
    const button = await screen.findByRole('button', { name: 'Actions for Menu me' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu');
    expect(document.activeElement?.textContent).toBe('Rename');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Delete');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Rename');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Delete');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    await screen.findByRole('menu');
    expect(document.activeElement?.textContent).toBe('Delete');
  });
});

async function startRename(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
  return screen.getByLabelText<HTMLInputElement>('Project name');
}

describe('rename', () => {
  it('Enter saves: the new name shows at once, PUT /api/project/name is sent, the local history follows', async () => {
    localStorage.setItem(STORAGE_KEYS.localHistory, JSON.stringify([historyRecord('p1', 'Old name')]));
    const { calls } = mockFetch({
      'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Old name' })] }),
      'PUT /api/project/name': ok({ project_id: 'p1', name: 'New name' }),
    });
    renderAt('/my_project');
    const input = await startRename('Old name');
    expect(input.value).toBe('Old name');
    fireEvent.change(input, { target: { value: '  New name ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('New name')).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ project_id: 'p1', name: 'New name' }));
    await waitFor(() => expect(readLocalHistory()[0]?.project_data.name).toBe('New name'));
    expect(readLocalHistory()[0]?.data).toEqual([{ msg_id: 'm1' }]);
  });

  it('Escape cancels: nothing is sent', async () => {
    const { calls } = mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Keep' })] }) });
    renderAt('/my_project');
    const input = await startRename('Keep');
    fireEvent.change(input, { target: { value: 'Changed' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByLabelText('Project name')).toBeNull();
    expect(screen.getByText('Keep')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('an empty name is refused in place', async () => {
    const { calls } = mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Keep' })] }) });
    renderAt('/my_project');
    const input = await startRename('Keep');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('Name must not be empty.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a refused rename shows the new name while it is sent, then is rolled back with the reason', async () => {
    const { fn } = mockFetch({
      'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Original' })] }),
      'PUT /api/project/name': fail(404, 'Project not found.'),
    });
    // The server's answer waits until the test has seen the optimistic name.
    let answer = () => {};
    const held = new Promise<void>((r) => (answer = r));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') await held;
      return fn(input, init);
    });
    renderAt('/my_project');
    const input = await startRename('Original');
    fireEvent.change(input, { target: { value: 'Doomed' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Doomed')).toBeTruthy();
    answer();
    expect(await screen.findByText('Original')).toBeTruthy();
    expect(screen.queryByText('Doomed')).toBeNull();
    await waitFor(() => expect(useUiStore.getState().toasts.map((t) => t.text)).toContain('Project not found.'));
  });
});

describe('delete and undo', () => {
  it('confirms naming the project, removes the card, offers Undo; Undo restores it and the card comes back', async () => {
    localStorage.setItem(STORAGE_KEYS.localHistory, JSON.stringify([historyRecord('p1', 'Doomed tea')]));
    let deleted = false;
    const { calls } = mockFetch({
      'GET /api/project/list': () =>
        ok(
          deleted
            ? { total: 1, list: [project({ project_id: 'p2', name: 'Other' })] }
            : { total: 2, list: [project({ name: 'Doomed tea' }), project({ project_id: 'p2', name: 'Other' })] },
        ),
      'DELETE /api/project': () => {
        deleted = true;
        return ok({ deleted: true });
      },
      'POST /api/project/restore': () => {
        deleted = false;
        return ok(project({ name: 'Doomed tea' }));
      },
    });
    renderAt('/my_project');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Doomed tea' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this project?' });
    expect(dialog.textContent).toContain('“Doomed tea” will be deleted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const toast = await screen.findByTestId('undo-toast');
    expect(toast.textContent).toContain('Deleted “Doomed tea”.');
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ project_id: 'p1' });
    await waitFor(() => expect(screen.queryByText('Doomed tea')).toBeNull());
    expect(readLocalHistory()).toEqual([]);

    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Doomed tea')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/project/restore')?.body).toEqual({ project_id: 'p1' });
    expect(readLocalHistory().map((r) => r.id)).toEqual(['p1']);
    await waitFor(() => expect(screen.queryByTestId('undo-toast')).toBeNull());
  });

  it('Cancel in the dialog deletes nothing', async () => {
    const { calls } = mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Safe' })] }) });
    renderAt('/my_project');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Safe' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Safe')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('a refused restore says why and can be dismissed', async () => {
    mockFetch({
      'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Gone' })] }),
      'DELETE /api/project': ok({ deleted: true }),
      'POST /api/project/restore': fail(404, 'This project was deleted too long ago and can no longer be restored.'),
    });
    renderAt('/my_project');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Gone' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByTestId('undo-toast');
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await within(toast).findByText(/can no longer be restored/)).toBeTruthy();
    fireEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('undo-toast')).toBeNull();
  });

  it('closes the offer by itself after 8 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockFetch({ 'GET /api/project/list': ok({ total: 1, list: [project({ name: 'Timed' })] }), 'DELETE /api/project': ok({ deleted: true }) });
      renderAt('/my_project');
      fireEvent.click(await screen.findByRole('button', { name: 'Actions for Timed' }));
      fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      await screen.findByTestId('undo-toast');
      act(() => vi.advanceTimersByTime(7_000));
      expect(screen.getByTestId('undo-toast')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1_500));
      expect(screen.queryByTestId('undo-toast')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
