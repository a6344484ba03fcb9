import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Project, QuotationChatData, Quote, Selection } from '@packsmith/contracts';
import { TestClient, newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { TestSocket } from '../../../test/socket.js';

type Answer = { messages: ChatMessage[]; record: null };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function guestWith(type: string): Promise<{ client: TestClient; projectId: string }> {
  const client = await newGuest(server.url);
  const project = await client.post<Project>('/api/project', { type });
  if (project.code !== 0 || !project.data) throw new Error(project.msg);
  return { client, projectId: project.data.project_id };
}

const chatData = (m: ChatMessage | undefined): QuotationChatData => (m?.data ?? {}) as unknown as QuotationChatData;
const last = (a: { data: Answer | null }): ChatMessage | undefined => a.data?.messages.at(-1);

async function say(client: TestClient, projectId: string, content: string): Promise<ChatMessage | undefined> {
  const r = await client.post<Answer>('/api/quotation/message', { project_id: projectId, content });
  expect(r.code, r.msg).toBe(0);
  return last(r);
}

const BASE = { box: 'straight-tuck-end', length_mm: 80, width_mm: 40, height_mm: 150, material: 'WHITE_BOARD', quantity: 1000 };

describe('quotation chat over HTTP and socket', () => {
  it('greets, asks product first and in order, and answers a saved quote; the same messages arrive in the room', async () => {
    const { client, projectId } = await guestWith('pricing_tool');
    const socket = await TestSocket.connect(server.url, client.token ?? '');
    try {
      expect(await socket.join(projectId)).toMatchObject({ code: 0 });
      const hello = await client.post<Answer>('/api/quotation/hello', { project_id: projectId });
      expect(hello.code, hello.msg).toBe(0);
      expect(last(hello)?.content.type).toBe('hello');
      expect(chatData(last(hello)).asking).toBe('product');
      // A second hello replays the greeting instead of greeting twice.
      const again = await client.post<Answer>('/api/quotation/hello', { project_id: projectId });
      expect(again.data?.messages.map((m) => m.msg_id)).toEqual(hello.data?.messages.map((m) => m.msg_id));

      const product = await say(client, projectId, 'I sell organic tea');
      expect(chatData(product).selections[0]).toEqual({ title: 'Product', name: 'product', value: 'organic tea' });
      expect(chatData(product).asking).toBe('box');
      expect(chatData(product).options.map((o) => o.value)).toContain('straight-tuck-end');

      const box = await say(client, projectId, 'straight tuck end');
      expect(chatData(box).asking).toBe('size');
      const bad = await say(client, projectId, '-80 x 40 x 150 mm');
      expect(bad?.content.type).toBe('error');
      expect(bad?.content.message).toMatch(/negative/i);
      expect(chatData(bad).selections.map((s) => s.name)).toEqual(['product', 'box']);
      const tooBig = await say(client, projectId, '10 m');
      expect(tooBig?.content.type).toBe('error');
      expect(tooBig?.content.message).toMatch(/2000 mm/);

      const size = await say(client, projectId, '3 x 1.5 x 6 in');
      expect(chatData(size).asking).toBe('material');
      expect(chatData(size).selections.find((s) => s.name === 'size')?.value).toBe('76.2 × 38.1 × 152.4 mm');
      const material = await say(client, projectId, 'white board');
      expect(chatData(material).asking).toBe('quantity');

      const quoted = await say(client, projectId, '1k');
      expect(quoted?.content.type).toBe('answer');
      const quote = chatData(quoted).quote as Quote;
      expect(quote.quote_id).toBeTruthy();
      expect(quote.quantity).toBe(1000);
      expect(quote.ladder.length).toBeGreaterThan(3);
      expect(quote.breakdown.length).toBeGreaterThan(3);
      expect(quote.moq).toBeGreaterThan(0);
      expect(quote.lead_time_days).toBeGreaterThan(0);
      expect(quote.factories.length).toBeGreaterThan(0);
      expect(quote.factories.length).toBeLessThanOrEqual(3);
      expect(quote.factories[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), city: expect.any(String), sample: true });
      const names = chatData(quoted).selections.map((s: Selection) => s.name);
      expect(names).toEqual(['product', 'box', 'size', 'material', 'print', 'finishes', 'quantity', 'destination']);
      expect(quoted?.content.message).toMatch(/1,000 × Straight Tuck End Box/);

      // Later messages change selections and re-quote.
      const more = await say(client, projectId, 'make it 5000, add foil, to Canada');
      expect(more?.content.type).toBe('answer');
      const q2 = chatData(more).quote as Quote;
      expect(q2.quantity).toBe(5000);
      expect(q2.spec.finishes).toContain('foil');
      expect(q2.spec.destination).toBe('CA');

      // The same messages arrived over socket.io in the project room.
      const seen = await socket.waitFor('chat:message', { timeoutMs: 5_000, filter: (m) => m.msg_id === more?.msg_id });
      expect(seen.content.type).toBe('answer');

      // An edited chip re-quotes.
      const chip = await client.put<Answer>('/api/quotation/selection', { project_id: projectId, name: 'material', value: 'Kraft' });
      expect(chip.code, chip.msg).toBe(0);
      expect((chatData(last(chip)).quote as Quote).spec.material).toBe('KRAFT');
      const badChip = await client.put<Answer>('/api/quotation/selection', { project_id: projectId, name: 'size', value: '0 x 40 x 150' });
      expect(last(badChip)?.content.type).toBe('error');

      const state = await client.get<{ selections: Selection[]; quotes: Quote[] }>('/api/quotation/state', { project_id: projectId });
      expect(state.code, state.msg).toBe(0);
      expect(state.data?.selections[0]?.name).toBe('product');
      expect(state.data?.quotes.length).toBe(3);
      expect(state.data?.quotes[0]?.spec.material).toBe('KRAFT');
    } finally {
      socket.close();
    }
  });

  it('reads several selections in one message', async () => {
    const { client, projectId } = await guestWith('pricing_tool');
    await client.post('/api/quotation/hello', { project_id: projectId });
    const m = await say(client, projectId, '500 kraft mailer boxes 300x200x100 to Germany');
    expect(m?.content.type).toBe('answer');
    const q = chatData(m).quote as Quote;
    expect(q.box.slug).toBe('mailer-box');
    expect(q.spec).toMatchObject({ length_mm: 300, width_mm: 200, height_mm: 100, material: 'KRAFT', quantity: 500, destination: 'DE' });
  });

  it('refuses hello and messages outside pricing-tool projects, and other users', async () => {
    const { client, projectId } = await guestWith('design');
    const r = await client.post('/api/quotation/hello', { project_id: projectId });
    expect(r.code).toBe(400);
    const other = await newGuest(server.url);
    const mine = await guestWith('pricing_tool');
    expect((await other.post('/api/quotation/message', { project_id: mine.projectId, content: 'candles' })).code).toBe(403);
    expect((await other.get('/api/quotation/state', { project_id: mine.projectId })).code).toBe(403);
  });
});

describe('POST /api/quotation/estimate', () => {
  it('answers a full quote and saves it', async () => {
    const { client, projectId } = await guestWith('pricing_tool');
    const r = await client.post<Quote>('/api/quotation/estimate', { ...BASE, project_id: projectId });
    expect(r.code, r.msg).toBe(0);
    expect(r.data?.currency).toBeTruthy();
    expect(r.data?.ladder[0]).toMatchObject({ quantity: expect.any(Number), unit_price: expect.any(Number), total: expect.any(Number) });
    expect(r.data?.breakdown.length).toBeGreaterThan(0);
    expect(r.data?.valid_until).toBeGreaterThan(Date.now());
    const state = await client.get<{ quotes: Quote[] }>('/api/quotation/state', { project_id: projectId });
    expect(state.data?.quotes[0]?.quote_id).toBe(r.data?.quote_id);
  });

  it.each([
    [{ box: 'no-such-box' }, /^box:/],
    [{ material: 'WOOD' }, /material/],
    [{ length_mm: -10 }, /^length_mm/],
    [{ height_mm: 0 }, /^height_mm/],
    [{ length_mm: 10000 }, /^length_mm/],
  ])('refuses %o with 400 naming the field', async (patch, msg) => {
    const client = await newGuest(server.url);
    const r = await client.post('/api/quotation/estimate', { ...BASE, ...patch });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(msg);
  });

  it("refuses another user's project", async () => {
    const mine = await guestWith('pricing_tool');
    const other = await newGuest(server.url);
    expect((await other.post('/api/quotation/estimate', { ...BASE, project_id: mine.projectId })).code).toBe(403);
    expect((await other.post('/api/quotation/estimate', { ...BASE, project_id: 'nope' })).code).toBe(404);
  });
});

describe('GET /api/quotation/pdf', () => {
  it("answers the caller's quote as a PDF and someone else's as 404", async () => {
    const client = await newGuest(server.url);
    const q = await client.post<Quote>('/api/quotation/estimate', BASE);
    const id = q.data?.quote_id ?? '';
    const res = await client.raw('GET', `/api/quotation/pdf?quote_id=${encodeURIComponent(id)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`packsmith-quote-${id}.pdf`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await newGuest(server.url);
    const refused = await other.raw('GET', `/api/quotation/pdf?quote_id=${encodeURIComponent(id)}`);
    expect(((await refused.json()) as { code: number }).code).toBe(404);
    const anonymous = await new TestClient(server.url).raw('GET', `/api/quotation/pdf?quote_id=${encodeURIComponent(id)}`);
    expect(((await anonymous.json()) as { code: number }).code).toBe(401);
  });
});

describe('POST /api/quotation/from_project', () => {
  it('starts a pricing-tool project from a design with product, box, size and material, and greets with them', async () => {
    const { client, projectId } = await guestWith('design');
    const upd = await client.put('/api/project', { project_id: projectId, data: { product: 'green tea', box: ['Straight Tuck End Box'] } });
    expect(upd.code, upd.msg).toBe(0);
    const r = await client.post<{ project_id: string }>('/api/quotation/from_project', { source_project_id: projectId });
    expect(r.code, r.msg).toBe(0);
    const hello = await client.post<Answer>('/api/quotation/hello', { project_id: r.data?.project_id });
    const data = chatData(last(hello));
    expect(data.selections.map((s) => s.name)).toEqual(['product', 'box', 'size', 'material']);
    expect(data.selections[1]?.value).toBe('Straight Tuck End Box');
    expect(data.asking).toBe('quantity');
    const pricing = await guestWith('pricing_tool');
    expect((await pricing.client.post('/api/quotation/from_project', { source_project_id: pricing.projectId })).code).toBe(400);
    const other = await newGuest(server.url);
    expect((await other.post('/api/quotation/from_project', { source_project_id: projectId })).code).toBe(403);
  });
});
