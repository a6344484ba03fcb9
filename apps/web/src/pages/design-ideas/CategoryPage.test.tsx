import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ideaItem, ideaPage, openScreen } from '../../features/ideas/idea-test-kit';
import { fail, mockFetch, ok } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as CategoryPage } from './CategoryPage';

const routes = [{ path: '/design-ideas/*', Component: CategoryPage }];
const query = (url: string) => new URL(url, 'http://x').searchParams;
const listCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/project/package/list'));

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/design-ideas/{name}', () => {
  it('opens Food & Beverages from its shared URL and shows its tiles with badges and counts', async () => {
    const { calls } = mockFetch({
      'GET /api/project/package/list': ok({
        list: [ideaItem({ featured: true }), ideaItem({ project_id: 'i2', brand: 'Lumen', product: 'Oat milk', made_by_packsmith: false, like_count: 1500 })],
        total: 2,
      }),
      'GET /api/project/cate_preview_list': ok({ list: [] }),
    });
    openScreen(routes, '/design-ideas/Food%20%26%20Beverages');
    const tile = await screen.findByRole('article', { name: 'Morning Ritual · Single-origin coffee' });
    expect(within(tile).getByText('by Packsmith')).toBeTruthy();
    expect(within(tile).getByText('Featured')).toBeTruthy();
    expect(
      within(tile)
        .getByRole('link', { name: /Morning Ritual/ })
        .getAttribute('href'),
    ).toBe('/design-ideas/project/i1');
    expect(within(tile).getByRole('img').getAttribute('loading')).toBe('eager');
    const other = screen.getByRole('article', { name: 'Lumen · Oat milk' });
    expect(within(other).queryByText('by Packsmith')).toBeNull();
    expect(other.textContent).toContain('1.5K');
    expect(query(listCalls(calls)[0]!.url).get('cate')).toBe('Food & Beverages');
    expect(query(listCalls(calls)[0]!.url).get('page_size')).toBe('24');
    expect(document.title).toBe('Design ideas — Food & Beverages | Packsmith');
    expect(screen.getByText('Showing 2 of 2 ideas')).toBeTruthy();
    // The category's own tab is the current one.
    expect(screen.getByRole('link', { name: 'Food & Beverages', current: 'page' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/coming soon|being built|once the gallery opens/i);
    // The category rows belong to /design-ideas only.
    expect(calls.some((c) => c.url.startsWith('/api/project/cate_preview_list'))).toBe(false);
  });

  it('an unknown name still says so, and asks for nothing', async () => {
    const { calls } = mockFetch({ 'GET /api/project/cate_preview_list': ok({ list: [] }) });
    openScreen(routes, '/design-ideas/Garden%20tools');
    expect(await screen.findByText(/There is no category called “Garden tools”/)).toBeTruthy();
    expect(listCalls(calls)).toEqual([]);
  });

  it('a colour swatch filters the list through the URL, and "Clear filters" removes every filter', async () => {
    const { calls } = mockFetch({
      'GET /api/project/package/list': (ex) => (query(ex.url).get('color') === 'gold' ? ok({ list: [], total: 0 }) : ok(ideaPage(3, 3))),
    });
    const { router } = openScreen(routes, '/design-ideas/Electronics?ref=news');
    await screen.findAllByRole('article');
    const gold = screen.getByRole('button', { name: 'Gold' });
    expect(gold.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(gold);
    await waitFor(() => expect(router.state.location.search).toBe('?ref=news&color=gold'));
    expect(await screen.findByText('No ideas match these filters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gold' }).getAttribute('aria-pressed')).toBe('true');
    expect(query(listCalls(calls).at(-1)!.url).get('color')).toBe('gold');
    expect(query(listCalls(calls).at(-1)!.url).get('cate')).toBe('Electronics');

    fireEvent.change(screen.getByLabelText('Box type'), { target: { value: 'stand-up-pouch' } });
    await waitFor(() => expect(router.state.location.search).toBe('?ref=news&color=gold&box=stand-up-pouch'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?ref=news'));
    expect(await screen.findAllByRole('article')).toHaveLength(3);
  });

  it('a shared filtered URL is applied as it opens (style and sort sent, empty values dropped)', async () => {
    const { calls } = mockFetch({ 'GET /api/project/package/list': ok(ideaPage(1, 1)) });
    openScreen(routes, '/design-ideas/Electronics?style=luxury&sort=newest&box=');
    await screen.findAllByRole('article');
    const q = query(listCalls(calls)[0]!.url);
    expect(q.get('style')).toBe('luxury');
    expect(q.get('sort')).toBe('newest');
    expect(q.has('box')).toBe(false);
    expect(screen.getByRole('button', { name: 'Luxury' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText<HTMLSelectElement>('Sort').value).toBe('newest');
  });

  it('"Load more" asks for page 2 and appends its tiles', async () => {
    const { calls } = mockFetch({
      'GET /api/project/package/list': (ex) => (query(ex.url).get('page_index') === '2' ? ok(ideaPage(2, 26, 25)) : ok(ideaPage(24, 26))),
    });
    openScreen(routes, '/design-ideas/Electronics');
    expect(await screen.findAllByRole('article')).toHaveLength(24);
    expect(screen.getByText('Showing 24 of 26 ideas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(26));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listCalls(calls).map((c) => query(c.url).get('page_index'))).toEqual(['1', '2']);
  });

  it('shows skeleton tiles while loading, then an error with a retry that works', async () => {
    let fails = true;
    mockFetch({ 'GET /api/project/package/list': () => (fails ? fail(500, 'The gallery is resting.') : ok(ideaPage(1, 1))) });
    openScreen(routes, '/design-ideas/Electronics');
    expect(screen.getAllByTestId('idea-skeleton').length).toBeGreaterThan(0);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ideas could not be loaded');
    fails = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });
});

describe('/design-ideas', () => {
  it('shows each category as a row of previews with its count and a "See all" link, then every idea', async () => {
    const { calls } = mockFetch({
      'GET /api/project/cate_preview_list': ok({
        list: [
          { name: 'Food & Beverages', count: 24, list: [ideaItem({ project_id: 'p1' }), ideaItem({ project_id: 'p2', brand: 'Kettle' })] },
          { name: 'Electronics', count: 0, list: [] },
        ],
      }),
      'GET /api/project/package/list': ok(ideaPage(2, 2, 10)),
    });
    openScreen(routes, '/design-ideas');
    const row = await screen.findByRole('region', { name: 'Food & Beverages' });
    expect(row.textContent).toContain('24 ideas');
    expect(within(row).getByRole('link', { name: 'See all Food & Beverages ideas' }).getAttribute('href')).toBe('/design-ideas/Food%20%26%20Beverages');
    expect(within(row).getAllByRole('article')).toHaveLength(2);
    // A category with no ideas gets no empty row.
    expect(screen.queryByRole('region', { name: 'Electronics' })).toBeNull();
    expect(await screen.findByRole('region', { name: 'All ideas' })).toBeTruthy();
    expect(query(listCalls(calls)[0]!.url).has('cate')).toBe(false);
    expect(document.title).toBe('Design ideas — All categories | Packsmith');
  });
});
