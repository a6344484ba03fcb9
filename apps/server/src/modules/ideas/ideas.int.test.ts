import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_TAGS, Code, IDEA_PAGE_SIZE_MAX, Msg, ideaCalls, type IdeaDetail, type IdeaItem, type IdeaList } from '@packsmith/contracts';
import { projects } from '../../db/schema.js';
import { TestClient, newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { uploadFile } from '../../../test/uploads.js';
import { createUserRepo } from '../user/index.js';
import { createFileRepo } from '../files/index.js';
import type { DesignPipeline } from '../chat/index.js';
import { IDEA_BRIEFS } from './idea-briefs.js';
import { createIdeaSeeding } from './idea-seed.js';
import { createIdeasRepo } from './ideas.repo.js';

// The whole seed through the seeding code, with a pipeline that paints each design flat in the
// brief's first colour (milliseconds instead of the engine's render): the calls are what is tested here.
const flatPipeline: DesignPipeline = async (req) => {
  const hex = COLOUR_TAGS.find((c) => c.slug === req.brief.color[0])?.hex ?? '#808080';
  const second = COLOUR_TAGS.find((c) => c.slug === req.brief.color[1])?.hex ?? '#ffffff';
  const png = await sharp({ create: { width: req.size, height: req.size, channels: 3, background: hex } })
    .png()
    .toBuffer();
  return Array.from({ length: req.count }, () => ({ packshotPng: png, frontPng: png, dielineSvg: '<svg/>', layoutId: 'flat', palette: [hex, second] }));
};

let server: TestServer;
let anonymous: TestClient;
let admin: { id: string; client: TestClient };
let member: { id: string; client: TestClient };
const TOTAL = IDEA_BRIEFS.length;

const list = (c: TestClient, path: string, query: Record<string, unknown> = {}) => c.get<IdeaList>(path, query);
const ids = (r: { data: IdeaList | null }) => (r.data?.list ?? []).map((i) => i.project_id);

/** A design project of `client` with one result image (as the design chat leaves it), published or not. */
async function designProject(client: TestClient, brief: { product: string; brand: string; style?: string[]; color?: string[] }): Promise<string> {
  const created = await client.post<{ project_id: string }>('/api/project', { type: 'design' });
  const id = created.data?.project_id ?? '';
  const png = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#1b2a4a' } })
    .png()
    .toBuffer();
  const up = await uploadFile(client, png);
  await server.built.database.db
    .update(projects)
    .set({ resultList: [[up.data?.url ?? '']] })
    .where(eq(projects.id, id));
  const saved = await client.put('/api/project', {
    project_id: id,
    data: { product: brief.product, brand: brief.brand, style: brief.style ?? [], color: brief.color ?? [] },
  });
  expect(saved.code).toBe(0);
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.built.database.db;
  const report = await createIdeaSeeding({
    repo: createIdeasRepo(db),
    fileRepo: createFileRepo(db),
    storage: server.built.services.storage,
    pipeline: flatPipeline,
    count: null,
    size: 64,
    designs: 2,
    log: { info: () => {}, warn: () => {} },
  }).startSeeding();
  expect(report.created).toBe(TOTAL);
  anonymous = new TestClient(server.url);
  admin = await registeredUser(server);
  member = await registeredUser(server);
  await createUserRepo(db).update(admin.id, { isAdmin: true });
}, 120_000);
afterAll(async () => server?.close());

describe('paging of every list and search call', () => {
  const calls: { name: string; run: (q: Record<string, unknown>) => Promise<{ code: number; msg: string; data: IdeaList | null }> }[] = [
    { name: 'package/list', run: (q) => list(anonymous, '/api/project/package/list', q) },
    { name: 'search', run: (q) => list(anonymous, '/api/project/search', q) },
    { name: 'search/tag', run: (q) => list(anonymous, '/api/project/search/tag', q) },
    { name: 'category', run: (q) => anonymous.post<IdeaList>('/api/project/category', q) },
  ];

  it.each(calls)('$name: pages from 1, a page past the end is empty with the right total, bad sizes are refused by name', async ({ run }) => {
    const first = await run({ page_index: 1, page_size: 10 });
    expect(first.code).toBe(0);
    expect(first.data?.list).toHaveLength(10);
    expect(first.data?.total).toBe(TOTAL);
    const second = await run({ page_index: 2, page_size: 10 });
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    const past = await run({ page_index: 1000, page_size: 10 });
    expect(past).toMatchObject({ code: 0, data: { list: [], total: TOTAL } });
    const lastPage = Math.ceil(TOTAL / 10);
    expect((await run({ page_index: lastPage, page_size: 10 })).data?.list).toHaveLength(TOTAL - (lastPage - 1) * 10);
    const big = await run({ page_size: IDEA_PAGE_SIZE_MAX + 1 });
    expect(big.code).toBe(Code.BAD_REQUEST);
    expect(big.msg).toContain('page_size');
    const zero = await run({ page_index: 0 });
    expect(zero.code).toBe(Code.BAD_REQUEST);
    expect(zero.msg).toContain('page_index');
    expect((await run({ page_size: IDEA_PAGE_SIZE_MAX })).data?.list).toHaveLength(IDEA_PAGE_SIZE_MAX);
  });
});

describe('categories', () => {
  it('reads a category name with & and spaces in every form a link or a person sends it', async () => {
    const expected = IDEA_BRIEFS.filter((b) => b.category === 'Food & Beverages').length;
    for (const cate of ['Food & Beverages', 'Food%20%26%20Beverages', 'food-beverages', 'FOOD & BEVERAGES', 'food and beverages']) {
      const r = await list(anonymous, '/api/project/package/list', { cate });
      expect(r.data?.total, cate).toBe(expected);
      expect(r.data?.list.every((i) => i.category === 'Food & Beverages')).toBe(true);
    }
    // Encoded in the URL itself, as the web's tab links put it.
    const raw = (await (await fetch(`${server.url}/api/project/package/list?cate=Health%20%26%20Personal%20Care`)).json()) as { data: IdeaList };
    expect(raw.data.total).toBe(IDEA_BRIEFS.filter((b) => b.category === 'Health & Personal Care').length);
    const unknown = await list(anonymous, '/api/project/package/list', { cate: 'Garden Gnomes' });
    expect(unknown).toMatchObject({ code: Code.NOT_FOUND, msg: 'No design-idea category called Garden Gnomes.', data: null });
  });

  it('filters by box, style and colour, and sorts by newest', async () => {
    const pouches = await list(anonymous, '/api/project/package/list', { box: 'stand-up-pouch', page_size: 60 });
    expect(pouches.data?.total).toBe(IDEA_BRIEFS.filter((b) => b.box === 'stand-up-pouch').length);
    expect(pouches.data?.list.every((i) => i.box === 'stand-up-pouch')).toBe(true);
    const byId = await list(anonymous, '/api/project/package/list', { box: '501', page_size: 1 });
    expect(byId.data?.total).toBe(pouches.data?.total);
    const minimal = await list(anonymous, '/api/project/package/list', { cate: 'Electronics', style: 'minimalist', page_size: 60 });
    expect(minimal.data?.total).toBe(IDEA_BRIEFS.filter((b) => b.category === 'Electronics' && b.style.includes('minimalist')).length);
    const navy = await list(anonymous, '/api/project/package/list', { color: 'Navy Blue', page_size: 60 });
    expect(navy.data?.total).toBe(IDEA_BRIEFS.filter((b) => b.color.includes('navy')).length);
    expect(navy.data?.list.every((i) => i.tags.includes('navy'))).toBe(true);
    const noBox = await list(anonymous, '/api/project/package/list', { box: 'spaceship' });
    expect(noBox.code).toBe(Code.BAD_REQUEST);
    expect(noBox.msg).toContain('box');
    const newest = await list(anonymous, '/api/project/package/list', { sort: 'newest', page_size: 60 });
    const times = (newest.data?.list ?? []).map((i) => i.create_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('POST /api/project/category drops empty keyword, mockup and colour (SPEC §5)', async () => {
    const all = await anonymous.post<IdeaList>('/api/project/category', { keyword: '', mockup: '', color: '' });
    expect(all.data?.total).toBe(TOTAL);
    const pouchBoxes = ['stand-up-pouch', 'flat-pouch', 'sachet', 'flat-bottom-pouch'];
    const pouches = await anonymous.post<IdeaList>('/api/project/category', { keyword: '', mockup: 'Pouches', color: '', page_size: 60 });
    expect(pouches.data?.total).toBe(IDEA_BRIEFS.filter((b) => pouchBoxes.includes(b.box)).length);
    const gold = await anonymous.post<IdeaList>('/api/project/category', { keyword: 'chocolate', mockup: '', color: 'gold' });
    expect(gold.data?.list.map((i) => i.brand)).toEqual(['Velvet Cocoa']);
    const bad = await anonymous.post<IdeaList>('/api/project/category', { mockup: 'time machine' });
    expect(bad.code).toBe(Code.BAD_REQUEST);
    expect(bad.msg).toContain('mockup');
  });

  it('previews each category with its count', async () => {
    const r = await anonymous.get<{ list: { name: string; count: number; list: IdeaItem[] }[] }>('/api/project/cate_preview_list');
    for (const c of r.data?.list ?? []) expect(c.count).toBe(IDEA_BRIEFS.filter((b) => b.category === c.name).length);
  });
});

describe('search', () => {
  const search = (keyword: string, extra: Record<string, unknown> = {}) => list(anonymous, '/api/project/search', { keyword, ...extra });

  it('finds brands, products and tags in any case and with or without accents', async () => {
    expect((await search('Coffee Beans')).data?.list[0]?.brand).toBe('Ember & Oak');
    expect((await search('coffee')).data?.list.slice(0, 2).map((i) => i.brand)).toEqual(expect.arrayContaining(['Ember & Oak']));
    for (const k of ['lumiere', 'LUMIÈRE', 'Lumière', 'lumie\u0300re']) expect((await search(k)).data?.list[0]?.brand, k).toBe('Lumière');
    expect((await search('sahara')).data?.list.map((i) => i.brand)).toEqual(['Sahara Rituals']);
  });

  it('ranks tag and name hits above story hits, and needs every word', async () => {
    const honey = await search('honey', { page_size: 60 });
    const top = honey.data?.list[0];
    expect(top?.tags.includes('honey') || / honey /i.test(` ${top?.product} `)).toBe(true);
    const storyOnly = (honey.data?.list ?? []).filter((i) => !i.tags.includes('honey') && !/honey/i.test(`${i.product} ${i.brand}`));
    const lastTagged = Math.max(...(honey.data?.list ?? []).map((i, n) => (i.tags.includes('honey') ? n : -1)));
    for (const s of storyOnly) expect(honey.data?.list.indexOf(s) ?? 0).toBeGreaterThan(lastTagged);
    expect((await search('coffee granola')).data?.total).toBe(0);
    expect((await search('dark roast')).data?.list[0]?.brand).toBe('Ember & Oak');
  });

  it('reads catalogue synonyms (boho → bohemian, sakura → cherry blossoms)', async () => {
    const boho = await search('boho');
    expect(boho.data?.total).toBe(IDEA_BRIEFS.filter((b) => b.style.includes('bohemian')).length);
  });

  it('answers every idea, popular first, to an empty keyword; nothing to emoji; no crash on CJK or odd characters', async () => {
    const empty = await search('');
    expect(empty.data?.total).toBe(TOTAL);
    expect((await list(anonymous, '/api/project/search')).data?.total).toBe(TOTAL);
    for (const k of ['🍫', '抹茶', 'é', "'; drop table projects; --", '%_%', '\\', '😀 roast']) {
      const r = await search(k);
      expect(r.code, k).toBe(0);
      expect(Array.isArray(r.data?.list)).toBe(true);
    }
    expect((await search('🍫')).data?.total).toBe(0);
    expect((await search('😀 roast')).data?.list[0]?.brand).toBe('Ember & Oak');
    const long = await search('x'.repeat(101));
    expect(long.code).toBe(Code.BAD_REQUEST);
    expect(long.msg).toContain('keyword');
  });

  it('search/tag finds ideas carrying a tag by slug, name or synonym, any case', async () => {
    const expected = IDEA_BRIEFS.filter((b) => b.style.includes('art-deco')).length;
    for (const k of ['art-deco', 'Art Deco', 'ART DECO', 'gatsby'])
      expect((await list(anonymous, '/api/project/search/tag', { keyword: k })).data?.total, k).toBe(expected);
    expect((await list(anonymous, '/api/project/search/tag', { keyword: 'no-such-tag' })).data?.total).toBe(0);
    expect((await list(anonymous, '/api/project/search/tag', { keyword: '' })).data?.total).toBe(TOTAL);
  });
});

describe('views and likes', () => {
  it('counts a view once per user', async () => {
    const idea = (await search1('Fizzwick')) as IdeaItem;
    const a = await newGuest(server.url);
    const b = await newGuest(server.url);
    const before = idea.view_count;
    expect((await a.post<{ view_count: number }>('/api/project/view', { project_id: idea.project_id })).data?.view_count).toBe(before + 1);
    expect((await a.post<{ view_count: number }>('/api/project/view', { project_id: idea.project_id })).data?.view_count).toBe(before + 1);
    expect((await b.post<{ view_count: number }>('/api/project/view', { project_id: idea.project_id })).data?.view_count).toBe(before + 2);
    expect((await search1('Fizzwick'))?.view_count).toBe(before + 2);
  });

  it('counts a like once per user, shows it in the idea, and a second press takes it back', async () => {
    const idea = (await search1('Wildhive')) as IdeaItem;
    const a = await newGuest(server.url);
    expect((await a.post('/api/project/like', { project_id: idea.project_id })).data).toEqual({ liked: true, like_count: 1 });
    expect((await a.get('/api/project/like/status', { project_id: idea.project_id })).data).toEqual({ liked: true, like_count: 1 });
    expect((await a.get<IdeaDetail>('/api/project/idea', { project_id: idea.project_id })).data).toMatchObject({ liked: true, like_count: 1 });
    expect((await anonymous.get<IdeaDetail>('/api/project/idea', { project_id: idea.project_id })).data).toMatchObject({ liked: false, like_count: 1 });
    // Liked ideas lead the popular order.
    expect((await list(anonymous, '/api/project/package/list', { cate: 'Food & Beverages', page_size: 1 })).data?.list[0]?.project_id).toBe(idea.project_id);
    expect((await a.post('/api/project/like', { project_id: idea.project_id })).data).toEqual({ liked: false, like_count: 0 });
  });
});

async function search1(keyword: string): Promise<IdeaItem | undefined> {
  return (await list(anonymous, '/api/project/search', { keyword })).data?.list[0];
}

describe("a user's own project", () => {
  it('never appears while private; published it is filed and found everywhere; unpublished it is gone at once', async () => {
    const owner = await newGuest(server.url);
    const id = await designProject(owner, { product: 'Cold brew coffee concentrate', brand: 'Qwertyfox', style: ['Minimalist'], color: ['navy blue'] });
    const stranger = await newGuest(server.url);
    const everywhere = async (): Promise<boolean[]> => [
      ids(await list(anonymous, '/api/project/search', { keyword: 'qwertyfox' })).includes(id),
      ids(await list(anonymous, '/api/project/package/list', { cate: 'Food & Beverages', sort: 'newest', page_size: 60 })).includes(id),
      ids(await list(anonymous, '/api/project/search/tag', { keyword: 'qwertyfox' })).includes(id) ||
        ids(await list(anonymous, '/api/project/search/tag', { keyword: 'concentrate', page_size: 60 })).includes(id),
      ids(await anonymous.post<IdeaList>('/api/project/category', { keyword: 'qwertyfox' })).includes(id),
      ids(await stranger.get<IdeaList>('/api/project/others', { page_size: 100 })).includes(id),
      (await anonymous.get('/api/project/idea', { project_id: id })).code === 0,
      (await stranger.get('/api/project/others', { project_id: id })).code === 0,
    ];
    expect(await everywhere()).toEqual([false, false, false, false, false, false, false]);
    // The owner may ask for ideas like their own unpublished design.
    const mine = await owner.get<IdeaList>('/api/project/others', { project_id: id });
    expect(mine.code).toBe(0);
    expect(mine.data?.list[0]?.category).toBe('Food & Beverages');

    expect((await owner.put('/api/project', { project_id: id, data: { is_public: true } })).code).toBe(0);
    expect(await everywhere()).toEqual([true, true, true, true, true, true, true]);
    const detail = (await anonymous.get<IdeaDetail>('/api/project/idea', { project_id: id })).data;
    expect(detail).toMatchObject({ category: 'Food & Beverages', made_by_packsmith: false, mine: false, box: null });
    expect(detail?.tags).toEqual(expect.arrayContaining(['minimalist', 'navy', 'coffee']));
    expect((await owner.get<IdeaDetail>('/api/project/idea', { project_id: id })).data?.mine).toBe(true);
    // A rename of a public project is searchable at once.
    await owner.put('/api/project/name', { project_id: id, name: 'Zanzibar night edition' });
    expect(ids(await list(anonymous, '/api/project/search', { keyword: 'zanzibar' }))).toEqual([id]);

    expect((await owner.put('/api/project', { project_id: id, data: { is_public: false } })).code).toBe(0);
    expect(await everywhere()).toEqual([false, false, false, false, false, false, false]);
    expect(await anonymous.get('/api/project/idea', { project_id: id })).toMatchObject({ code: Code.NOT_FOUND, data: null });
  });

  it('a published project without any result image is not listed (no empty tiles)', async () => {
    const owner = await newGuest(server.url);
    const created = await owner.post<{ project_id: string }>('/api/project', { type: 'design' });
    const id = created.data?.project_id ?? '';
    await owner.put('/api/project', { project_id: id, data: { product: 'Empty tile tea', brand: 'Blankety', is_public: true } });
    expect(ids(await list(anonymous, '/api/project/search', { keyword: 'blankety' }))).toEqual([]);
    expect((await anonymous.get('/api/project/idea', { project_id: id })).code).toBe(Code.NOT_FOUND);
  });
});

describe('similar ideas', () => {
  it('ranks the same category with shared tags and a close palette first, never the idea itself', async () => {
    const source = (await search1('Alpine Spring')) as IdeaItem;
    const r = await anonymous.get<IdeaList>('/api/project/others', { project_id: source.project_id });
    expect(r.code).toBe(Code.UNAUTHORIZED);
    const g = await newGuest(server.url);
    const similar = await g.get<IdeaList>('/api/project/others', { project_id: source.project_id, page_size: 10 });
    expect(similar.code).toBe(0);
    const list10 = similar.data?.list ?? [];
    expect(list10.map((i) => i.project_id)).not.toContain(source.project_id);
    expect(list10.slice(0, 5).every((i) => i.category === 'Food & Beverages')).toBe(true);
    expect((similar.data?.total ?? 0) > 10).toBe(true);
    expect(await g.get('/api/project/others', { project_id: 'no-such-project' })).toMatchObject({ code: Code.NOT_FOUND, data: null });
  });
});

describe('similar by image', () => {
  it("ranks ideas by an uploaded image's palette and keywords; another user's private file is refused", async () => {
    const a = await newGuest(server.url);
    const navyGold = await sharp({
      create: { width: 1024, height: 1024, channels: 3, background: '#1b2a4a' },
    })
      .composite([
        {
          input: await sharp({ create: { width: 1024, height: 300, channels: 3, background: '#c9a227' } })
            .png()
            .toBuffer(),
          top: 0,
          left: 0,
        },
      ])
      .png()
      .toBuffer();
    const up = await uploadFile(a, navyGold);
    const r = await a.post<IdeaList & { palette: string[]; keywords: string[] }>('/api/project/similar/image', { image_url: up.data?.url ?? '', page_size: 5 });
    expect(r.code).toBe(0);
    expect(r.data?.list).toHaveLength(5);
    expect(r.data?.palette.length).toBeGreaterThan(0);
    expect(r.data?.keywords).toEqual(expect.arrayContaining(['navy']));
    expect(r.data?.list[0]?.tags.some((t) => ['navy', 'gold'].includes(t))).toBe(true);

    const b = await newGuest(server.url);
    const refused = await b.post('/api/project/similar/image', { image_url: up.data?.url ?? '' });
    expect(refused).toMatchObject({ code: Code.FORBIDDEN, data: null });
    expect(refused.msg).toContain('image_url');
    // A public file (a seeded packshot) is anyone's to compare.
    const cover = (await search1('Oceanic'))?.cover_url ?? '';
    expect((await b.post('/api/project/similar/image', { image_url: cover })).code).toBe(0);
    expect((await b.post('/api/project/similar/image', { image_url: 'https://example.com/x.png' })).code).toBe(Code.BAD_REQUEST);
  });
});

describe('admin curation', () => {
  it('refuses non-admins before reading the input', async () => {
    for (const call of [ideaCalls.adminIdeas, ideaCalls.adminSetIdea]) {
      const r = await member.client.call(call.method, call.path, call.method === 'GET' ? undefined : {});
      expect(r).toMatchObject({ code: Code.FORBIDDEN, msg: Msg.forbidden, data: null });
    }
  });

  it('features an idea to the front, hides one from every list, and logs both', async () => {
    const featured = (await search1('Noir')) as IdeaItem;
    const set = await admin.client.put('/api/admin/idea', { project_id: featured.project_id, featured: true });
    expect(set.data).toEqual({ project_id: featured.project_id, featured: true, hidden: false });
    expect((await list(anonymous, '/api/project/package/list', { page_size: 1 })).data?.list[0]).toMatchObject({
      project_id: featured.project_id,
      featured: true,
    });
    expect(
      (await anonymous.get<{ list: { name: string; list: IdeaItem[] }[] }>('/api/project/cate_preview_list')).data?.list.find(
        (c) => c.name === 'Household essentials',
      )?.list[0]?.project_id,
    ).toBe(featured.project_id);

    const hidden = (await search1('Stealth')) as IdeaItem;
    expect((await admin.client.put('/api/admin/idea', { project_id: hidden.project_id, hidden: true })).data).toMatchObject({ hidden: true });
    expect(ids(await list(anonymous, '/api/project/search', { keyword: 'stealth' }))).toEqual([]);
    expect((await anonymous.get('/api/project/idea', { project_id: hidden.project_id })).code).toBe(Code.NOT_FOUND);
    expect((await list(anonymous, '/api/project/package/list', { cate: 'Electronics' })).data?.total).toBe(
      IDEA_BRIEFS.filter((b) => b.category === 'Electronics').length - 1,
    );
    const adminList = await admin.client.get<{ list: (IdeaItem & { hidden: boolean })[]; total: number }>('/api/admin/ideas', { keyword: 'stealth' });
    expect(adminList.data?.list).toEqual([expect.objectContaining({ project_id: hidden.project_id, hidden: true })]);
    expect((await admin.client.get<{ total: number }>('/api/admin/ideas')).data?.total).toBe(TOTAL);

    const actions = await admin.client.get<{ items: { action: string; details: Record<string, unknown> }[] }>('/api/admin/actions');
    expect(actions.data?.items.filter((a) => a.action === 'idea.curate').map((a) => a.details)).toEqual(
      expect.arrayContaining([
        { project_id: featured.project_id, featured: true },
        { project_id: hidden.project_id, hidden: true },
      ]),
    );
    expect((await admin.client.put('/api/admin/idea', { project_id: 'nope', featured: true })).code).toBe(Code.NOT_FOUND);
    expect((await admin.client.put('/api/admin/idea', { project_id: hidden.project_id })).code).toBe(Code.BAD_REQUEST);
    await admin.client.put('/api/admin/idea', { project_id: hidden.project_id, hidden: false });
    await admin.client.put('/api/admin/idea', { project_id: featured.project_id, featured: false });
    expect(ids(await list(anonymous, '/api/project/search', { keyword: 'stealth' }))).toEqual([hidden.project_id]);
  });
});

describe('the in-memory index and the SQL agree', () => {
  it.each([
    [{ keyword: 'coffee' }],
    [{ keyword: 'honey' }],
    [{ keyword: 'boho oil' }],
    [{ keyword: 'minimalist', sort: 'newest' }],
    [{ keyword: '' }],
    [{ cate: 'Electronics', style: 'minimalist' }],
    [{ box: 'stand-up-pouch' }],
    [{ keyword: 'navy', color: 'gold' }],
  ] as const)('%j', async (q) => {
    const { parseQuery } = await import('./idea-text.js');
    const { resolveCategory, resolveBox } = await import('./idea-rules.js');
    const repo = createIdeasRepo(server.built.database.db);
    const query = 'keyword' in q ? parseQuery(q.keyword) : null;
    const cate = 'cate' in q ? (resolveCategory(q.cate) ?? undefined) : undefined;
    const tags = [...('style' in q ? [q.style] : []), ...('color' in q ? [q.color] : [])];
    const sql = await repo.list({
      query,
      category: cate,
      boxes: 'box' in q ? [resolveBox(q.box)?.slug ?? ''] : undefined,
      tags: tags.length > 0 ? tags : undefined,
      sort: 'sort' in q ? q.sort : undefined,
      limit: 60,
      offset: 0,
    });
    const http = await list(anonymous, '/api/project/search', { ...q, page_size: 60 });
    expect(http.data?.total).toBe(sql.total);
    expect(ids(http)).toEqual(sql.rows.map((r) => r.id));
  });
});
