import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../../test/images.js';
import { TestClient, newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  base = server.url;
});
afterAll(async () => {
  await server?.close();
});

const signIn = { code: 401, msg: 'Please sign in to continue.', data: null };
const activate = { code: 403, msg: 'Please activate your membership.', data: null };
const business = { code: 403, msg: 'Please upgrade to a business membership.', data: null };

/** What an operator does with `npm run admin -- grant` (the CLI grants through the same port). */
const grant = (id: string, plan: 'pro_month' | 'business_month') =>
  server.built.services.billing.planGrants.grantPlan({ userId: id, vipType: plan, days: null, source: 'admin', refId: `test-${randomUUID()}` });

/** A registered file of `userId`, stored as the server stores generated images. */
async function storeFile(userId: string, bytes: Buffer): Promise<string> {
  return (await server.built.services.files.saveGenerated(userId, bytes)).url;
}

async function download(client: TestClient, url: string) {
  return client.raw('GET', `/api/file/download?${new URLSearchParams({ url })}`);
}

describe('GET /api/file/download', () => {
  let bytes: Buffer;
  let ownerOfDesign: { id: string; client: TestClient };
  let designUrl: string;
  beforeAll(async () => {
    bytes = await makePng(1024, 1024);
    ownerOfDesign = await registeredUser(server);
    designUrl = await storeFile(ownerOfDesign.id, bytes);
  });

  it('guest → 401 sign in; unpaid user → 403 activate; no token → 401', async () => {
    expect(await (await download(await newGuest(base), designUrl)).json()).toEqual(signIn);
    expect(await (await download(ownerOfDesign.client, designUrl)).json()).toEqual(activate);
    expect(await (await download(new TestClient(base), designUrl)).json()).toEqual(signIn);
  });

  it('a paid member gets their file itself as an attachment', async () => {
    await grant(ownerOfDesign.id, 'pro_month');
    for (const url of [designUrl, ` ${designUrl}`]) {
      const res = await download(ownerOfDesign.client, url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${designUrl.split('/').at(-1)}"`);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    }
  });

  it('refuses paths outside our files and foreign URLs with 400; an unknown file is 404', async () => {
    const u = await registeredUser(server);
    await grant(u.id, 'pro_month');
    for (const url of ['/files/../db/PG_VERSION', '/files/u/%2e%2e/%2e%2e/secret', 'https://evil.example/files/x.png', '/api/user/me']) {
      const body = (await (await download(u.client, url)).json()) as { code: number; msg: string };
      expect(body, url).toEqual({ code: 400, msg: 'Please upload the image to Packsmith first.', data: null });
    }
    const unknown = designUrl.replace(/[^/]+\.png$/, 'AAAAAAAAAAAAAAAAAAAAAA.png');
    expect(await (await download(u.client, unknown)).json()).toMatchObject({ code: 404 });
  });

  it("another user's private file is refused even to a paid member", async () => {
    const owner = await registeredUser(server);
    const other = await registeredUser(server);
    await grant(other.id, 'business_month');
    const url = await storeFile(owner.id, bytes);
    expect(await (await download(other.client, url)).json()).toMatchObject({ code: 403 });
    await grant(owner.id, 'pro_month');
    expect((await download(owner.client, url)).headers.get('content-disposition')).toContain('attachment');
  });

  it('print files (dieline SVGs) are Business-only: free 403 activate, Pro 403 upgrade, Business gets the SVG', async () => {
    const u = await registeredUser(server);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297"><rect x="10" y="10" width="190" height="277" fill="none" stroke="#000"/></svg>',
    );
    const printUrl = (await server.built.services.files.saveGeneratedAsset(u.id, svg, 'svg')).url;
    expect(await (await download(u.client, printUrl)).json()).toEqual(activate);
    await grant(u.id, 'pro_month');
    expect(await (await download(u.client, printUrl)).json()).toEqual(business);
    // The same Pro member still downloads images.
    const pngUrl = await storeFile(u.id, bytes);
    expect((await download(u.client, pngUrl)).headers.get('content-type')).toBe('image/png');
    await grant(u.id, 'business_month');
    const res = await download(u.client, printUrl);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(Buffer.from(await res.arrayBuffer()).equals(svg)).toBe(true);
  });

  it('a revoked token answers 402', async () => {
    const u = await registeredUser(server);
    await u.client.post('/api/user/logout');
    expect(await (await download(u.client, '/files/u/test/2026/01/design.png')).json()).toMatchObject({ code: 402 });
  });
});

describe('POST /api/editor/open', () => {
  it('guest → 401', async () => {
    expect(await (await newGuest(base)).post('/api/editor/open', {})).toEqual(signIn);
  });

  it('an unpaid user gets one free use, then 403 activate', async () => {
    const u = await registeredUser(server);
    expect((await u.client.get<{ editor_used: boolean }>('/api/user/me')).data?.editor_used).toBe(false);
    // No project and no box: a blank document of the default box, in an editor project of its own.
    expect(await u.client.post('/api/editor/open', {})).toEqual({
      code: 0,
      msg: 'SUCCESS',
      data: { free_use: true, editor_used: true, editor_project_id: expect.any(String) },
    });
    expect((await u.client.get<{ editor_used: boolean }>('/api/user/me')).data?.editor_used).toBe(true);
    expect(await u.client.post('/api/editor/open', {})).toEqual(activate);
  });

  it('two tabs opening at once share the one free use', async () => {
    const u = await registeredUser(server);
    const rs = await Promise.all([u.client.post('/api/editor/open', {}), u.client.post('/api/editor/open', {})]);
    expect(rs.map((r) => r.code).sort()).toEqual([0, 403]);
  });

  it('a paid member opens it as often as they like', async () => {
    const u = await registeredUser(server);
    await u.client.post('/api/editor/open', {});
    await grant(u.id, 'pro_month');
    for (let i = 0; i < 3; i++) {
      expect(await u.client.post('/api/editor/open', {})).toEqual({
        code: 0,
        msg: 'SUCCESS',
        data: { free_use: false, editor_used: true, editor_project_id: expect.any(String) },
      });
    }
  });
});

describe('POST /api/user/api_access', () => {
  it('guest 401; free and pro 403 upgrade to business; business enabled', async () => {
    expect(await (await newGuest(base)).post('/api/user/api_access', {})).toEqual(signIn);
    const u = await registeredUser(server);
    expect(await u.client.post('/api/user/api_access', {})).toEqual(business);
    await grant(u.id, 'pro_month');
    expect(await u.client.post('/api/user/api_access', {})).toEqual(business);
    await grant(u.id, 'business_month');
    expect(await u.client.post('/api/user/api_access', {})).toEqual({ code: 0, msg: 'SUCCESS', data: { enabled: true } });
  });
});

describe('plan grant', () => {
  it('sets the plan for a month and adds its credits once per grant', async () => {
    const u = await registeredUser(server);
    await grant(u.id, 'pro_month');
    const me = await u.client.get<{ vip_type: string; vip_expire_time: number; credit: number }>('/api/user/me');
    expect(me.data?.vip_type).toBe('pro_month');
    expect(me.data?.credit).toBe(1100);
    const days = ((me.data?.vip_expire_time ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const info = await u.client.get<{ tier: string; is_paid: boolean; can_download: boolean }>('/api/user/info');
    expect(info.data).toMatchObject({ tier: 'pro', is_paid: true, can_download: true });
  });
});
