import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Project, QuotationChatData, Quote } from '@packsmith/contracts';
import { newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

/*
 * The quotation chat with LLM_BASE_URL set, against a local chat-completions peer: the model's JSON
 * fills the selections (a message the local rules read differently), and a model that fails leaves
 * the turn to the local rules.
 */
type Answer = { messages: ChatMessage[]; record: null };

let peer: http.Server;
let server: TestServer;
let requests = 0;

beforeAll(async () => {
  peer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      requests++;
      const body = JSON.parse(raw) as { messages: { content: string }[] };
      const text = body.messages.at(-1)?.content ?? '';
      if (text.includes('the model is down')) {
        res.writeHead(500).end();
        return;
      }
      // What a careful model reads from a sentence the local rules cannot: a foot is 304.8 mm.
      const content = text.includes('a foot long')
        ? { product: 'scarves', box: 'mailer-box', length_mm: 304.8, width_mm: 203.2, height_mm: 101.6, material: 'KRAFT', quantity: 750, destination: 'FR' }
        : {};
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(content) } }] }));
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`;
  server = await startTestServer({ LLM_BASE_URL: url, LLM_MODEL: 'peer', LLM_TIMEOUT_MS: '3000' });
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => peer.close(() => resolve()));
});

describe('the quotation chat with a language model', () => {
  it('quotes from the selections the model extracts, and falls back to the local rules when it fails', async () => {
    const client = await newGuest(server.url);
    const p = await client.post<Project>('/api/project', { type: 'pricing_tool' });
    const projectId = p.data?.project_id ?? '';
    await client.post('/api/quotation/hello', { project_id: projectId });
    const before = requests;
    const r = await client.post<Answer>('/api/quotation/message', {
      project_id: projectId,
      content: 'Brown mailers for our scarves, a foot long, 8 by 4 inches otherwise, 750 of them to Paris',
    });
    expect(r.code, r.msg).toBe(0);
    expect(requests).toBeGreaterThan(before);
    const answer = r.data?.messages.at(-1);
    expect(answer?.content.type).toBe('answer');
    const quote = (answer?.data as unknown as QuotationChatData).quote as Quote;
    expect(quote.spec).toMatchObject({ length_mm: 304.8, width_mm: 203.2, height_mm: 101.6, material: 'KRAFT', quantity: 750, destination: 'FR' });

    // The model fails: the local rules read "make it 2000, the model is down" and re-quote.
    const down = await client.post<Answer>('/api/quotation/message', { project_id: projectId, content: 'make it 2000, the model is down' });
    expect(down.code, down.msg).toBe(0);
    expect(((down.data?.messages.at(-1)?.data as unknown as QuotationChatData).quote as Quote).quantity).toBe(2000);
  });
});
