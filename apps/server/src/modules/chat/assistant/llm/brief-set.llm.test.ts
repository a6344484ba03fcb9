import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOX_TYPES, COLOUR_TAGS } from '@packsmith/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_BRIEF, INITIAL_STATE, type Assistant } from '../assistant.js';
import { FIELDS, scoreBriefSet, type Accuracy } from '../local/brief-accuracy.js';
import { BRIEF_SET, type LabelledBrief } from '../local/brief-set.js';
import { createOpenAiCompatibleAssistant } from './openai-compatible.js';

/*
 * The labelled brief set through the OpenAI-compatible assistant, against a local chat-completions
 * peer that answers the way a good model does: the fields a careful reader would give, in words
 * (the pack and the colours as a person names them, not as catalogue slugs). What is measured is the
 * adapter: the request it sends, the tool call it reads, and how the words land on the catalogue.
 */
const byText = new Map<string, LabelledBrief>(BRIEF_SET.map((b) => [b.text, b]));
const colourName = (slug: string) => COLOUR_TAGS.find((c) => c.slug === slug)?.name ?? slug;
const boxName = (slug: string) => BOX_TYPES.find((b) => b.slug === slug)?.name ?? slug;

function modelAnswer(label: LabelledBrief) {
  const pack = label.pack === null ? null : typeof label.pack === 'string' ? label.pack : label.pack[0];
  return {
    ...(label.brand ? { brand: label.brand } : {}),
    ...(label.product ? { product: label.product[0] } : {}),
    ...(pack ? { box: [boxName(pack)] } : {}),
    color: label.colours.map(colourName),
    intent: 'none',
  };
}

let server: http.Server;
let url = '';
let unknownMessages = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { stream?: boolean; messages: { role: string; content: string }[] };
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Noted.' } }] })}\n\ndata: [DONE]\n\n`);
        return;
      }
      const { message } = JSON.parse(body.messages[1]?.content ?? '{}') as { message?: string };
      const label = byText.get(message ?? '');
      if (!label) unknownMessages += 1;
      const args = label ? modelAnswer(label) : { intent: 'none' };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: null,
                tool_calls: [{ id: 't', type: 'function', function: { name: 'update_brief', arguments: JSON.stringify(args) } }],
              },
              finish_reason: 'tool_calls',
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the labelled brief set through the OpenAI-compatible assistant (local peer)', () => {
  let accuracy: Accuracy;
  let assistant: Assistant;
  const warnings: string[] = [];

  beforeAll(async () => {
    assistant = createOpenAiCompatibleAssistant({
      baseUrl: url,
      apiKey: 'sk-local',
      model: 'peer',
      timeoutMs: 5_000,
      log: { warn: (_o, msg) => void warnings.push(msg) },
    });
    accuracy = await scoreBriefSet(BRIEF_SET, async (text) => {
      const r = await assistant.respond({ brief: EMPTY_BRIEF, state: INITIAL_STATE, text, isGenerate: false, referenceImg: null, chatType: 'design' });
      return { brand: r.brief.brand || null, product: r.brief.product || null, pack: r.brief.box[0] ?? null, colours: r.brief.color };
    });
  }, 60_000);

  it('asks the model about every brief and never falls back', () => {
    expect(unknownMessages).toBe(0);
    expect(warnings).toEqual([]);
  });

  it.each(FIELDS.map((f) => [f] as const))('lands %s on the catalogue for at least 98 % of the briefs', (field) => {
    const misses = accuracy.misses.filter((m) => m.field === field).map((m) => `${m.text}\n    want ${m.expected}, got ${m.got}`);
    expect(accuracy.share[field], misses.join('\n')).toBeGreaterThanOrEqual(0.98);
  });
});
