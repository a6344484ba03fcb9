import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { useSessionStore } from '../../stores/session.store';
import { fail, mockFetch, ok, type Exchange } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as EditorPage } from './EditorPage';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function open(at = '/editor') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route
            path="/editor"
            element={
              <>
                <EditorPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const design = {
  project_id: 'd1',
  type: 'design',
  name: 'Leaf & Co',
  product: 'green tea',
  brand: 'Leaf Co Ltd',
  parent_project_id: null,
  is_public: false,
  create_at: 1,
  update_at: 2,
  cover: '/files/d1.png',
  children: [],
};

describe('/editor', () => {
  beforeEach(() => {
    resetClientState();
    useSessionStore.getState().setToken('t-user', 'user');
  });
  afterEach(cleanup);

  it('with nothing open: my designs and a blank box of any size, no "coming soon" left', async () => {
    const { calls } = mockFetch({
      'GET /api/project/list': ok({ list: [design], total: 1 }),
      'POST /api/editor/open': ok({ free_use: false, editor_used: true, editor_project_id: 'e9' }),
    });
    open();
    expect(await screen.findByText('Leaf & Co', { selector: 'p' })).toBeTruthy();
    expect(document.body.textContent ?? '').not.toMatch(/coming soon|being built/i);
    // A blank box: the size is checked before anything is sent.
    const length = screen.getByLabelText('Length');
    fireEvent.change(length, { target: { value: '0' } });
    expect(screen.getByRole('button', { name: 'Open a blank box' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Each size is a number of millimetres/)).toBeTruthy();
    fireEvent.change(length, { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open a blank box' }));
    await waitFor(() => expect(calls.some((c: Exchange) => c.url.endsWith('/api/editor/open'))).toBe(true));
    const sent = calls.find((c: Exchange) => c.url.endsWith('/api/editor/open'))!.body as { box_id: number; dimensions: Record<string, number> };
    expect(sent.box_id).toBe(101);
    expect(sent.dimensions.length).toBe(80);
    // The URL then names the editor project, so a reload reopens it.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/editor?project_id=e9'));
  });

  it('a design sent by the chat opens through the gate; a refusal is said in the server’s words with a way out', async () => {
    mockFetch({ 'POST /api/editor/open': fail(403, 'Please activate your membership.') });
    open('/editor?design=d1&image=%2Ffiles%2Fd1.png');
    expect(await screen.findByRole('heading', { name: 'The editor could not open this design' })).toBeTruthy();
    expect(screen.getByText('Please activate your membership.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start something else' })).toBeTruthy();
  });

  it('an editor project whose document cannot be loaded offers to try again', async () => {
    mockFetch({
      'POST /api/editor/open': ok({ free_use: false, editor_used: true, editor_project_id: 'e1' }),
      'GET /api/editor/document': fail(403, 'This project belongs to someone else.'),
      'GET /api/font/list': ok({ list: [] }),
    });
    open('/editor?project_id=e1');
    expect(await screen.findByRole('heading', { name: 'This design could not be loaded' })).toBeTruthy();
    expect(screen.getByText('This project belongs to someone else.')).toBeTruthy();
  });
});
