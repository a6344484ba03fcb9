import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdeaDetail, IdeaList, Project } from '@packsmith/contracts';
import { TestClient, newGuest } from '../../test/client.js';
import { registeredUser } from '../../test/accounts.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createUserRepo } from '../modules/user/index.js';

/** A stand-in for the built web app with the defaults the real index.html carries. */
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'packsmith-web-seo-'));
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Packsmith default." /><title>Packsmith</title></head><body><div id="root"></div></body></html>';
fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);

let server: TestServer;
let anonymous: TestClient;
let idea: IdeaDetail;

beforeAll(async () => {
  server = await startTestServer({ WEB_DIST_DIR: webDir, DESIGN_IDEAS_SEED: '3', DESIGN_IDEAS_SIZE: '64', DESIGN_IDEAS_DESIGNS: '1' });
  await server.built.services.ideaSeeding.startSeeding();
  anonymous = new TestClient(server.url);
  const first = (await anonymous.get<IdeaList>('/api/project/package/list', { page_size: 1 })).data?.list[0];
  if (!first) throw new Error('no seeded idea');
  const detail = await anonymous.get<IdeaDetail>('/api/project/idea', { project_id: first.project_id });
  if (!detail.data) throw new Error(detail.msg);
  idea = detail.data;
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const page = async (urlPath: string) => {
  const res = await fetch(server.url + urlPath);
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
};
const amp = (s: string) => s.replace(/&/g, '&#38;').replace(/'/g, '&#39;');

describe('idea pages for crawlers', () => {
  it('carry the idea in the title, description and Open Graph tags of the served HTML', async () => {
    const r = await page(`/design-ideas/project/${idea.project_id}`);
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/html');
    expect(r.html).toContain(`<title>${amp(`${idea.brand} ${idea.product}`)} packaging idea | Packsmith</title>`);
    expect(r.html).not.toContain('Packsmith default.');
    expect(r.html).toContain(`<meta property="og:description" content="${amp(idea.story.slice(0, 40))}`);
    expect(r.html).toContain(`<meta property="og:image" content="${server.url}${idea.cover_url ?? ''}" />`);
    expect(r.html).toContain(`<meta property="og:url" content="${server.url}/design-ideas/project/${idea.project_id}" />`);
    expect(r.html).toContain('<div id="root"></div>');
  });

  it('every other page, an unknown id and a private project get the default HTML', async () => {
    const guest = await newGuest(server.url);
    const mine = await guest.post<Project>('/api/project', { type: 'design' });
    await guest.put('/api/project', { project_id: mine.data?.project_id, data: { brand: 'Secret Brand', product: 'Unreleased thing' } });
    for (const p of [
      '/',
      '/design-ideas',
      '/design-ideas/Food%20%26%20Beverages',
      '/design-ideas/project/nope',
      `/design-ideas/project/${mine.data?.project_id ?? ''}`,
      '/design-ideas/project/%3Cb%3E',
    ]) {
      const r = await page(p);
      expect(r.status, p).toBe(200);
      expect(r.html, p).toBe(INDEX);
    }
  });

  it('a hidden idea goes back to the default HTML, and comes back when shown again', async () => {
    const admin = await registeredUser(server);
    await createUserRepo(server.built.database.db).update(admin.id, { isAdmin: true });
    const hide = await admin.client.put('/api/admin/idea', { project_id: idea.project_id, hidden: true });
    expect(hide.code).toBe(0);
    expect((await page(`/design-ideas/project/${idea.project_id}`)).html).toBe(INDEX);
    await admin.client.put('/api/admin/idea', { project_id: idea.project_id, hidden: false });
    expect((await page(`/design-ideas/project/${idea.project_id}`)).html).toContain('packaging idea | Packsmith</title>');
  });
});
