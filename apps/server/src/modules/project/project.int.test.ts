import { describe, expect, inject, it } from 'vitest';
import type { Project, ProjectSummary } from '@packsmith/contracts';
import { TestClient, newGuest } from '../../../test/client.js';
import { makePng } from '../../../test/images.js';
import { uploadFile } from '../../../test/uploads.js';

const baseUrl = inject('baseUrl');

type Detail = Project & { children: ProjectSummary[] };
type Page = { list: ProjectSummary[]; total: number };
type ImageLikes = { like_list: string[]; dislike_list: string[]; like_best: string | null };

async function createProject(c: TestClient, body: Record<string, unknown> = { type: 'design' }): Promise<Project> {
  const r = await c.post<Project>('/api/project', body);
  expect(r, r.msg).toMatchObject({ code: 0, msg: 'SUCCESS' });
  return r.data;
}

/** An image the client uploaded: the only kind of URL a project stores. */
async function ownImage(c: TestClient): Promise<string> {
  const r = await uploadFile(c, await makePng(1024, 1024));
  expect(r.code, r.msg).toBe(0);
  return r.data?.url ?? '';
}
/** A URL of our storage's shape (likes check the shape only, not that the file exists). */
const img = (name: string) => `/files/u/someone/2025/01/${name.replace(/[^A-Za-z0-9]/g, '').padEnd(16, '0')}.png`;

const BRIEF = {
  product: 'Cold brew coffee',
  brand: 'Night Owl',
  // A stored logo must be one of the user's uploads; 'image URLs' below covers that.
  logo: '',
  box: ['Beverage Bottles'],
  element: ['owl', 'moon'],
  style: ['minimal'],
  color: ['#101820', '#f2aa4c'],
};

describe('project lifecycle', () => {
  it('create → update → info → rename → list → view → delete, then 404 everywhere', async () => {
    const me = await newGuest(baseUrl);
    const created = await createProject(me);
    expect(created).toMatchObject({
      type: 'design',
      name: 'Untitled design',
      product: '',
      box: [],
      is_public: false,
      fork_from: null,
      parent_project_id: null,
    });
    expect(created.create_at).toBeGreaterThan(Date.now() - 60_000);

    const updated = await me.put<Project>('/api/project', {
      project_id: created.project_id,
      data: { ...BRIEF, data: { origin_image: img('a'), custom: 1 } },
    });
    expect(updated).toMatchObject({ code: 0, data: { ...BRIEF, data: { origin_image: img('a'), custom: 1 } } });

    // data.data merges shallowly: untouched keys stay, given keys replace.
    const merged = await me.put<Project>('/api/project', { project_id: created.project_id, data: { data: { custom: 2, select_background: img('bg') } } });
    expect(merged.data?.data).toEqual({ origin_image: img('a'), custom: 2, select_background: img('bg') });
    expect(merged.data?.product).toBe(BRIEF.product);
    expect(merged.data?.update_at).toBeGreaterThanOrEqual(created.update_at);

    const info = await me.get<Project>('/api/project/info', { project_id: created.project_id });
    expect(info).toMatchObject({ code: 0, data: { project_id: created.project_id, brand: 'Night Owl', like_list: [], result_list: [] } });

    const renamed = await me.put('/api/project/name', { project_id: created.project_id, name: '  Night Owl bottle ' });
    expect(renamed).toEqual({ code: 0, msg: 'SUCCESS', data: { project_id: created.project_id, name: 'Night Owl bottle' } });
    const blank = await me.put('/api/project/name', { project_id: created.project_id, name: '   ' });
    expect(blank.code).toBe(400);
    expect(blank.msg).toContain('name');

    const second = await createProject(me, { type: 'photoshoot' });
    const list = await me.get<Page>('/api/project/list');
    expect(list.data?.total).toBe(2);
    expect(list.data?.list.map((p) => p.project_id)).toEqual([second.project_id, created.project_id]);
    expect(list.data?.list[1]).toMatchObject({ name: 'Night Owl bottle', product: 'Cold brew coffee', cover: img('a') });
    expect(list.data?.list[0]).toMatchObject({ name: 'Untitled photo shoot', cover: null });
    const onlyShoots = await me.get<Page>('/api/project/list', { type: 'photoshoot' });
    expect(onlyShoots.data).toMatchObject({ total: 1, list: [{ project_id: second.project_id }] });
    const paged = await me.get<Page>('/api/project/list', { page_index: 2, page_size: 1 });
    expect(paged.data).toMatchObject({ total: 2, list: [{ project_id: created.project_id }] });

    expect((await me.post('/api/project/view', { project_id: created.project_id })).data).toEqual({ view_count: 1 });
    // A view counts once per user (project_views).
    expect((await me.post('/api/project/view', { project_id: created.project_id })).data).toEqual({ view_count: 1 });
    expect((await me.get<Project>('/api/project/detail', { project_id: created.project_id })).data).toMatchObject({ view_count: 1, children: [] });

    expect(await me.del('/api/project', { project_id: created.project_id })).toEqual({ code: 0, msg: 'SUCCESS', data: { deleted: true } });
    const afterDelete = [
      await me.get('/api/project/info', { project_id: created.project_id }),
      await me.get('/api/project/detail', { project_id: created.project_id }),
      await me.put('/api/project', { project_id: created.project_id, data: { product: 'x' } }),
      await me.put('/api/project/name', { project_id: created.project_id, name: 'x' }),
      await me.post('/api/project/view', { project_id: created.project_id }),
      await me.del('/api/project', { project_id: created.project_id }),
      await me.get('/api/project/like/status', { project_id: created.project_id }),
      await me.post('/api/project/like', { project_id: created.project_id }),
      await me.post('/api/project/like/image', { project_id: created.project_id, image_url: 'a.png', type: 'like' }),
      await me.post('/api/project/child', { parent_project_id: created.project_id, edit_image_url: 'a.png' }),
      await me.get('/api/project/child/list', { project_id: created.project_id }),
    ];
    for (const r of afterDelete) expect(r).toEqual({ code: 404, msg: expect.any(String), data: null });
    const listAfter = await me.get<Page>('/api/project/list');
    expect(listAfter.data).toMatchObject({ total: 1, list: [{ project_id: second.project_id }] });
  });

  it('validates input with messages naming the field', async () => {
    const me = await newGuest(baseUrl);
    const badType = await me.post('/api/project', { type: 'poster' });
    expect(badType.code).toBe(400);
    expect(badType.msg).toContain('type');
    const noId = await me.get('/api/project/info');
    expect(noId.code).toBe(400);
    expect(noId.msg).toContain('project_id');
    const child = await me.post('/api/project', { type: 'childDesign' });
    expect(child.code).toBe(400);
    expect(child.msg).toContain('/api/project/child');
    const badLike = await me.post('/api/project/like/image', { project_id: 'x', image_url: 'a.png', type: 'love' });
    expect(badLike.code).toBe(400);
    expect(badLike.msg).toContain('type');
  });

  it('refuses a brief the design engine could not typeset, and stores nothing of it', async () => {
    const me = await newGuest(baseUrl);
    const { project_id } = await createProject(me);
    const longBrand = await me.put('/api/project', { project_id, data: { brand: 'B'.repeat(81), product: 'tea' } });
    expect(longBrand).toMatchObject({ code: 400, msg: expect.stringContaining('brand: at most 80 characters') });
    const longProduct = await me.put('/api/project', { project_id, data: { product: 'p'.repeat(121) } });
    expect(longProduct.msg).toContain('product: at most 120 characters');
    const manyStyles = await me.put('/api/project', { project_id, data: { style: Array.from({ length: 21 }, (_, i) => `s${i}`) } });
    expect(manyStyles.msg).toContain('style: at most 20 items');
    const info = await me.get<Project>('/api/project/info', { project_id });
    expect(info.data).toMatchObject({ brand: '', product: '', style: [] });
    // The limits themselves are accepted.
    expect((await me.put('/api/project', { project_id, data: { brand: 'B'.repeat(80), product: 'p'.repeat(120) } })).code).toBe(0);
  });

  it('needs a session: no token 401, bad token 402', async () => {
    const anon = new TestClient(baseUrl);
    expect((await anon.post('/api/project', { type: 'design' })).code).toBe(401);
    anon.token = 'nope';
    expect((await anon.get('/api/project/list')).code).toBe(402);
  });
});

describe('redesign (fork)', () => {
  it('copies the brief of a readable source, not its results, likes or data', async () => {
    const owner = await newGuest(baseUrl);
    const src = await createProject(owner);
    await owner.put('/api/project', { project_id: src.project_id, data: { ...BRIEF, data: { origin_image: img('src') } } });
    const r1 = await ownImage(owner);
    expect((await owner.post('/api/project/like/image', { project_id: src.project_id, image_url: r1, type: 'like' })).code).toBe(0);
    expect((await owner.post('/api/project/like/image', { project_id: src.project_id, image_url: r1, type: 'best' })).code).toBe(0);
    await owner.post('/api/project/like', { project_id: src.project_id });

    const mine = await createProject(owner, { type: 'design', fork_from: src.project_id });
    expect(mine).toMatchObject({
      ...BRIEF,
      fork_from: src.project_id,
      like_list: [],
      like_best: null,
      result_list: [],
      data: {},
      like_count: 0,
      view_count: 0,
    });
    expect(mine.project_id).not.toBe(src.project_id);

    // Someone else may redesign it only once it is published.
    const other = await newGuest(baseUrl);
    expect(await other.post('/api/project', { type: 'design', fork_from: src.project_id })).toEqual({ code: 403, msg: expect.any(String), data: null });
    await owner.put('/api/project', { project_id: src.project_id, data: { is_public: true } });
    const theirs = await createProject(other, { type: 'design', fork_from: src.project_id });
    expect(theirs).toMatchObject({ ...BRIEF, fork_from: src.project_id, is_public: false });
    // The fork belongs to its creator.
    expect((await other.put('/api/project/name', { project_id: theirs.project_id, name: 'Mine now' })).code).toBe(0);
    expect((await owner.put('/api/project/name', { project_id: theirs.project_id, name: 'x' })).code).toBe(403);

    expect(await other.post('/api/project', { type: 'design', fork_from: 'no-such-project' })).toEqual({ code: 404, msg: expect.any(String), data: null });
  });
});

describe('child designs', () => {
  it('creates a child from a parent image with the parent brief, and lists it', async () => {
    const me = await newGuest(baseUrl);
    const parent = await createProject(me);
    await me.put('/api/project', { project_id: parent.project_id, data: BRIEF });
    const [result2, result3, original3] = [await ownImage(me), await ownImage(me), await ownImage(me)];

    const r = await me.post<Project>('/api/project/child', { parent_project_id: parent.project_id, edit_image_url: result2 });
    expect(r).toMatchObject({ code: 0, data: { type: 'childDesign', parent_project_id: parent.project_id, ...BRIEF } });
    expect(r.data?.data.origin_image).toBe(result2);
    const child = r.data;

    const withOrigin = await me.post<Project>('/api/project/child', {
      parent_project_id: parent.project_id,
      edit_image_url: result3,
      origin_image: original3,
    });
    expect(withOrigin.data?.data.origin_image).toBe(original3);

    const children = await me.get<{ list: ProjectSummary[] }>('/api/project/child/list', { project_id: parent.project_id });
    expect(children.data?.list.map((c) => c.project_id)).toEqual([withOrigin.data?.project_id, child.project_id]);
    expect(children.data?.list[1]).toMatchObject({ type: 'childDesign', parent_project_id: parent.project_id, cover: result2 });

    const detail = await me.get<Detail>('/api/project/detail', { project_id: parent.project_id });
    expect(detail.data?.children).toHaveLength(2);

    // A deleted child leaves the list; the child stays its own project with its own id.
    await me.del('/api/project', { project_id: child.project_id });
    const after = await me.get<{ list: ProjectSummary[] }>('/api/project/child/list', { project_id: parent.project_id });
    expect(after.data?.list.map((c) => c.project_id)).toEqual([withOrigin.data?.project_id]);

    const childInfo = await me.get<Project>('/api/project/info', { project_id: withOrigin.data?.project_id ?? '' });
    expect(childInfo.data?.parent_project_id).toBe(parent.project_id);
  });
});

describe('image likes', () => {
  it('like and dislike exclude each other, the same press undoes, best is a single image', async () => {
    const me = await newGuest(baseUrl);
    const p = await createProject(me);
    const press = async (image_url: string, type: string) => {
      const r = await me.post<ImageLikes>('/api/project/like/image', { project_id: p.project_id, image_url, type });
      expect(r.code, r.msg).toBe(0);
      return r.data;
    };
    const [a, b, c] = [await ownImage(me), await ownImage(me), await ownImage(me)];
    expect(await press(a, 'like')).toEqual({ like_list: [a], dislike_list: [], like_best: null });
    expect(await press(b, 'like')).toEqual({ like_list: [a, b], dislike_list: [], like_best: null });
    expect(await press(a, 'dislike')).toEqual({ like_list: [b], dislike_list: [a], like_best: null });
    expect(await press(a, 'like')).toEqual({ like_list: [b, a], dislike_list: [], like_best: null });
    expect(await press(a, 'like')).toEqual({ like_list: [b], dislike_list: [], like_best: null });
    expect(await press(c, 'dislike')).toEqual({ like_list: [b], dislike_list: [c], like_best: null });
    expect(await press(c, 'dislike')).toEqual({ like_list: [b], dislike_list: [], like_best: null });
    expect(await press(b, 'best')).toMatchObject({ like_best: b });
    expect(await press(a, 'best')).toMatchObject({ like_best: a });
    expect(await press(a, 'best')).toMatchObject({ like_best: null });
    await press(a, 'best');
    expect(await press(a, 'dislike')).toEqual({ like_list: [b], dislike_list: [a], like_best: null });

    const info = await me.get<Project>('/api/project/info', { project_id: p.project_id });
    expect(info.data).toMatchObject({ like_list: [b], dislike_list: [a], like_best: null });
  });

  it("refuses another user's private file, and a URL of our storage that names no file", async () => {
    const [me, other] = [await newGuest(baseUrl), await newGuest(baseUrl)];
    const p = await createProject(me);
    const theirs = await ownImage(other);
    const foreign = await me.post('/api/project/like/image', { project_id: p.project_id, image_url: theirs, type: 'like' });
    expect(foreign.code).toBe(403);
    const missing = await me.post('/api/project/like/image', { project_id: p.project_id, image_url: img('nothing'), type: 'like' });
    expect(missing.code).not.toBe(0);
    expect((await me.get<Project>('/api/project/info', { project_id: p.project_id })).data?.like_list).toEqual([]);
  });

  it('keeps every press when several arrive at once', async () => {
    const me = await newGuest(baseUrl);
    const p = await createProject(me);
    const urls = await Promise.all(Array.from({ length: 8 }, () => ownImage(me)));
    await Promise.all(urls.map((image_url) => me.post('/api/project/like/image', { project_id: p.project_id, image_url, type: 'like' })));
    const info = await me.get<Project>('/api/project/info', { project_id: p.project_id });
    expect([...(info.data?.like_list ?? [])].sort()).toEqual([...urls].sort());
  });
});

describe('project likes and public projects', () => {
  it('toggles a like on a readable project and keeps like_count equal to the likes', async () => {
    const owner = await newGuest(baseUrl);
    const p = await createProject(owner);
    await owner.put('/api/project', { project_id: p.project_id, data: { is_public: true } });
    const fans = await Promise.all([newGuest(baseUrl), newGuest(baseUrl), newGuest(baseUrl)]);

    expect((await fans[0].get('/api/project/like/status', { project_id: p.project_id })).data).toEqual({ liked: false, like_count: 0 });
    const likes = await Promise.all(fans.map((f) => f.post<{ liked: boolean; like_count: number }>('/api/project/like', { project_id: p.project_id })));
    expect(likes.every((r) => r.data?.liked === true)).toBe(true);
    expect(likes.map((r) => r.data?.like_count).sort()).toEqual([1, 2, 3]);
    expect((await fans[1].get('/api/project/like/status', { project_id: p.project_id })).data).toEqual({ liked: true, like_count: 3 });
    expect((await owner.get('/api/project/like/status', { project_id: p.project_id })).data).toEqual({ liked: false, like_count: 3 });

    expect((await fans[1].post('/api/project/like', { project_id: p.project_id })).data).toEqual({ liked: false, like_count: 2 });
    expect((await fans[1].get('/api/project/like/status', { project_id: p.project_id })).data).toEqual({ liked: false, like_count: 2 });
    expect((await owner.get<Project>('/api/project/info', { project_id: p.project_id })).data?.like_count).toBe(2);
  });

  it('others lists public projects of other users only, newest first', async () => {
    const alice = await newGuest(baseUrl);
    const bob = await newGuest(baseUrl);
    const alicePublic = await createProject(alice, { type: 'mockup' });
    await alice.put('/api/project', { project_id: alicePublic.project_id, data: { is_public: true, product: 'Tea tin' } });
    const alicePrivate = await createProject(alice, { type: 'mockup' });
    const bobPublic = await createProject(bob, { type: 'mockup' });
    await bob.put('/api/project', { project_id: bobPublic.project_id, data: { is_public: true } });
    const aliceNewer = await createProject(alice, { type: 'mockup' });
    await alice.put('/api/project', { project_id: aliceNewer.project_id, data: { is_public: true } });

    // Other tests publish projects on the shared server too, so read every page of the type.
    const all = async (c: TestClient) => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const r = await c.get<Page>('/api/project/others', { type: 'mockup', page_index: page, page_size: 100 });
        expect(r.code).toBe(0);
        ids.push(...(r.data?.list ?? []).map((x) => x.project_id));
        if ((r.data?.list.length ?? 0) < 100) return { ids, total: r.data?.total ?? 0 };
      }
    };
    const seenByBob = await all(bob);
    expect(seenByBob.ids).toContain(alicePublic.project_id);
    expect(seenByBob.ids).not.toContain(alicePrivate.project_id);
    expect(seenByBob.ids).not.toContain(bobPublic.project_id);
    expect(seenByBob.total).toBe(seenByBob.ids.length);
    expect(seenByBob.ids.indexOf(aliceNewer.project_id)).toBeLessThan(seenByBob.ids.indexOf(alicePublic.project_id));
    const seenByAlice = await all(alice);
    expect(seenByAlice.ids).toContain(bobPublic.project_id);
    expect(seenByAlice.ids).not.toContain(alicePublic.project_id);

    // A public project is readable, viewable and likeable by others, but still only editable by its owner.
    expect((await bob.get<Project>('/api/project/info', { project_id: alicePublic.project_id })).data?.product).toBe('Tea tin');
    expect((await bob.post('/api/project/view', { project_id: alicePublic.project_id })).data).toEqual({ view_count: 1 });
    expect((await bob.put('/api/project', { project_id: alicePublic.project_id, data: { product: 'hijack' } })).code).toBe(403);
    expect((await bob.del('/api/project', { project_id: alicePublic.project_id })).code).toBe(403);
    expect((await bob.post('/api/project/like/image', { project_id: alicePublic.project_id, image_url: 'a.png', type: 'like' })).code).toBe(403);
    expect((await bob.post('/api/project/child', { parent_project_id: alicePublic.project_id, edit_image_url: 'a.png' })).code).toBe(403);

    // Unpublished again: gone from others.
    await alice.put('/api/project', { project_id: alicePublic.project_id, data: { is_public: false } });
    expect((await all(bob)).ids).not.toContain(alicePublic.project_id);
  });
});

describe('ownership', () => {
  it("another user's private project answers 403 on every call, leaking nothing", async () => {
    const owner = await newGuest(baseUrl);
    const stranger = await newGuest(baseUrl);
    const p = await createProject(owner);
    await owner.put('/api/project', { project_id: p.project_id, data: { ...BRIEF, data: { origin_image: img('secret') } } });
    const id = p.project_id;
    const calls: [string, Promise<unknown>][] = [
      ['info', stranger.get('/api/project/info', { project_id: id })],
      ['detail', stranger.get('/api/project/detail', { project_id: id })],
      ['update', stranger.put('/api/project', { project_id: id, data: { product: 'x' } })],
      ['delete', stranger.del('/api/project', { project_id: id })],
      ['rename', stranger.put('/api/project/name', { project_id: id, name: 'x' })],
      ['view', stranger.post('/api/project/view', { project_id: id })],
      ['like status', stranger.get('/api/project/like/status', { project_id: id })],
      ['like', stranger.post('/api/project/like', { project_id: id })],
      ['like image', stranger.post('/api/project/like/image', { project_id: id, image_url: 'a.png', type: 'like' })],
      ['child', stranger.post('/api/project/child', { parent_project_id: id, edit_image_url: 'a.png' })],
      ['child list', stranger.get('/api/project/child/list', { project_id: id })],
      ['fork', stranger.post('/api/project', { type: 'design', fork_from: id })],
    ];
    for (const [name, pending] of calls) {
      const r = await pending;
      expect(r, name).toEqual({ code: 403, msg: expect.any(String), data: null });
      expect(JSON.stringify(r), name).not.toMatch(/Night Owl|secret\.png/);
    }
    // Nothing changed for the owner.
    const info = await owner.get<Project>('/api/project/info', { project_id: id });
    expect(info.data).toMatchObject({ name: 'Untitled design', product: BRIEF.product, view_count: 0, like_count: 0, like_list: [] });
    expect((await owner.get<{ list: ProjectSummary[] }>('/api/project/child/list', { project_id: id })).data?.list).toEqual([]);
    expect((await stranger.get<Page>('/api/project/list')).data?.total).toBe(0);
  });

  it('unknown ids answer 404 on every call', async () => {
    const me = await newGuest(baseUrl);
    const id = 'does-not-exist';
    const results = await Promise.all([
      me.get('/api/project/info', { project_id: id }),
      me.get('/api/project/detail', { project_id: id }),
      me.put('/api/project', { project_id: id, data: { product: 'x' } }),
      me.del('/api/project', { project_id: id }),
      me.put('/api/project/name', { project_id: id, name: 'x' }),
      me.post('/api/project/view', { project_id: id }),
      me.get('/api/project/like/status', { project_id: id }),
      me.post('/api/project/like', { project_id: id }),
      me.post('/api/project/like/image', { project_id: id, image_url: 'a.png', type: 'like' }),
      me.post('/api/project/child', { parent_project_id: id, edit_image_url: 'a.png' }),
      me.get('/api/project/child/list', { project_id: id }),
      me.post('/api/project', { type: 'design', fork_from: id }),
    ]);
    for (const r of results) expect(r).toEqual({ code: 404, msg: expect.any(String), data: null });
  });

  it("a public project's private children stay hidden from others", async () => {
    const owner = await newGuest(baseUrl);
    const other = await newGuest(baseUrl);
    const parent = await createProject(owner);
    await owner.put('/api/project', { project_id: parent.project_id, data: { is_public: true } });
    const hidden = await owner.post<Project>('/api/project/child', { parent_project_id: parent.project_id, edit_image_url: await ownImage(owner) });
    const shown = await owner.post<Project>('/api/project/child', { parent_project_id: parent.project_id, edit_image_url: await ownImage(owner) });
    await owner.put('/api/project', { project_id: shown.data?.project_id ?? '', data: { is_public: true } });

    const seen = await other.get<{ list: ProjectSummary[] }>('/api/project/child/list', { project_id: parent.project_id });
    expect(seen.data?.list.map((c) => c.project_id)).toEqual([shown.data?.project_id]);
    const detail = await other.get<Detail>('/api/project/detail', { project_id: parent.project_id });
    expect(detail.data?.children.map((c) => c.project_id)).toEqual([shown.data?.project_id]);
    expect((await other.get('/api/project/info', { project_id: hidden.data?.project_id ?? '' })).code).toBe(403);
  });
});

describe('image URLs', () => {
  const FOREIGN = [
    'javascript:alert(document.domain)',
    'http://evil/x.png',
    'data:image/png;base64,iVBORw0KGgo=',
    '//evil.example/files/u/x/2025/01/aaaaaaaaaaaaaaaa.png',
  ];

  it.each(FOREIGN)('refuses %s as logo, child image, liked image or data image, naming the field, and stores nothing', async (url) => {
    const me = await newGuest(baseUrl);
    const p = await createProject(me);
    const own = await ownImage(me);

    const logo = await me.put('/api/project', { project_id: p.project_id, data: { logo: url } });
    expect(logo).toMatchObject({ code: 400, msg: expect.stringContaining('logo'), data: null });
    const dataImage = await me.put('/api/project', { project_id: p.project_id, data: { data: { origin_image: url } } });
    expect(dataImage).toMatchObject({ code: 400, msg: expect.stringContaining('data.origin_image'), data: null });
    const origin = await me.post('/api/project/child', { parent_project_id: p.project_id, edit_image_url: own, origin_image: url });
    expect(origin).toMatchObject({ code: 400, msg: expect.stringContaining('origin_image'), data: null });
    const edit = await me.post('/api/project/child', { parent_project_id: p.project_id, edit_image_url: url });
    expect(edit).toMatchObject({ code: 400, msg: expect.stringContaining('edit_image_url'), data: null });
    const like = await me.post('/api/project/like/image', { project_id: p.project_id, image_url: url, type: 'like' });
    expect(like).toMatchObject({ code: 400, msg: expect.stringContaining('image_url'), data: null });

    const after = await me.get<Detail>('/api/project/detail', { project_id: p.project_id });
    expect(after.data).toMatchObject({ logo: '', like_list: [], data: {}, children: [] });
  });

  it("accepts the user's own upload as logo and child images, and refuses another user's private file", async () => {
    const me = await newGuest(baseUrl);
    const p = await createProject(me);
    const mine = await ownImage(me);
    const saved = await me.put<Project>('/api/project', { project_id: p.project_id, data: { logo: mine } });
    expect(saved.data?.logo).toBe(mine);
    const child = await me.post<Project>('/api/project/child', { parent_project_id: p.project_id, edit_image_url: mine, origin_image: mine });
    expect(child.data?.data).toMatchObject({ origin_image: mine, edit_image_url: mine });

    const theirs = await ownImage(await newGuest(baseUrl));
    const r = await me.put('/api/project', { project_id: p.project_id, data: { logo: theirs } });
    expect(r).toMatchObject({ code: 403, msg: expect.stringContaining('logo') });
    expect((await me.get<Project>('/api/project/info', { project_id: p.project_id })).data?.logo).toBe(mine);
  });
});
