import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_IDEA_CATEGORIES, type CategoryPreview, type IdeaDetail, type IdeaList } from '@packsmith/contracts';
import { TestClient, newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { IDEA_BRIEFS } from './idea-briefs.js';

// The real design engine renders the whole seed, small (128 px, one design each), as a first start does.
let server: TestServer;
let anonymous: TestClient;

beforeAll(async () => {
  const started = Date.now();
  server = await startTestServer({ DESIGN_IDEAS_SEED: 'all', DESIGN_IDEAS_SIZE: '128', DESIGN_IDEAS_DESIGNS: '1' });
  const report = await server.built.services.ideaSeeding.startSeeding();
  // For the record only (the machine is shared): docs/PERFORMANCE.md has the measured figures.
  console.log(`[ideas] seeded ${report.created} ideas at 128 px in ${Date.now() - started} ms`);
  expect(report).toMatchObject({ created: IDEA_BRIEFS.length, failed: 0 });
  anonymous = new TestClient(server.url);
}, 120_000);
afterAll(async () => server?.close());

describe('the seeded gallery', () => {
  it('has at least 20 ideas in every category and 140 in all, and the previews count what the lists hold', async () => {
    const previews = await anonymous.get<{ list: CategoryPreview[] }>('/api/project/cate_preview_list');
    expect(previews.code).toBe(0);
    const list = previews.data?.list ?? [];
    expect(list.map((c) => c.name)).toEqual(DESIGN_IDEA_CATEGORIES.map((c) => c.name));
    let sum = 0;
    for (const c of list) {
      expect(c.count, c.name).toBeGreaterThanOrEqual(20);
      expect(c.list.length).toBeGreaterThan(0);
      expect(c.list.length).toBeLessThanOrEqual(4);
      for (const item of c.list) expect(item.category).toBe(c.name);
      const page = await anonymous.get<IdeaList>('/api/project/package/list', { cate: c.name, page_size: 1 });
      expect(page.data?.total, c.name).toBe(c.count);
      sum += c.count;
    }
    expect(sum).toBeGreaterThanOrEqual(140);
    const all = await anonymous.get<IdeaList>('/api/project/package/list', { page_size: 1 });
    expect(all.data?.total).toBe(sum);
  });

  it('serves each idea with its story, designs, box and a redesign link, made by Packsmith, with images that load', async () => {
    const page = await anonymous.get<IdeaList>('/api/project/package/list', { cate: 'Electronics', page_size: 3 });
    const first = page.data?.list[0];
    expect(first).toMatchObject({ category: 'Electronics', made_by_packsmith: true, is_public: true });
    expect(first?.cover_url).toMatch(/^\/files\/u\/_packsmith\//);
    expect(first?.width).toBe(128);
    expect(first?.tags.length).toBeGreaterThan(2);
    expect(first?.palette.length).toBeGreaterThan(2);
    const detail = await anonymous.get<IdeaDetail>('/api/project/idea', { project_id: first?.project_id ?? '' });
    expect(detail.code).toBe(0);
    const d = detail.data;
    const brief = IDEA_BRIEFS.find((b) => b.brand === d.brand && b.product === d.product);
    expect(brief).toBeDefined();
    expect(d.story).toBe(brief?.story);
    expect(d.designs).toHaveLength(1);
    expect(d.designs[0]?.front_url).toMatch(/^\/files\//);
    expect(d.box_name).not.toBeNull();
    expect(d.redesign_url).toBe(`/design-chat?fid=${d.project_id}`);
    expect(d).toMatchObject({ liked: false, mine: false });
    for (const url of [d.designs[0]?.packshot_url, d.designs[0]?.front_url]) {
      const res = await fetch(server.url + (url ?? ''));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
  });

  it('can be forked into the design chat with the brief copied', async () => {
    const guest = await newGuest(server.url);
    const page = await guest.get<IdeaList>('/api/project/search', { keyword: 'matcha' });
    const idea = page.data?.list[0];
    expect(idea?.brand).toBe('Koji House');
    const fork = await guest.post<{ project_id: string; product: string; brand: string; style: string[]; fork_from: string }>('/api/project', {
      type: 'design',
      fork_from: idea?.project_id ?? '',
    });
    expect(fork.data).toMatchObject({ product: 'Ceremonial matcha', brand: 'Koji House', style: ['japanese', 'minimalist'], fork_from: idea?.project_id });
  });

  it('is not seeded twice: a second start finds every idea stored', async () => {
    const again = await server.built.services.ideaSeeding.startSeeding();
    expect(again.created).toBe(IDEA_BRIEFS.length);
    const { createIdeaSeeding } = await import('./idea-seed.js');
    const { createIdeasRepo } = await import('./ideas.repo.js');
    const { createFileRepo } = await import('../files/index.js');
    const db = server.built.database.db;
    const rerun = createIdeaSeeding({
      repo: createIdeasRepo(db),
      fileRepo: createFileRepo(db),
      storage: server.built.services.storage,
      pipeline: () => Promise.reject(new Error('must not render')),
      count: null,
      size: 128,
      designs: 1,
      log: { info: () => {}, warn: () => {} },
    });
    expect(await rerun.startSeeding()).toEqual({ created: 0, existing: IDEA_BRIEFS.length, lostRaces: 0, failed: 0 });
  });
});
