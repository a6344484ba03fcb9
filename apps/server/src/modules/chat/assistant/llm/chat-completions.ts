/**
 * A small client for the OpenAI chat-completions protocol (OpenAI, Ollama, vLLM, llama.cpp…):
 * one POST per call, JSON or server-sent events, tool calls assembled from their deltas, a timeout
 * per request and one retry on 429/5xx.
 */
import { z } from 'zod';

export interface ChatMessageIn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface CompletionRequest {
  messages: ChatMessageIn[];
  tools?: ToolDefinition[];
  tool_choice?: 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };
  response_format?: { type: 'json_object' } | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown> } };
  temperature?: number;
  max_tokens?: number;
  stream?: boolean;
}

export interface ToolCall {
  name: string;
  /** The arguments as the model wrote them (a JSON string). */
  arguments: string;
}

export interface Completion {
  content: string;
  toolCalls: ToolCall[];
}

export interface ChatCompletionsOptions {
  /** e.g. http://localhost:11434/v1 (the path /chat/completions is appended). */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  /** Wait before the one retry when the server gives no Retry-After. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

/** A failed call: `status` is the HTTP status, 0 for network errors and timeouts. */
export class ChatCompletionsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ChatCompletionsError';
  }
}

const ToolCallJson = z.object({
  function: z.object({ name: z.string(), arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).optional() }),
});
const CompletionJson = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish(), tool_calls: z.array(ToolCallJson).nullish() }),
      }),
    )
    .min(1),
});
const ChunkJson = z.object({
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullish(),
            tool_calls: z
              .array(
                z.object({
                  index: z.number().int().optional(),
                  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).optional(),
                }),
              )
              .nullish(),
          })
          .optional(),
      }),
    )
    .optional(),
  error: z.unknown().optional(),
});

const MAX_RETRY_WAIT_MS = 2_000;
const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function retryWait(res: Response, fallbackMs: number): number {
  const header = res.headers.get('retry-after');
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_WAIT_MS) : fallbackMs;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ChatCompletionsClient {
  readonly model: string;
  /** One completion. `onContent` receives text deltas as they stream (or the whole text once). */
  complete(request: CompletionRequest, onContent?: (delta: string) => void): Promise<Completion>;
}

export function createChatCompletionsClient(options: ChatCompletionsOptions): ChatCompletionsClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? fetch;
  const retryDelayMs = options.retryDelayMs ?? 500;

  async function once(body: string, stream: boolean, onContent?: (delta: string) => void): Promise<Completion | Response> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: stream ? 'text/event-stream' : 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body,
        signal,
      });
    } catch (err) {
      throw new ChatCompletionsError(signal.aborted ? `no answer within ${options.timeoutMs} ms` : `network error: ${errorText(err)}`, 0);
    }
    if (!res.ok) return res;
    try {
      const type = res.headers.get('content-type') ?? '';
      return type.includes('text/event-stream') ? await readEvents(res, onContent) : readJson(await res.json(), onContent);
    } catch (err) {
      if (err instanceof ChatCompletionsError) throw err;
      throw new ChatCompletionsError(signal.aborted ? `no answer within ${options.timeoutMs} ms` : `unreadable answer: ${errorText(err)}`, 0);
    }
  }

  return {
    model: options.model,
    async complete(request, onContent) {
      const stream = request.stream === true;
      const body = JSON.stringify({ model: options.model, ...request, stream });
      let answer = await once(body, stream, onContent);
      if (answer instanceof Response && (answer.status === 429 || answer.status >= 500)) {
        await answer.body?.cancel().catch(() => undefined);
        await sleep(retryWait(answer, retryDelayMs));
        answer = await once(body, stream, onContent);
      }
      if (answer instanceof Response) {
        const detail = (await answer.text().catch(() => '')).slice(0, 200);
        throw new ChatCompletionsError(`HTTP ${answer.status}${detail ? `: ${detail}` : ''}`, answer.status);
      }
      return answer;
    },
  };
}

function readJson(json: unknown, onContent?: (delta: string) => void): Completion {
  const parsed = CompletionJson.safeParse(json);
  if (!parsed.success) throw new ChatCompletionsError('the answer is not a chat completion', 0);
  const message = parsed.data.choices[0]?.message;
  const content = message?.content ?? '';
  if (content && onContent) onContent(content);
  const toolCalls = (message?.tool_calls ?? []).map((c) => ({
    name: c.function.name,
    arguments: typeof c.function.arguments === 'string' ? c.function.arguments : JSON.stringify(c.function.arguments ?? {}),
  }));
  return { content, toolCalls };
}

/** Server-sent events: `data: {chunk}` lines until `data: [DONE]`; tool-call arguments arrive in pieces per index. */
async function readEvents(res: Response, onContent?: (delta: string) => void): Promise<Completion> {
  if (!res.body) throw new ChatCompletionsError('empty stream', 0);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let content = '';
  const calls = new Map<number, ToolCall>();
  let done = false;

  const handle = (line: string) => {
    if (!line.startsWith('data:')) return;
    const payload = line.slice(5).trim();
    if (payload === '') return;
    if (payload === '[DONE]') {
      done = true;
      return;
    }
    const chunk = ChunkJson.safeParse(JSON.parse(payload));
    if (!chunk.success) throw new ChatCompletionsError('unreadable stream chunk', 0);
    if (chunk.data.error !== undefined) throw new ChatCompletionsError(`stream error: ${JSON.stringify(chunk.data.error).slice(0, 200)}`, 0);
    const delta = chunk.data.choices?.[0]?.delta;
    if (!delta) return;
    if (delta.content) {
      content += delta.content;
      onContent?.(delta.content);
    }
    for (const call of delta.tool_calls ?? []) {
      const index = call.index ?? 0;
      const current = calls.get(index) ?? { name: '', arguments: '' };
      if (call.function?.name) current.name += call.function.name;
      if (call.function?.arguments) current.arguments += call.function.arguments;
      calls.set(index, current);
    }
  };

  try {
    while (!done) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0 && !done) {
        handle(buffer.slice(0, newline).replace(/\r$/, ''));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
    }
    if (!done && buffer.trim()) handle(buffer.trim());
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { content, toolCalls: [...calls.entries()].sort(([a], [b]) => a - b).map(([, c]) => c) };
}
