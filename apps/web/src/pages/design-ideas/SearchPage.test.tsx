import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ideaPage, openScreen } from '../../features/ideas/idea-test-kit';
import { mockFetch, ok } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as CategoryPage } from './CategoryPage';
import { Component as SearchPage } from './SearchPage';

const routes = [
  { path: '/design-ideas/search', Component: SearchPage },
  { path: '/design-ideas/*', Component: CategoryPage },
];
const query = (url: string) => new URL(url, 'http://x').searchParams;

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/design-ideas/search', () => {
  it('suggests tags as you type; ↓ ↓ ↑ ↓ moves the highlight, Enter searches the highlighted one', async () => {
    const { calls } = mockFetch({ 'GET /api/project/search': ok(ideaPage(3, 3)) });
    const { router } = openScreen(routes, '/design-ideas/search');
    const box = screen.getByRole('combobox', { name: 'Search design ideas' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'cof' } });
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    // The colour "Coffee" starts with the text; "Coffee beans" (an element) too, after it.
    expect(options[0]?.textContent).toBe('CoffeeColour');
    expect(options[1]?.textContent).toBe('Coffee beansElement');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(router.state.location.search).toBe('?keyword=Coffee+beans'));
    expect(list.hidden).toBe(true);
    expect((box as HTMLInputElement).value).toBe('Coffee beans');
    expect(await screen.findByRole('heading', { name: '3 ideas for “Coffee beans”' })).toBeTruthy();
    expect(query(calls.find((c) => c.url.startsWith('/api/project/search'))!.url).get('keyword')).toBe('Coffee beans');
  });

  it('Escape closes the suggestions, a second Escape clears the field; Enter with nothing highlighted searches the text', async () => {
    const { calls } = mockFetch({ 'GET /api/project/search': ok({ list: [], total: 0 }) });
    const { router } = openScreen(routes, '/design-ideas/search');
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'gold' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');

    fireEvent.change(box, { target: { value: '  kombucha ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=kombucha'));
    // Nothing found: the empty state offers styles to try, each a tag search.
    expect(await screen.findByText('No ideas for “kombucha”.')).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/project/search?'))).toHaveLength(1);
  });

  it('a tag chip runs search/tag, and the heading says what was searched', async () => {
    const { calls } = mockFetch({
      'GET /api/project/search': ok({ list: [], total: 0 }),
      'GET /api/project/search/tag': ok(ideaPage(1, 1)),
    });
    const { router } = openScreen(routes, '/design-ideas/search?keyword=zzz');
    await screen.findByText('No ideas for “zzz”.');
    fireEvent.click(screen.getByRole('button', { name: 'Minimalist' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=minimalist'));
    expect(await screen.findByRole('heading', { name: '1 idea tagged “Minimalist”' })).toBeTruthy();
    expect(query(calls.find((c) => c.url.startsWith('/api/project/search/tag'))!.url).get('keyword')).toBe('minimalist');
  });

  it('an empty keyword is dropped: no search is sent and the starter styles show', () => {
    const { calls } = mockFetch({});
    openScreen(routes, '/design-ideas/search?keyword=');
    expect(screen.getByText(/Type a brand, a product or a look/)).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/project/search'))).toEqual([]);
  });

  it('picking a category suggestion opens that category', async () => {
    mockFetch({ 'GET /api/project/package/list': ok(ideaPage(1, 1)) });
    const { router } = openScreen(routes, '/design-ideas/search');
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'baby' } });
    fireEvent.click(screen.getByRole('option', { name: /Baby & Toys/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/design-ideas/Baby%20%26%20Toys'));
  });
});
