import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxBySlug } from '@packsmith/contracts';
import { readMessage, type BoxSuggester } from './dialogue.js';
import { createQuotationReader } from './reader.js';

/*
 * The OpenAI-compatible reader against a local chat-completions peer (like the design chat's
 * brief-set test): the peer answers per message what a careful model would, or fails on purpose.
 */
const ANSWERS: Record<string, unknown> = {
  'half a thousand brown mailers, a foot long, 8 by 4 inches otherwise, for Deutschland': {
    product: 'mailers',
    box: 'mailer-box',
    length_mm: 304.8,
    width_mm: 203.2,
    height_mm: 101.6,
    material: 'KRAFT',
    quantity: 500,
    destination: 'DE',
  },
  'a box ten metres long': { length_mm: 10000, width_mm: 100, height_mm: 100 },
  'say something odd': 'not json at all',
};

let server: http.Server;
let url = '';
const warnings: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      const text = /Message: (".*")$/m.exec(body.messages.at(-1)?.content ?? '')?.[1];
      const message = text ? (JSON.parse(text) as string) : '';
      if (message === 'the server is down') {
        res.writeHead(503).end();
        return;
      }
      const answer = ANSWERS[message];
      const content = typeof answer === 'string' ? answer : JSON.stringify(answer ?? {});
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const suggest: BoxSuggester = () => [{ slug: 'mailer-box', name: boxBySlug('mailer-box')?.name ?? '' }];
const reader = () =>
  createQuotationReader({
    suggest,
    llm: { baseUrl: url, apiKey: null, model: 'peer', timeoutMs: 2000, retryDelayMs: 1, log: { warn: (_o, msg) => warnings.push(msg) } },
  });

describe('the LLM reader', () => {
  it('takes the selections the model extracts (checked by the chip readers)', async () => {
    const r = await reader()({}, 'half a thousand brown mailers, a foot long, 8 by 4 inches otherwise, for Deutschland', 'product');
    expect(r.error).toBeUndefined();
    expect(r.draft).toMatchObject({
      box: 'mailer-box',
      material: 'KRAFT',
      quantity: 500,
      destination: 'DE',
      size: { length_mm: 304.8, width_mm: 203.2, height_mm: 101.6 },
    });
  });

  it('refuses a size the readers refuse, whoever read it', async () => {
    const r = await reader()({ product: 'tea', box: 'straight-tuck-end' }, 'a box ten metres long', 'size');
    expect(r.error?.name).toBe('size');
  });

  it('falls back to the local rules when the model is down or answers no JSON', async () => {
    const before = warnings.length;
    const draft = { product: 'tea', box: 'mailer-box' as const };
    const down = await reader()(draft, 'the server is down', 'size');
    expect(down).toEqual(readMessage(draft, 'the server is down', 'size', suggest));
    const odd = await reader()({}, 'say something odd', 'product');
    expect(odd.draft.product).toBe('say something odd');
    expect(warnings.length).toBe(before + 2);
  });

  it('lets the local rules read a bare answer the model found nothing in', async () => {
    const r = await reader()(
      { product: 'tea', box: 'mailer-box', size: { length_mm: 300, width_mm: 200, height_mm: 100 }, material: 'KRAFT' },
      '3',
      'quantity',
    );
    expect(r.draft.quantity).toBe(3);
  });
});
