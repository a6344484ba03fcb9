import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_BRIEF, INITIAL_STATE, type AssistantInput } from '../assistant.js';
import { respondLocally } from '../local/local-assistant.js';
import { createChatCompletionsClient } from './chat-completions.js';
import { createOpenAiCompatibleAssistant } from './openai-compatible.js';

/*
 * A local peer that speaks the chat-completions protocol: each test decides how it answers. Requests
 * are recorded so the tests can check what the assistant sent.
 */
interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
    tools?: { function: { name: string; parameters: { properties: Record<string, unknown> } } }[];
    tool_choice?: unknown;
    response_format?: { type: string };
  };
}
type Reply = (req: SeenRequest, res: http.ServerResponse, n: number) => void;

interface Peer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

const peers: Peer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

async function startPeer(reply: Reply): Promise<Peer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const seen: SeenRequest = { path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) as SeenRequest['body'] };
      requests.push(seen);
      reply(seen, res, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const peer: Peer = {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  peers.push(peer);
  return peer;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function toolCall(args: Record<string, unknown>) {
  return {
    id: 'c1',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 't1', type: 'function', function: { name: 'update_brief', arguments: JSON.stringify(args) } }],
        },
        finish_reason: 'tool_calls',
      },
    ],
  };
}

/** Server-sent events, one `data:` line per chunk, written a little apart like a real model. */
function sse(res: http.ServerResponse, chunks: unknown[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let i = 0;
  const next = () => {
    if (i < chunks.length) {
      res.write(`data: ${JSON.stringify(chunks[i++])}\n\n`);
      setTimeout(next, 5);
    } else {
      res.end('data: [DONE]\n\n');
    }
  };
  next();
}
const contentDelta = (content: string) => ({ choices: [{ index: 0, delta: { content } }] });

function logger() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  return { warnings, warn: (obj: Record<string, unknown>, msg: string) => void warnings.push({ obj, msg }) };
}

const turn = (text: string, extra: Partial<AssistantInput> = {}): AssistantInput => ({
  brief: EMPTY_BRIEF,
  state: INITIAL_STATE,
  text,
  isGenerate: false,
  referenceImg: null,
  chatType: 'design',
  ...extra,
});

describe('OpenAI-compatible assistant against a local chat-completions peer', () => {
  it('extracts the brief with a tool call and streams the reply wording', async () => {
    const peer = await startPeer((req, res) => {
      if (req.body.stream) sse(res, [contentDelta('Lovely'), contentDelta(' — which brand name'), contentDelta(' goes on the pack?')]);
      else json(res, 200, toolCall({ product: 'cold brew coffee', intent: 'none' }));
    });
    const log = logger();
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: 'sk-test', model: 'tiny-model', timeoutMs: 5_000, log });
    const tokens: string[] = [];
    const result = await assistant.respond(turn('we do the cold stuff in cans'), { onToken: (t) => tokens.push(t) });

    expect(result.brief.product).toBe('cold brew coffee');
    expect(result.replies.map((r) => r.kind)).toEqual(['updateOptions', 'text']);
    expect(result.replies[1]?.message).toBe('Lovely — which brand name goes on the pack?');
    expect(tokens.join('')).toBe('Lovely — which brand name goes on the pack?');
    expect(tokens.length).toBe(3);
    expect(result.state.awaiting).toBe('brand');
    expect(log.warnings).toEqual([]);

    const [extract, phrase] = peer.requests;
    expect(extract?.path).toBe('/v1/chat/completions');
    expect(extract?.authorization).toBe('Bearer sk-test');
    expect(extract?.body.model).toBe('tiny-model');
    expect(extract?.body.stream).toBe(false);
    expect(extract?.body.tools?.[0]?.function.name).toBe('update_brief');
    expect(Object.keys(extract?.body.tools?.[0]?.function.parameters.properties ?? {})).toEqual(
      expect.arrayContaining(['product', 'brand', 'box', 'style', 'color', 'element', 'intent']),
    );
    expect(extract?.body.messages[1]?.content).toContain('we do the cold stuff in cans');
    expect(phrase?.body.stream).toBe(true);
  });

  it('keeps the dialogue policy: kinds and data come from the rules, words from the model', async () => {
    const peer = await startPeer((req, res) => {
      if (req.body.stream) sse(res, [contentDelta('Which pack would you like for your tea? Here are some that suit it.')]);
      else json(res, 200, toolCall({ product: 'green tea', brand: 'Steep', style: ['Minimal'], color: ['light green', 'Gold'], element: ['paw prints'] }));
    });
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: null, model: 'm', timeoutMs: 5_000, log: logger() });
    const result = await assistant.respond(turn('anything'));
    expect(result.brief).toMatchObject({ product: 'green tea', brand: 'Steep', style: ['minimalist'], color: ['mint', 'gold'], element: ['paw prints'] });
    const box = result.replies.find((r) => r.kind === 'box');
    expect(box?.kind === 'box' && box.data.box_options.length).toBeGreaterThan(0);
    expect(box?.message).toBe('Which pack would you like for your tea? Here are some that suit it.');
    expect(peer.requests[0]?.authorization).toBeUndefined();
  });

  it('reads tool-call deltas and content deltas from a streamed answer', async () => {
    const peer = await startPeer((_req, res) =>
      sse(res, [
        contentDelta('Noting'),
        { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 't1', type: 'function', function: { name: 'update_brief', arguments: '' } }] } }] },
        { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"product":"te' } }] } }] },
        contentDelta(' that.'),
        { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: 'a","brand":"Steep"}' } }] } }] },
        { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
      ]),
    );
    const client = createChatCompletionsClient({ baseUrl: peer.url, apiKey: null, model: 'm', timeoutMs: 5_000 });
    const deltas: string[] = [];
    const answer = await client.complete({ messages: [{ role: 'user', content: 'hi' }], stream: true }, (d) => deltas.push(d));
    expect(answer.content).toBe('Noting that.');
    expect(deltas).toEqual(['Noting', ' that.']);
    expect(answer.toolCalls).toEqual([{ name: 'update_brief', arguments: '{"product":"tea","brand":"Steep"}' }]);

    // The assistant reads the same stream when a server streams the extraction unasked.
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: null, model: 'm', timeoutMs: 5_000, log: logger(), phrase: false });
    const result = await assistant.respond(turn('something'));
    expect(result.brief).toMatchObject({ product: 'tea', brand: 'Steep' });
  });

  it('retries once after a 500 and then uses the answer', async () => {
    const peer = await startPeer((req, res, n) => {
      if (n === 1) json(res, 500, { error: { message: 'overloaded' } });
      else json(res, 200, toolCall({ product: 'oat milk', brand: 'Zephyr', intent: 'none' }));
    });
    const log = logger();
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: 'k', model: 'm', timeoutMs: 5_000, log, phrase: false, retryDelayMs: 10 });
    const result = await assistant.respond(turn('the usual'));
    expect(peer.requests).toHaveLength(2);
    expect(result.brief).toMatchObject({ product: 'oat milk', brand: 'Zephyr' });
    expect(log.warnings).toEqual([]);
  });

  it('honours Retry-After on 429', async () => {
    const peer = await startPeer((_req, res, n) => {
      if (n === 1) json(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '0' });
      else json(res, 200, toolCall({ product: 'gin', brand: 'Juniper' }));
    });
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: 'k', model: 'm', timeoutMs: 5_000, log: logger(), phrase: false });
    const result = await assistant.respond(turn('whatever'));
    expect(peer.requests).toHaveLength(2);
    expect(result.brief.brand).toBe('Juniper');
  });

  it('falls back to the local rules when the model does not answer in time', async () => {
    const peer = await startPeer(() => {
      // Never answers: the socket stays open until the test closes the peer.
    });
    const log = logger();
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: 'k', model: 'm', timeoutMs: 300, log });
    const input = turn('I sell handmade soap, the brand is Willow');
    const started = performance.now();
    const result = await assistant.respond(input);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result).toEqual(respondLocally(input));
    expect(result.brief).toMatchObject({ product: 'handmade soap', brand: 'Willow' });
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]?.msg).toMatch(/local rules/);
    expect(String(log.warnings[0]?.obj.err)).toMatch(/300 ms/);
    // A server that timed out is not asked again to word the reply.
    expect(peer.requests).toHaveLength(1);
  });

  it('does not retry a 401 and falls back without exposing the error to the user', async () => {
    const peer = await startPeer((_req, res) => json(res, 401, { error: { message: 'bad key' } }));
    const log = logger();
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: 'wrong', model: 'm', timeoutMs: 5_000, log });
    const result = await assistant.respond(turn('hello'));
    expect(peer.requests).toHaveLength(1);
    expect(result.replies.map((r) => r.kind)).toEqual(['product']);
    expect(result.replies.some((r) => /401|bad key|Error/.test(r.message))).toBe(false);
    expect(String(log.warnings[0]?.obj.err)).toMatch(/HTTP 401/);
  });

  it('accepts plain JSON content from a server without tool calls', async () => {
    const peer = await startPeer((req, res) => {
      json(res, 200, {
        choices: [
          { index: 0, message: { role: 'assistant', content: '```json\n{"product": "kombucha", "brand": "Wild Ferment", "intent": "generate"}\n```' } },
        ],
      });
    });
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: 'k', model: 'm', timeoutMs: 5_000, log: logger(), phrase: false });
    const result = await assistant.respond(turn('make it so'));
    expect(result.action).toBe('generate');
    expect(result.brief).toMatchObject({ product: 'kombucha', brand: 'Wild Ferment', box: ['juice-bottle'], style: ['modern'] });
  });

  it('asks for JSON output when the server refuses tools', async () => {
    const peer = await startPeer((req, res) => {
      if (req.body.tools) json(res, 400, { error: { message: 'tools are not supported' } });
      else json(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content: '{"product":"candles","brand":"Ember"}' } }] });
    });
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: 'k', model: 'm', timeoutMs: 5_000, log: logger(), phrase: false });
    const first = await assistant.respond(turn('x'));
    expect(first.brief).toMatchObject({ product: 'candles', brand: 'Ember' });
    expect(peer.requests[1]?.body.response_format?.type).toBe('json_schema');
    await assistant.respond(turn('y', { brief: first.brief, state: first.state }));
    // Known to refuse tools: the next turn goes straight to JSON.
    expect(peer.requests).toHaveLength(3);
    expect(peer.requests[2]?.body.tools).toBeUndefined();
  });

  it('keeps the default wording when only the wording call fails', async () => {
    const peer = await startPeer((req, res) => {
      if (req.body.stream) json(res, 503, { error: { message: 'down' } });
      else json(res, 200, toolCall({ product: 'honey', brand: 'Golden Hive' }));
    });
    const log = logger();
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: 'k', model: 'm', timeoutMs: 5_000, log, retryDelayMs: 10 });
    const result = await assistant.respond(turn('honey stuff'));
    expect(result.brief).toMatchObject({ product: 'honey', brand: 'Golden Hive' });
    expect(result.replies.at(-1)?.kind).toBe('box');
    expect(result.replies.at(-1)?.message).toMatch(/Which packaging would you like for honey/);
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]?.msg).toMatch(/wording/);
  });

  it('falls back when the answer is not a chat completion', async () => {
    const peer = await startPeer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>proxy error</html>');
    });
    const log = logger();
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: 'k', model: 'm', timeoutMs: 5_000, log });
    const input = turn('I sell tea, brand Steep');
    expect(await assistant.respond(input)).toEqual(respondLocally(input));
    expect(log.warnings).toHaveLength(1);
  });

  it('greets locally without calling the model', async () => {
    const peer = await startPeer((_req, res) => json(res, 500, {}));
    const assistant = createOpenAiCompatibleAssistant({ baseUrl: peer.url, apiKey: 'k', model: 'm', timeoutMs: 5_000, log: logger() });
    const replies = await assistant.hello('design', EMPTY_BRIEF);
    expect(replies[0]?.kind).toBe('hello');
    expect(peer.requests).toHaveLength(0);
  });
});
