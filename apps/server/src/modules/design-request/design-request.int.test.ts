import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import {
  BOX_TYPES,
  Code,
  DESIGN_SERVICES,
  DesignRequestRecordSchema,
  FontRecordSchema,
  Msg,
  UploadMsg,
  requestCalls,
  type DesignRequestRecord,
  type FontRecord,
} from '@packsmith/contracts';
import { adminActions, designRequests } from '../../db/schema.js';
import { TestClient, newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { makePng } from '../../../test/images.js';
import { fileRows, uploadFile } from '../../../test/uploads.js';
import { createUserRepo } from '../user/index.js';
import { REFERENCE_PATTERN } from './index.js';

const STUDIO = 'studio-desk@packsmith.test';
let server: TestServer;
let guest: TestClient;
let other: TestClient;
let admin: { id: string; client: TestClient };
let member: { id: string; client: TestClient };

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A complete, valid request: every section of the form filled. */
function goodRequest(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Mira Okafor',
    email: `mira.${Math.random().toString(36).slice(2, 8)}@example.test`,
    company: 'Okafor Teas Ltd',
    country: 'United Kingdom',
    product: 'Loose-leaf green tea, 100 g',
    brand: 'Leafline',
    packaging_type: 'straight-tuck-end',
    size: '80 × 40 × 150 mm',
    quantity: 5000,
    target_market: 'Specialty tea shops, 25–45',
    price_point: 'premium',
    services: ['packaging-design', 'mockups-renders'],
    links: ['https://example.com/moodboard'],
    attachments: [],
    deadline: tomorrow(),
    budget: '3k-7k',
    notes: 'Calm, botanical, with a gold foil accent.\nRecyclable board please.',
    ...over,
  };
}

const rowCount = async () => (await server.built.database.db.select({ n: count() }).from(designRequests))[0]?.n ?? 0;
const send = (c: TestClient, body: Record<string, unknown>) => c.post<{ request_id: string; reference: string }>(requestCalls.designRequest.path, body);

/** The request is refused with `code` and a message naming `field`, and nothing is stored. */
async function expectRefused(c: TestClient, body: Record<string, unknown>, field: string | RegExp, code: number = Code.BAD_REQUEST): Promise<string> {
  const before = await rowCount();
  const r = await send(c, body);
  expect({ code: r.code, data: r.data }).toEqual({ code, data: null });
  if (typeof field === 'string') expect(r.msg.startsWith(`${field}:`) || r.msg.startsWith(`${field} `), r.msg).toBe(true);
  else expect(r.msg).toMatch(field);
  expect(await rowCount()).toBe(before);
  return r.msg;
}

beforeAll(async () => {
  server = await startTestServer({ DESIGN_REQUEST_TO: STUDIO });
  guest = await newGuest(server.url);
  other = await newGuest(server.url);
  admin = await registeredUser(server);
  member = await registeredUser(server);
  await createUserRepo(server.built.database.db).update(admin.id, { isAdmin: true });
}, 60_000);
afterAll(async () => server?.close());

describe('POST /api/design_request', () => {
  it('stores a good request from a guest and mails the requester (with the reference) and the studio', async () => {
    const mine = await uploadFile(guest, await makePng(1024, 1024));
    expect(mine.code, mine.msg).toBe(0);
    const body = goodRequest({ attachments: [mine.data?.url] });
    const before = await rowCount();
    const r = await send(guest, body);
    expect(r.code, r.msg).toBe(0);
    expect(r.data?.reference).toMatch(REFERENCE_PATTERN);
    expect(r.data?.reference.slice(6, 10)).toBe(String(new Date().getUTCFullYear()));
    expect(await rowCount()).toBe(before + 1);

    const [toRequester] = await server.built.services.mail.latestFor(String(body.email), 1);
    expect(toRequester?.subject).toContain(r.data?.reference);
    expect(toRequester?.text).toContain(r.data?.reference);
    expect(toRequester?.text).toContain('What happens next');
    expect(toRequester?.text).toContain('Leafline');
    const [toStudio] = await server.built.services.mail.latestFor(STUDIO, 1);
    expect(toStudio?.subject).toContain(r.data?.reference);
    for (const words of [
      'Mira Okafor',
      'Okafor Teas Ltd',
      'Straight Tuck End',
      '5,000',
      'Premium',
      'Packaging design',
      '3D mockups and renders',
      'https://example.com/moodboard',
      String(mine.data?.url),
      'gold foil',
    ]) {
      expect(toStudio?.text).toContain(words);
    }

    const list = await admin.client.get<{ list: DesignRequestRecord[]; total: number }>(requestCalls.adminDesignRequests.path);
    const stored = list.data?.list.find((x) => x.request_id === r.data?.request_id);
    expect(DesignRequestRecordSchema.parse(stored)).toMatchObject({
      reference: r.data?.reference,
      status: 'new',
      mail_status: 'sent',
      mail_attempts: 1,
      fields: { email: body.email, quantity: 5000, attachments: [mine.data?.url], services: ['packaging-design', 'mockups-renders'] },
    });
  });

  it('draws a different reference for every request', async () => {
    const refs = new Set<string>();
    for (let i = 0; i < 5; i++) refs.add((await send(guest, goodRequest())).data?.reference ?? '');
    expect(refs.size).toBe(5);
  });

  it('limits requests per requester email (each mails that address): the 6th within the hour is refused, nothing stored', async () => {
    const email = `limit.${Math.random().toString(36).slice(2, 8)}@example.test`;
    for (let i = 0; i < 5; i++) expect((await send(guest, goodRequest({ email }))).code).toBe(0);
    const msg = await expectRefused(guest, goodRequest({ email: email.toUpperCase() }), 'email', Code.TOO_MANY_REQUESTS);
    expect(msg).toMatch(/too many design requests for this address/);
    // Another address is not affected.
    expect((await send(guest, goodRequest())).code).toBe(0);
  });

  describe('refuses bad input with the field named, storing nothing', () => {
    it('missing email', async () => {
      const { email: _e, ...rest } = goodRequest();
      expect(await expectRefused(guest, rest, 'email')).toBe('email is required.');
    });
    it('bad email', async () => {
      expect(await expectRefused(guest, goodRequest({ email: 'mira@' }), 'email')).toBe('email: enter a valid email address.');
    });
    it('six attachments', async () => {
      const url = (await uploadFile(guest, await makePng(1024, 1024))).data?.url;
      expect(await expectRefused(guest, goodRequest({ attachments: [url, url, url, url, url, url] }), 'attachments')).toBe('attachments: at most 5 images.');
    });
    it('a script in notes', async () => {
      expect(await expectRefused(guest, goodRequest({ notes: 'Nice <script>alert(1)</script>' }), 'notes')).toBe(
        'notes: must not contain HTML or script tags (<…>).',
      );
    });
    it('quantity 0', async () => {
      expect(await expectRefused(guest, goodRequest({ quantity: 0 }), 'quantity')).toBe('quantity must be at least 1.');
    });
    it('an unknown packaging type', async () => {
      expect(await expectRefused(guest, goodRequest({ packaging_type: 'hexagonal-space-crate' }), 'packaging_type')).toBe(
        'packaging_type: pick a packaging type from the list.',
      );
    });
    it('a deadline in the past (by the server’s date)', async () => {
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      expect(await expectRefused(guest, goodRequest({ deadline: yesterday }), 'deadline')).toBe('deadline: pick today or a later date.');
      expect(await expectRefused(guest, goodRequest({ deadline: '31/12/2027' }), 'deadline')).toBe('deadline: use a date like 2027-03-31.');
    });
    it('a missing name, an unknown service, a link that is not a web address', async () => {
      await expectRefused(guest, goodRequest({ name: '   ' }), 'name');
      await expectRefused(guest, goodRequest({ services: ['astrology'] }), 'services');
      await expectRefused(guest, goodRequest({ links: ['javascript:alert(1)'] }), 'links');
    });
    it("another user's upload as an attachment (403)", async () => {
      const theirs = await uploadFile(other, await makePng(1024, 1024));
      const mine = await uploadFile(guest, await makePng(1024, 1024));
      const msg = await expectRefused(guest, goodRequest({ attachments: [mine.data?.url, theirs.data?.url] }), 'attachments[1]', Code.FORBIDDEN);
      expect(msg).toBe(`attachments[1]: ${UploadMsg.notYourFile}`);
    });
    it('an attachment that is not a file of ours, or no stored file', async () => {
      expect(await expectRefused(guest, goodRequest({ attachments: ['https://evil.example/cat.png'] }), 'attachments[0]')).toBe(
        `attachments[0]: ${UploadMsg.foreignUrl}`,
      );
      expect(await expectRefused(guest, goodRequest({ attachments: ['/files/u/nobody/2026/01/zzzzzzzzzzzzzzzzzzzzzz.png'] }), 'attachments[0]')).toBe(
        `attachments[0]: ${UploadMsg.fileNotFound}`,
      );
    });
    it('a 20 MB file is refused by the upload itself, and nothing is stored', async () => {
      const files = (await fileRows(server)).length;
      const big = Buffer.alloc(20 * 1024 * 1024, 7);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const up = await uploadFile(guest, big);
      expect(up.code).toBe(Code.BAD_REQUEST);
      expect(up.data).toBeNull();
      expect((await fileRows(server)).length).toBe(files);
    });
  });
});

describe('GET /api/subject/list', () => {
  it('serves the catalogue box types with their category names, the services, price points and budgets', async () => {
    const r = await new TestClient(server.url).get<{
      packaging_types: { slug: string; name: string; category: string; box_id: number }[];
      services: { slug: string }[];
      price_points: { slug: string }[];
      budgets: { slug: string }[];
    }>(requestCalls.subjectList.path);
    expect(r.code).toBe(0);
    expect(r.data?.packaging_types).toHaveLength(BOX_TYPES.length);
    expect(r.data?.packaging_types).toContainEqual({ slug: 'straight-tuck-end', name: 'Straight Tuck End Box', category: 'Product Boxes', box_id: 102 });
    expect(new Set(r.data?.packaging_types.map((p) => p.category)).size).toBeGreaterThan(3);
    expect(r.data?.services.map((s) => s.slug)).toEqual(DESIGN_SERVICES.map((s) => s.slug));
    expect(r.data?.price_points.map((p) => p.slug)).toEqual(['budget', 'mid-range', 'premium', 'luxury']);
    expect(r.data?.budgets.map((b) => b.slug)).toContain('not-sure');
  });
});

describe('GET /api/font/list', () => {
  it('lists a valid font record per family the design engine ships; file, subset and preview are served', async () => {
    const anonymous = new TestClient(server.url);
    const started = Date.now();
    const r = await anonymous.get<{ list: FontRecord[] }>(requestCalls.fontList.path);
    const firstMs = Date.now() - started;
    expect(r.code, r.msg).toBe(0);
    const list = r.data?.list ?? [];
    expect(list.length).toBe(14);
    for (const f of list) FontRecordSchema.parse(f);
    expect(list.map((f) => f.font_name)).toEqual(expect.arrayContaining(['Inter', 'Playfair Display', 'Pacifico', 'Bebas Neue']));
    expect(new Set(list.map((f) => f.id)).size).toBe(list.length);
    expect(list.map((f) => f.sort)).toEqual([...list.map((f) => f.sort)].sort((a, b) => a - b));

    for (const f of list) {
      const ttf = await fetch(server.url + f.file_path);
      expect(ttf.status).toBe(200);
      expect(ttf.headers.get('content-type')).toBe('font/ttf');
      expect(ttf.headers.get('cache-control')).toContain('immutable');
      const full = Buffer.from(await ttf.arrayBuffer());
      expect(full.readUInt32BE(0)).toBe(0x00010000);
      const mini = await fetch(server.url + f.mini_file_path);
      expect(mini.status).toBe(200);
      expect(mini.headers.get('content-type')).toBe('font/ttf');
      const miniBytes = Buffer.from(await mini.arrayBuffer());
      expect(miniBytes.readUInt32BE(0)).toBe(0x00010000);
      expect(miniBytes.length).toBeLessThanOrEqual(full.length);
      const png = await fetch(server.url + f.preview_url);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(
        Buffer.from(await png.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
    // Every subset is far smaller than its font.
    const sizes = await Promise.all(
      list.map(async (f) => [
        (await fetch(server.url + f.file_path)).headers.get('content-length'),
        (await fetch(server.url + f.mini_file_path)).headers.get('content-length'),
      ]),
    );
    for (const [full, mini] of sizes) expect(Number(mini) * 3).toBeLessThan(Number(full));

    const again = Date.now();
    expect((await anonymous.get<{ list: FontRecord[] }>(requestCalls.fontList.path)).data?.list).toEqual(list);
    const secondMs = Date.now() - again;
    expect(secondMs).toBeLessThan(Math.max(200, firstMs));
    expect((await fetch(`${server.url}/fonts/nope.ttf`)).status).toBe(404);
  });
});

describe('admin: design requests', () => {
  it('lists newest first with a status filter and paging, and sets the status (logged)', async () => {
    const a = (await send(guest, goodRequest({ brand: 'First' }))).data?.request_id ?? '';
    const b = (await send(guest, goodRequest({ brand: 'Second' }))).data?.request_id ?? '';
    const page = await admin.client.get<{ list: DesignRequestRecord[]; total: number }>(requestCalls.adminDesignRequests.path, { page_index: 1, page_size: 2 });
    expect(page.code, page.msg).toBe(0);
    expect(page.data?.list.map((x) => x.request_id)).toEqual([b, a]);
    expect(page.data?.total).toBe(await rowCount());

    const set = await admin.client.put<DesignRequestRecord>(requestCalls.adminSetDesignRequestStatus.path, { request_id: a, status: 'in_progress' });
    expect(set.code, set.msg).toBe(0);
    expect(set.data?.status).toBe('in_progress');
    const inProgress = await admin.client.get<{ list: DesignRequestRecord[]; total: number }>(requestCalls.adminDesignRequests.path, { status: 'in_progress' });
    expect(inProgress.data?.list.map((x) => x.request_id)).toEqual([a]);
    expect(inProgress.data?.total).toBe(1);

    const log = await server.built.database.db.select().from(adminActions);
    expect(log.find((l) => l.action === 'design_request.set_status')).toMatchObject({
      adminUserId: admin.id,
      details: { request_id: a, from: 'new', to: 'in_progress' },
    });

    expect((await admin.client.put(requestCalls.adminSetDesignRequestStatus.path, { request_id: 'nope', status: 'closed' })).code).toBe(Code.NOT_FOUND);
    expect((await admin.client.put(requestCalls.adminSetDesignRequestStatus.path, { request_id: a, status: 'done' })).msg).toMatch(/^status/);
  });

  it('refuses non-admins (403) and guests (401) before reading the input', async () => {
    for (const c of [requestCalls.adminDesignRequests, requestCalls.adminSetDesignRequestStatus]) {
      const r = await member.client.call(c.method, c.path, c.method === 'GET' ? undefined : {});
      expect({ code: r.code, msg: r.msg, data: r.data }).toEqual({ code: Code.FORBIDDEN, msg: Msg.forbidden, data: null });
      expect((await guest.call(c.method, c.path, c.method === 'GET' ? undefined : {})).code).toBe(Code.UNAUTHORIZED);
    }
  });
});
