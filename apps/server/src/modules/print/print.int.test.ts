import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, PrintCheckSchema, PrintRequestSchema, quotationCalls, type PrintCheck, type PrintRequest } from '@packsmith/contracts';
import { renderDieline } from '@packsmith/design-engine/dieline';
import { readPrintPdf } from '@packsmith/print-pdf/read-back';
import { TestClient, newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { createUserRepo } from '../user/index.js';

let server: TestServer;
let owner: { id: string; client: TestClient };
let other: { id: string; client: TestClient };
let admin: { id: string; client: TestClient };
let designProject: string;
let packshot: string;
let frontUrl: string;

/** A real design of the design chat (the local engine): a straight tuck end box. */
async function designOf(c: TestClient): Promise<{ projectId: string; packshot: string; frontUrl: string }> {
  const p = await c.post<{ project_id: string }>('/api/project', { type: 'design' });
  const projectId = p.data?.project_id ?? '';
  const brief = { product: 'green tea', brand: 'Aura', box: ['straight-tuck-end'], box_id: 102, style: ['minimalist'], color: ['green', 'cream'] };
  expect((await c.put('/api/project', { project_id: projectId, data: brief })).code).toBe(0);
  const started = await c.post<{ record: { id: string } }>('/api/paint/imagine', { project_id: projectId });
  expect(started.code, started.msg).toBe(0);
  const id = started.data?.record.id ?? '';
  for (let i = 0; i < 1200; i++) {
    const r = await c.get<{ status: string; error: string | null }>('/api/generate/record', { id });
    if (r.data?.status === 'done') break;
    if (r.data?.status === 'failed') throw new Error(`design failed: ${r.data.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const info = await c.get<{ data: { designs_meta: Record<string, { front_url: string; box_id: number }> } }>('/api/project/info', { project_id: projectId });
  const [url, meta] = Object.entries(info.data?.data.designs_meta ?? {})[0] ?? ['', { front_url: '', box_id: 0 }];
  expect(meta.box_id).toBe(102);
  return { projectId, packshot: url, frontUrl: meta.front_url };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await registeredUser(server);
  other = await registeredUser(server);
  admin = await registeredUser(server);
  await createUserRepo(server.built.database.db).update(admin.id, { isAdmin: true });
  ({ projectId: designProject, packshot, frontUrl } = await designOf(owner.client));
}, 180_000);
afterAll(async () => server?.close());

describe('print check', () => {
  it("checks the caller's own design: dieline size, bleed, safe zone, each check in words", async () => {
    const r = await owner.client.get<PrintCheck>(quotationCalls.printCheck.path, { project_id: designProject });
    expect(r.code, r.msg).toBe(0);
    const check = PrintCheckSchema.parse(r.data);
    expect(check).toMatchObject({
      project_id: designProject,
      image_url: packshot,
      front_url: frontUrl,
      box: { box_id: 102, slug: 'straight-tuck-end' },
      bleed_mm: 3,
      safe_mm: 3,
      print_ready_allowed: false,
    });
    expect(check.sheet_width_mm).toBeGreaterThan(check.length_mm + check.width_mm);
    expect(check.checks.map((c) => c.name)).toEqual(['Dimensions', 'Bleed', 'Safe zone', 'Front artwork resolution', 'Dieline file']);
    for (const name of ['Dimensions', 'Bleed', 'Safe zone', 'Dieline file']) expect(check.checks.find((c) => c.name === name)?.ok, name).toBe(true);
    expect(check.checks.find((c) => c.name === 'Front artwork resolution')?.detail).toMatch(/\d+ dpi/);
    // The same design named by its flat front's URL.
    expect((await owner.client.get<PrintCheck>(quotationCalls.printCheck.path, { project_id: designProject, image_url: frontUrl })).data?.image_url).toBe(
      packshot,
    );
  });

  it('says print-ready files are allowed for a Business member (SPEC §6)', async () => {
    const users = createUserRepo(server.built.database.db);
    await users.update(owner.id, { vipType: 'business_month', vipExpireTime: new Date(Date.now() + 86_400_000) });
    try {
      const r = await owner.client.get<PrintCheck>(quotationCalls.printCheck.path, { project_id: designProject });
      expect(r.data?.print_ready_allowed).toBe(true);
    } finally {
      await users.update(owner.id, { vipType: 'normal', vipExpireTime: null });
    }
  });

  it("refuses another user's project (403) and an unknown one (404), without its data", async () => {
    const theirs = await other.client.get(quotationCalls.printCheck.path, { project_id: designProject });
    expect(theirs).toMatchObject({ code: Code.FORBIDDEN, data: null });
    expect((await other.client.get(quotationCalls.printCheck.path, { project_id: 'p_doesnotexist' })).code).toBe(Code.NOT_FOUND);
    expect((await new TestClient(server.url).get(quotationCalls.printCheck.path, { project_id: designProject })).code).toBe(Code.UNAUTHORIZED);
  });

  it('answers 404 for an image that is not a design of the project, and 400 in words for a project without a design', async () => {
    expect((await owner.client.get(quotationCalls.printCheck.path, { project_id: designProject, image_url: '/files/u/x/not-a-design.png' })).code).toBe(
      Code.NOT_FOUND,
    );
    const empty = await owner.client.post<{ project_id: string }>('/api/project', { type: 'design' });
    const r = await owner.client.get(quotationCalls.printCheck.path, { project_id: empty.data?.project_id ?? '' });
    expect(r).toMatchObject({ code: Code.BAD_REQUEST, msg: expect.stringMatching(/no finished design/) });
  });
});

const REQUEST = {
  box: 'straight-tuck-end',
  length_mm: 60,
  width_mm: 30,
  height_mm: 120,
  material: 'WHITE_BOARD',
  print: 'cmyk',
  finishes: ['matte_lamination'],
  quantity: 2000,
  destination: 'de',
  factory_id: 'sample-munchen-1',
  contact_name: 'Ada Buyer',
  notes: 'Please quote FSC board.',
};

describe('print request', () => {
  let sent: PrintRequest;
  const contact = `buyer${Math.random().toString(36).slice(2, 8)}@example.test`;

  it('stores the request priced at the requested quantity, linked to the project, and answers it', async () => {
    const r = await owner.client.post<PrintRequest>(quotationCalls.printRequest.path, { ...REQUEST, project_id: designProject, contact_email: contact });
    expect(r.code, r.msg).toBe(0);
    sent = PrintRequestSchema.parse(r.data);
    expect(sent).toMatchObject({
      project_id: designProject,
      design_url: packshot,
      factory: { id: 'sample-munchen-1', city: 'München', sample: true },
      box: { slug: 'straight-tuck-end' },
      spec: { quantity: 2000, destination: 'DE', material: 'WHITE_BOARD', finishes: ['matte_lamination'] },
      contact_name: 'Ada Buyer',
      contact_email: contact,
      notes: 'Please quote FSC board.',
      status: 'sent',
      // Not a Business member: no print file is made.
      print_file_url: null,
    });
    expect(sent.unit_price).toBeGreaterThan(0);
    expect(sent.total).toBeCloseTo(sent.unit_price * 2000, -1);
  });

  it("confirms it by email to the account's own address (the outbox on a server without SMTP), never to the typed contact", async () => {
    const me = await owner.client.get<{ email: string }>('/api/user/me');
    const [mail] = await server.built.services.mail.latestFor(me.data?.email ?? '', 1);
    expect(await server.built.services.mail.latestFor(contact, 1)).toEqual([]);
    expect(mail?.subject).toBe(`Your print request ${sent.id} to ${sent.factory.name}`);
    expect(mail?.text).toContain('2,000 × Straight Tuck End Box');
    expect(mail?.text).toContain('sample directory');
    expect(mail?.text).toContain(`The factory will reply to ${contact}.`);
  });

  it("appears in the sender's print requests, not in another user's", async () => {
    const mine = await owner.client.get<{ total: number; list: PrintRequest[] }>(quotationCalls.printRequests.path);
    expect(mine.data?.total).toBe(1);
    expect(mine.data?.list[0]).toEqual(sent);
    expect((await other.client.get<{ total: number }>(quotationCalls.printRequests.path)).data?.total).toBe(0);
  });

  it('appears for admins with the sender; a normal user is refused the admin list', async () => {
    const all = await admin.client.get<{ total: number; list: (PrintRequest & { user_id: string; user_email: string | null })[] }>(
      quotationCalls.adminPrintRequests.path,
    );
    expect(all.code, all.msg).toBe(0);
    expect(all.data?.list.find((x) => x.id === sent.id)).toMatchObject({ user_id: owner.id, user_email: expect.stringMatching(/@example\.test$/) });
    expect((await owner.client.get(quotationCalls.adminPrintRequests.path)).code).toBe(Code.FORBIDDEN);
  });

  it.each([
    [{ quantity: 0 }, /quantity/],
    [{ factory_id: 'no-such-factory' }, /factory_id/],
    [{ contact_email: 'nope' }, /contact_email/],
    [{ length_mm: 10_000 }, /length_mm/],
    [{ length_mm: 5 }, /length_mm/],
    [{ material: 'GOLD' }, /material/],
  ])('answers 400 naming the field for %o', async (patch, field) => {
    const r = await owner.client.post(quotationCalls.printRequest.path, { ...REQUEST, project_id: designProject, contact_email: contact, ...patch });
    expect(r.code).toBe(Code.BAD_REQUEST);
    expect(r.msg).toMatch(field);
  });

  it("refuses a guest (401) and another user's project (403), storing nothing", async () => {
    const guest = await newGuest(server.url);
    expect((await guest.post(quotationCalls.printRequest.path, { ...REQUEST, project_id: designProject, contact_email: contact })).code).toBe(
      Code.UNAUTHORIZED,
    );
    const theirs = await other.client.post(quotationCalls.printRequest.path, { ...REQUEST, project_id: designProject, contact_email: contact });
    expect(theirs).toMatchObject({ code: Code.FORBIDDEN, data: null });
    expect((await owner.client.get<{ total: number }>(quotationCalls.printRequests.path)).data?.total).toBe(1);
  });
});

describe('print request of a Business member', () => {
  it('goes with the print-ready PDF of the design at the requested size: a file of the sender, CutContour and Crease, in the list and the mail', async () => {
    const users = createUserRepo(server.built.database.db);
    await users.update(owner.id, { vipType: 'business_month', vipExpireTime: new Date(Date.now() + 86_400_000) });
    let sent: PrintRequest;
    try {
      const contact = 'business@buyer.example';
      const r = await owner.client.post<PrintRequest>(quotationCalls.printRequest.path, { ...REQUEST, project_id: designProject, contact_email: contact });
      expect(r.code, r.msg).toBe(0);
      sent = PrintRequestSchema.parse(r.data);
    } finally {
      await users.update(owner.id, { vipType: 'normal', vipExpireTime: null });
    }
    const url = sent.print_file_url ?? '';
    expect(url).not.toBe('');
    const storage = server.built.services.storage;
    const key = storage.keyFromUrl(url) ?? '';
    const bytes = await storage.get(key);
    expect(bytes?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const back = await readPrintPdf(new Uint8Array(bytes ?? Buffer.alloc(0)));
    expect(back.pageCount).toBe(1);
    const inks = [...back.colourSpaces.values()].map((c) => c.ink).filter(Boolean);
    expect(inks).toEqual(expect.arrayContaining(['CutContour', 'Crease']));
    // The design's document at the request's 60 × 30 × 120 mm (not the catalogue's default size): trim + 3 mm bleed + 12 mm slug a side.
    const sheet = renderDieline(102, { length: REQUEST.length_mm, width: REQUEST.width_mm, height: REQUEST.height_mm }).size;
    expect(back.media[2] - back.media[0]).toBeCloseTo(sheet.width + 30, 0);
    expect(back.media[3] - back.media[1]).toBeCloseTo(sheet.height + 30, 0);
    const check = await owner.client.get<PrintCheck>(quotationCalls.printCheck.path, { project_id: designProject });
    expect(back.media[2] - back.media[0]).not.toBeCloseTo((check.data?.sheet_width_mm ?? 0) + 30, 0);
    // A private file of the sender's, as an editor export is.
    const file = await server.built.services.files.resolveOwnedImage(owner.id, url);
    expect(file.row).toMatchObject({ mime: 'application/pdf', userId: owner.id, isPublic: false });

    const mine = await owner.client.get<{ list: PrintRequest[] }>(quotationCalls.printRequests.path);
    expect(mine.data?.list.find((x) => x.id === sent.id)?.print_file_url).toBe(url);
    expect(mine.data?.list.filter((x) => x.id !== sent.id).every((x) => x.print_file_url === null)).toBe(true);
    const me = await owner.client.get<{ email: string }>('/api/user/me');
    const [mail] = await server.built.services.mail.latestFor(me.data?.email ?? '', 1);
    expect(mail?.subject).toBe(`Your print request ${sent.id} to ${sent.factory.name}`);
    expect(mail?.text).toContain(url);
  }, 60_000);
});
