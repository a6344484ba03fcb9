import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ideaDetail, ideaItem, openScreen } from '../../features/ideas/idea-test-kit';
import { fail, mockFetch, ok, urlOf } from '../../test-support';
import { resetClientState } from '../../test-stores';
import { Component as IdeaPage } from './IdeaPage';

const routes = [{ path: '/design-ideas/project/*', Component: IdeaPage }];

/** Holds the like call's answer until `release()`, so the screen can be seen before the server answers. */
function gateLikes(fetchFn: typeof fetch) {
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (urlOf(input).startsWith('/api/project/like')) await gate;
    return fetchFn(input, init);
  });
  return () => release();
}

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.title = '';
});

describe('/design-ideas/project/{id}', () => {
  it('shows the idea: brand, product, story, facts, palette, redesign link; counts one view; sets title and Open Graph tags', async () => {
    const { calls } = mockFetch({
      'GET /api/project/idea': ok(ideaDetail({ featured: true })),
      'POST /api/project/view': ok({ view_count: 341 }),
      'GET /api/project/others': ok({ list: [ideaItem({ project_id: 's1', brand: 'Kettle & Co', product: 'Earl grey' })], total: 1 }),
    });
    openScreen(routes, '/design-ideas/project/i1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Single-origin coffee' })).toBeTruthy();
    expect(screen.getByText('Morning Ritual')).toBeTruthy();
    expect(screen.getByText(/slow mornings/)).toBeTruthy();
    expect(screen.getByText('Stand-Up Pouch')).toBeTruthy();
    expect(screen.getByText('#6b4f3a')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Redesign for my product' }).getAttribute('href')).toBe('/design-chat?fid=i1');
    expect(screen.getByRole('link', { name: 'Minimalist' }).getAttribute('href')).toBe('/design-ideas/search?tag=minimalist');
    await waitFor(() => expect(screen.getByText('341 views')).toBeTruthy());
    expect(calls.filter((c) => c.url === '/api/project/view')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/project/view')?.body).toEqual({ project_id: 'i1' });

    const similar = await screen.findByRole('region', { name: 'Similar ideas' });
    expect(within(similar).getByRole('article', { name: 'Kettle & Co · Earl grey' })).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/project/others'))?.url).toContain('project_id=i1');

    expect(document.title).toBe('Morning Ritual Single-origin coffee packaging idea | Packsmith');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^A single-origin coffee for slow mornings/);
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(`${window.location.origin}/files/i1-cover.png`);
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(document.title);
  });

  it('the swiper moves with → and ←, the arrows and the dots, and says where it is', async () => {
    mockFetch({
      'GET /api/project/idea': ok(ideaDetail()),
      'POST /api/project/view': ok({ view_count: 1 }),
      'GET /api/project/others': ok({ list: [], total: 0 }),
    });
    openScreen(routes, '/design-ideas/project/i1');
    const swiper = await screen.findByTestId('idea-swiper');
    const counter = screen.getByTestId('swiper-counter');
    // Two designs, each a pack shot and a flat front.
    expect(counter.textContent).toBe('1 / 4');
    fireEvent.keyDown(swiper, { key: 'ArrowRight' });
    expect(counter.textContent).toBe('2 / 4');
    expect(swiper.getAttribute('aria-label')).toContain('flat front');
    fireEvent.keyDown(swiper, { key: 'ArrowLeft' });
    fireEvent.keyDown(swiper, { key: 'ArrowLeft' });
    expect(counter.textContent).toBe('4 / 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(counter.textContent).toBe('1 / 4');
    fireEvent.click(screen.getByRole('button', { name: 'Show image 3' }));
    expect(counter.textContent).toBe('3 / 4');
    expect(screen.getByRole('button', { name: 'Show image 3' }).getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(swiper, { key: 'End' });
    expect(counter.textContent).toBe('4 / 4');
  });

  it('a like shows at once, before the server answers, and its answer then stands', async () => {
    const { fn } = mockFetch({
      'GET /api/project/idea': ok(ideaDetail({ like_count: 12 })),
      'POST /api/project/view': ok({ view_count: 1 }),
      'GET /api/project/others': ok({ list: [], total: 0 }),
      'POST /api/project/like': ok({ liked: true, like_count: 20 }),
    });
    const release = gateLikes(fn);
    openScreen(routes, '/design-ideas/project/i1');
    const button = await screen.findByRole('button', { name: /Like/ });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: /Liked/ }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByLabelText('13 likes')).toBeTruthy();
    await act(async () => release());
    // Others liked it meanwhile: the server's count wins.
    expect(await screen.findByLabelText('20 likes')).toBeTruthy();
  });

  it('a like the server refuses is taken back, with a message', async () => {
    const { fn } = mockFetch({
      'GET /api/project/idea': ok(ideaDetail({ like_count: 12 })),
      'POST /api/project/view': ok({ view_count: 1 }),
      'GET /api/project/others': ok({ list: [], total: 0 }),
      'POST /api/project/like': fail(500, 'Likes are resting.'),
    });
    const release = gateLikes(fn);
    openScreen(routes, '/design-ideas/project/i1');
    fireEvent.click(await screen.findByRole('button', { name: /Like/ }));
    expect(await screen.findByLabelText('13 likes')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Like/ }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByLabelText('12 likes')).toBeTruthy();
  });

  it('share copies the link when the browser has no share sheet, and says so', async () => {
    mockFetch({
      'GET /api/project/idea': ok(ideaDetail()),
      'POST /api/project/view': ok({ view_count: 1 }),
      'GET /api/project/others': ok({ list: [], total: 0 }),
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    openScreen(routes, '/design-ideas/project/i1');
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(window.location.href.split('#')[0]);
  });

  it('share uses the system share sheet where there is one', async () => {
    mockFetch({
      'GET /api/project/idea': ok(ideaDetail()),
      'POST /api/project/view': ok({ view_count: 1 }),
      'GET /api/project/others': ok({ list: [], total: 0 }),
    });
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share, clipboard: { writeText } });
    openScreen(routes, '/design-ideas/project/i1');
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Morning Ritual · Single-origin coffee packaging idea', url: expect.any(String) }));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copied')).toBeNull();
  });

  it('a missing or private idea says it is not available, links to all ideas, and counts no view', async () => {
    const { calls } = mockFetch({ 'GET /api/project/idea': fail(404, 'Not found.') });
    const { router } = openScreen(routes, '/design-ideas/project/nope');
    expect(await screen.findByRole('heading', { name: 'This design idea is not available' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all design ideas' }).getAttribute('href')).toBe('/design-ideas');
    expect(router.state.location.pathname).toBe('/design-ideas/project/nope');
    expect(calls.some((c) => c.url === '/api/project/view')).toBe(false);
  });

  it('shows a loading skeleton first', () => {
    mockFetch({ 'GET /api/project/idea': ok(ideaDetail()) });
    openScreen(routes, '/design-ideas/project/i1');
    expect(screen.getByRole('status', { name: 'Loading the idea' })).toBeTruthy();
  });
});
