import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROJECT_RESTORE_WINDOW_MS, type Project, type ProjectListItem, type ProjectSummary } from '@packsmith/contracts';
import { newGuest, type TestClient } from '../../../test/client.js';
import { makePng } from '../../../test/images.js';
import { uploadFile } from '../../../test/uploads.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { projects } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createProjectRepo, type ProjectRow } from './project.repo.js';

/*
 * The projects screen's calls (GET /api/project/list with keyword, sort, type and nesting; POST
 * /api/project/restore). A server of its own: the tests seed rows with chosen timestamps through the
 * repository and move deleted_at back in the database to step past the restore window.
 */

type Page = { list: ProjectListItem[]; total: number };

let server: TestServer;
let repo: ReturnType<typeof createProjectRepo>;

beforeAll(async () => {
  server = await startTestServer();
  repo = createProjectRepo(server.built.database.db);
}, 60_000);
afterAll(async () => server?.close());

async function guest(): Promise<{ client: TestClient; id: string }> {
  const client = await newGuest(server.url);
  const me = await client.get<{ user_id: string }>('/api/user/me');
  expect(me.code, me.msg).toBe(0);
  return { client, id: me.data?.user_id ?? '' };
}

const T0 = Date.parse('2026-06-01T10:00:00Z');
const minutes = (n: number) => new Date(T0 + n * 60_000);

/** Seeds a project row directly (timestamps chosen, so sort orders are exact). */
async function seed(userId: string, over: Partial<ProjectRow> & { at?: number; editedAt?: number } = {}): Promise<ProjectRow> {
  const { at = 0, editedAt, ...rest } = over;
  return repo.insert({
    id: newId(),
    userId,
    type: 'design',
    name: 'Untitled design',
    createdAt: minutes(at),
    updatedAt: minutes(editedAt ?? at),
    ...rest,
  });
}

async function list(c: TestClient, query: Record<string, unknown> = {}): Promise<Page> {
  const r = await c.get<Page>('/api/project/list', query);
  expect(r.code, r.msg).toBe(0);
  return r.data ?? { list: [], total: 0 };
}
const ids = (p: Page) => p.list.map((x) => x.project_id);

describe('GET /api/project/list', () => {
  it('lists top-level projects with their variations nested, newest first; children never top-level; deleted never listed', async () => {
    const me = await guest();
    const parent = await seed(me.id, { name: 'Night Owl bottle', at: 1 });
    const childA = await seed(me.id, { type: 'childDesign', name: 'Owl v1', parentId: parent.id, at: 2 });
    const childB = await seed(me.id, { type: 'childDesign', name: 'Owl v2', parentId: parent.id, at: 3 });
    const grandchild = await seed(me.id, { type: 'childDesign', name: 'Owl v2 gold', parentId: childB.id, at: 4 });
    const shoot = await seed(me.id, { type: 'photoshoot', name: 'Shoot', at: 5 });
    const gone = await seed(me.id, { name: 'Deleted one', at: 6 });
    await repo.softDelete(gone.id);

    const page = await list(me.client);
    expect(page.total).toBe(2);
    expect(ids(page)).toEqual([shoot.id, parent.id]);
    const owl = page.list[1];
    // Every live descendant, a variation of a variation too, newest first.
    expect(owl?.children.map((c) => c.project_id)).toEqual([grandchild.id, childB.id, childA.id]);
    expect(owl?.children[0]).toMatchObject({ type: 'childDesign', parent_project_id: childB.id });
    expect(page.list[0]?.children).toEqual([]);
    expect(JSON.stringify(page)).not.toContain(gone.id);
  });

  it('a variation made through the API nests under its parent and shows with type childDesign, flat', async () => {
    const me = await guest();
    const upload = await uploadFile(me.client, await makePng(1024, 1024));
    const parent = (await me.client.post<Project>('/api/project', { type: 'design' })).data;
    const child = await me.client.post<Project>('/api/project/child', { parent_project_id: parent?.project_id, edit_image_url: upload.data?.url });
    expect(child.code, child.msg).toBe(0);

    const page = await list(me.client);
    expect(page).toMatchObject({
      total: 1,
      list: [{ project_id: parent?.project_id, children: [{ project_id: child.data?.project_id, cover: upload.data?.url }] }],
    });
    const flat = await list(me.client, { type: 'childDesign' });
    expect(flat).toEqual({ total: 1, list: [expect.objectContaining({ project_id: child.data?.project_id, children: [] })] });
  });

  it('keyword matches name, brand or product of a project or of a variation, in any case, Unicode included', async () => {
    const me = await guest();
    const tea = await seed(me.id, { name: 'Morning tea', brand: 'Leaf & Co', product: 'Green tea', at: 1 });
    const teaKid = await seed(me.id, { type: 'childDesign', name: 'Tea gold foil', parentId: tea.id, at: 2 });
    const teaKid2 = await seed(me.id, { type: 'childDesign', name: 'Tea kraft', parentId: tea.id, at: 3 });
    const coffee = await seed(me.id, { name: 'Coffee', brand: 'Night Owl', at: 4 });
    const coffeeKid = await seed(me.id, { type: 'childDesign', name: 'Crème brûlée edition', parentId: coffee.id, at: 5 });
    const coffeeKid2 = await seed(me.id, { type: 'childDesign', name: 'Plain', parentId: coffee.id, at: 6 });
    const greek = await seed(me.id, { name: 'ΣΟΦΊΑ μέλι', product: '抹茶 matcha', at: 7 });

    // The parent matched itself: all its variations come with it.
    const byBrand = await list(me.client, { keyword: 'leaf &' });
    expect(ids(byBrand)).toEqual([tea.id]);
    expect(byBrand.list[0]?.children.map((c) => c.project_id)).toEqual([teaKid2.id, teaKid.id]);
    expect(ids(await list(me.client, { keyword: 'GREEN TEA' }))).toEqual([tea.id]);

    // Only a variation matched: the parent shows with just the matching variation.
    const byChild = await list(me.client, { keyword: 'CRÈME BRÛLÉE' });
    expect(byChild).toMatchObject({ total: 1, list: [{ project_id: coffee.id, children: [{ project_id: coffeeKid.id }] }] });
    expect(byChild.list[0]?.children).toHaveLength(1);
    expect(JSON.stringify(byChild)).not.toContain(coffeeKid2.id);

    expect(ids(await list(me.client, { keyword: 'σοφία' }))).toEqual([greek.id]);
    expect(ids(await list(me.client, { keyword: '抹茶' }))).toEqual([greek.id]);
    expect(await list(me.client, { keyword: 'nothing like this' })).toEqual({ list: [], total: 0 });
    // Blank after trimming is no keyword at all.
    expect((await list(me.client, { keyword: '   ' })).total).toBe(3);
  });

  it('treats % and _ (and backslash) in the keyword as plain characters', async () => {
    const me = await guest();
    const pct = await seed(me.id, { name: '100% cotton bag', at: 1 });
    const under = await seed(me.id, { name: 'snake_case box', at: 2 });
    const slash = await seed(me.id, { name: 'A\\B test', at: 3 });
    await seed(me.id, { name: '1000 cotton', at: 4 });
    await seed(me.id, { name: 'snakeXcase', at: 5 });

    expect(ids(await list(me.client, { keyword: '0%' }))).toEqual([pct.id]);
    expect(ids(await list(me.client, { keyword: '%' }))).toEqual([pct.id]);
    expect(ids(await list(me.client, { keyword: 'e_c' }))).toEqual([under.id]);
    expect(ids(await list(me.client, { keyword: '_' }))).toEqual([under.id]);
    expect(ids(await list(me.client, { keyword: 'a\\b' }))).toEqual([slash.id]);
  });

  it('sorts by last edited (default), newest, oldest and name', async () => {
    const me = await guest();
    const a = await seed(me.id, { name: 'banana', at: 1, editedAt: 50 });
    const b = await seed(me.id, { name: 'Apple', at: 2, editedAt: 10 });
    const c = await seed(me.id, { name: 'cherry', at: 3, editedAt: 30 });
    expect(ids(await list(me.client))).toEqual([a.id, c.id, b.id]);
    expect(ids(await list(me.client, { sort: 'updated' }))).toEqual([a.id, c.id, b.id]);
    expect(ids(await list(me.client, { sort: 'newest' }))).toEqual([c.id, b.id, a.id]);
    expect(ids(await list(me.client, { sort: 'oldest' }))).toEqual([a.id, b.id, c.id]);
    // Name A–Z ignores case.
    expect(ids(await list(me.client, { sort: 'name' }))).toEqual([b.id, a.id, c.id]);
    const bad = await me.client.get('/api/project/list', { sort: 'size' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('sort');
  });

  it('filters by type; with childDesign the variations themselves, flat, keyword on themselves', async () => {
    const me = await guest();
    const design = await seed(me.id, { name: 'Soap', at: 1 });
    const kid = await seed(me.id, { type: 'childDesign', name: 'Soap lavender', parentId: design.id, at: 2 });
    const kid2 = await seed(me.id, { type: 'childDesign', name: 'Soap mint', parentId: design.id, at: 3 });
    const mockup = await seed(me.id, { type: 'mockup', name: 'Mockup', at: 4 });
    const quote = await seed(me.id, { type: 'pricing_tool', name: 'Quote', at: 5 });
    const editor = await seed(me.id, { type: 'ai_editor', name: 'Edit', at: 6 });

    expect(await list(me.client, { type: 'design' })).toMatchObject({
      total: 1,
      list: [{ project_id: design.id, children: [{ project_id: kid2.id }, { project_id: kid.id }] }],
    });
    expect(ids(await list(me.client, { type: 'mockup' }))).toEqual([mockup.id]);
    expect(ids(await list(me.client, { type: 'pricing_tool' }))).toEqual([quote.id]);
    expect(ids(await list(me.client, { type: 'ai_editor' }))).toEqual([editor.id]);
    expect(ids(await list(me.client, { type: 'photoshoot' }))).toEqual([]);
    const flat = await list(me.client, { type: 'childDesign' });
    expect(ids(flat)).toEqual([kid2.id, kid.id]);
    expect(flat.list.every((x) => x.children.length === 0)).toBe(true);
    expect(ids(await list(me.client, { type: 'childDesign', keyword: 'MINT' }))).toEqual([kid2.id]);
    // The parent's own name does not pull its variations into the flat list.
    expect(ids(await list(me.client, { type: 'childDesign', keyword: 'lavender' }))).toEqual([kid.id]);
    expect((await me.client.get('/api/project/list', { type: 'poster' })).code).toBe(400);
  });

  it('pages by page_index from 1: edges, the last partial page, past the end', async () => {
    const me = await guest();
    const rows: ProjectRow[] = [];
    for (let i = 0; i < 5; i++) rows.push(await seed(me.id, { name: `P${i}`, at: i }));
    const newestFirst = rows.map((r) => r.id).reverse();
    const one = await list(me.client, { page_index: 1, page_size: 2 });
    expect(one).toMatchObject({ total: 5 });
    expect(ids(one)).toEqual(newestFirst.slice(0, 2));
    expect(ids(await list(me.client, { page_index: 2, page_size: 2 }))).toEqual(newestFirst.slice(2, 4));
    expect(ids(await list(me.client, { page_index: 3, page_size: 2 }))).toEqual(newestFirst.slice(4));
    expect(await list(me.client, { page_index: 4, page_size: 2 })).toEqual({ total: 5, list: [] });
    expect(ids(await list(me.client, { page_size: 100 }))).toEqual(newestFirst);
    for (const bad of [{ page_index: 0 }, { page_size: 0 }, { page_size: 101 }, { page_index: 'x' }]) {
      expect((await me.client.get('/api/project/list', bad)).code).toBe(400);
    }
    const long = await me.client.get('/api/project/list', { keyword: 'x'.repeat(101) });
    expect(long).toMatchObject({ code: 400, msg: expect.stringContaining('keyword') });
  });

  it('lists only the caller’s projects; a variation whose parent was deleted shows on its own until the parent is back', async () => {
    const me = await guest();
    const other = await guest();
    await seed(other.id, { name: 'Secret of another', at: 1 });
    const parent = await seed(me.id, { name: 'Parent', at: 2 });
    const kid = await seed(me.id, { type: 'childDesign', name: 'Kid', parentId: parent.id, at: 3 });
    expect(JSON.stringify(await list(me.client, { keyword: 'secret' }))).not.toContain('Secret of another');

    expect((await me.client.del('/api/project', { project_id: parent.id })).code).toBe(0);
    const orphaned = await list(me.client);
    expect(orphaned).toMatchObject({ total: 1, list: [{ project_id: kid.id, type: 'childDesign', children: [] }] });

    expect((await me.client.post('/api/project/restore', { project_id: parent.id })).code).toBe(0);
    expect(await list(me.client)).toMatchObject({ total: 1, list: [{ project_id: parent.id, children: [{ project_id: kid.id }] }] });
  });
});

describe('POST /api/project/restore', () => {
  it('brings a deleted project back within the window: listed again with the same data and place', async () => {
    const me = await guest();
    const older = await seed(me.id, { name: 'Older', at: 1, editedAt: 1 });
    const p = await seed(me.id, {
      name: 'Keep me',
      brand: 'Leaf',
      product: 'Tea',
      at: 2,
      editedAt: 20,
      data: { origin_image: '/files/u/x/2026/01/aaaaaaaaaaaaaaaa.png' },
    });
    const before = await me.client.get<Project>('/api/project/info', { project_id: p.id });

    expect((await me.client.del('/api/project', { project_id: p.id })).data).toEqual({ deleted: true });
    expect(ids(await list(me.client))).toEqual([older.id]);
    expect((await me.client.get('/api/project/info', { project_id: p.id })).code).toBe(404);

    const restored = await me.client.post<ProjectSummary>('/api/project/restore', { project_id: p.id });
    expect(restored).toMatchObject({
      code: 0,
      msg: 'SUCCESS',
      data: { project_id: p.id, name: 'Keep me', brand: 'Leaf', product: 'Tea', cover: '/files/u/x/2026/01/aaaaaaaaaaaaaaaa.png' },
    });
    const after = await me.client.get<Project>('/api/project/info', { project_id: p.id });
    expect(after.data).toEqual(before.data);
    // Back where it was in "Last edited" order: the delete did not count as an edit.
    expect(ids(await list(me.client))).toEqual([p.id, older.id]);
  });

  it('a second restore is idempotent: it answers the project as it is', async () => {
    const me = await guest();
    const p = await seed(me.id, { name: 'Twice', at: 1 });
    await me.client.del('/api/project', { project_id: p.id });
    const first = await me.client.post<ProjectSummary>('/api/project/restore', { project_id: p.id });
    const second = await me.client.post<ProjectSummary>('/api/project/restore', { project_id: p.id });
    expect(first.code).toBe(0);
    expect(second).toEqual(first);
    // Never deleted at all: the same answer, nothing changes.
    const live = await seed(me.id, { name: 'Alive', at: 2 });
    expect((await me.client.post<ProjectSummary>('/api/project/restore', { project_id: live.id })).data).toMatchObject({ project_id: live.id, name: 'Alive' });
    expect((await list(me.client)).total).toBe(2);
  });

  it('refuses another user’s project, deleted or not, without any of its data', async () => {
    const owner = await guest();
    const stranger = await guest();
    const p = await seed(owner.id, { name: 'Secret plan', at: 1 });
    for (const deleted of [false, true]) {
      if (deleted) await owner.client.del('/api/project', { project_id: p.id });
      const r = await stranger.client.post('/api/project/restore', { project_id: p.id });
      expect(r).toEqual({ code: 403, msg: 'This project belongs to someone else.', data: null });
    }
    // Still deleted: the stranger's attempt restored nothing.
    expect((await list(owner.client)).total).toBe(0);
    expect(await stranger.client.post('/api/project/restore', { project_id: 'no-such-project' })).toEqual({ code: 404, msg: 'Project not found.', data: null });
    const missing = await stranger.client.post('/api/project/restore', {});
    expect(missing).toMatchObject({ code: 400, msg: expect.stringContaining('project_id') });
  });

  it('after the window: 404 that says it can no longer be restored; just inside it still works', async () => {
    const me = await guest();
    const late = await seed(me.id, { name: 'Too late', at: 1 });
    const edge = await seed(me.id, { name: 'Just in time', at: 2 });
    await me.client.del('/api/project', { project_id: late.id });
    await me.client.del('/api/project', { project_id: edge.id });
    const db = server.built.database.db;
    await db
      .update(projects)
      .set({ deletedAt: new Date(Date.now() - PROJECT_RESTORE_WINDOW_MS - 1_000) })
      .where(eq(projects.id, late.id));
    await db
      .update(projects)
      .set({ deletedAt: new Date(Date.now() - PROJECT_RESTORE_WINDOW_MS + 30_000) })
      .where(eq(projects.id, edge.id));

    const r = await me.client.post('/api/project/restore', { project_id: late.id });
    expect(r).toEqual({ code: 404, msg: expect.stringContaining('can no longer be restored'), data: null });
    expect((await me.client.post('/api/project/restore', { project_id: edge.id })).code).toBe(0);
    expect(ids(await list(me.client))).toEqual([edge.id]);
  });
});
