/**
 * HTTP plumbing shared by the image adapters: one time limit per call (retries included),
 * retries with backoff on 429/5xx and network errors, and errors that say what went wrong.
 */
import { ImageProviderError } from './image-provider.js';

export interface CallBudget {
  /** Aborted by the caller or when the time limit passes. */
  signal: AbortSignal;
  /** True when the time limit (not the caller) ended the call. */
  timedOut(): boolean;
  timeoutMs: number;
}

/** A signal that ends with the caller's or after `timeoutMs`, whichever comes first. */
export function budget(caller: AbortSignal, timeoutMs: number): CallBudget {
  const timer = AbortSignal.timeout(timeoutMs);
  return { signal: AbortSignal.any([caller, timer]), timedOut: () => timer.aborted && !caller.aborted, timeoutMs };
}

/** Rethrows the caller's abort as is; turns the time limit into a provider error. */
export function abortError(b: CallBudget, what: string): Error {
  if (b.timedOut()) return new ImageProviderError(`${what}: no answer within ${b.timeoutMs} ms (IMAGE_TIMEOUT_MS)`, 0);
  const reason: unknown = b.signal.reason;
  return reason instanceof Error ? reason : new Error('aborted');
}

export interface RetryOptions {
  /** Retries after the first attempt (on 429, 5xx and network errors). */
  retries: number;
  /** First backoff; doubled each retry unless the server sends Retry-After. */
  retryDelayMs: number;
}

const MAX_RETRY_WAIT_MS = 10_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function retryAfterMs(res: Response, fallback: number): number {
  const header = res.headers.get('retry-after');
  const seconds = header ? Number(header) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_WAIT_MS) : fallback;
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * One request with retries. Answers the first response that is not 429/5xx (or the last one);
 * network errors are retried too, and end as a provider error naming the origin.
 */
export async function fetchWithRetry(
  doFetch: typeof fetch,
  url: string,
  init: () => RequestInit,
  b: CallBudget,
  retry: RetryOptions,
  what: string,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const wait = retry.retryDelayMs * 2 ** attempt;
    let res: Response;
    try {
      res = await doFetch(url, { ...init(), signal: b.signal });
    } catch (err) {
      if (b.signal.aborted) throw abortError(b, what);
      if (attempt >= retry.retries) throw new ImageProviderError(`${what}: cannot reach ${new URL(url).origin} (${errorText(err)})`, 0);
      await sleep(wait, b.signal).catch(() => {
        throw abortError(b, what);
      });
      continue;
    }
    if ((res.status === 429 || res.status >= 500) && attempt < retry.retries) {
      await res.body?.cancel().catch(() => undefined);
      await sleep(retryAfterMs(res, wait), b.signal).catch(() => {
        throw abortError(b, what);
      });
      continue;
    }
    return res;
  }
}

/** The server's own words about a failed request (OpenAI and ComfyUI both send JSON), shortened. */
export async function failureDetail(res: Response): Promise<string> {
  const text = (await res.text().catch(() => '')).trim();
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object') {
      const error = (json as { error?: unknown }).error;
      if (typeof error === 'string') return error.slice(0, 300);
      if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string')
        return (error as { message: string }).message.slice(0, 300);
    }
  } catch {
    // Not JSON: the text itself.
  }
  return text.slice(0, 300);
}

/** An HTTP failure as a provider error: the key for 401/403, the server's words otherwise. */
export async function httpError(res: Response, what: string, keyVariable: string | null): Promise<ImageProviderError> {
  const detail = await failureDetail(res);
  const tail = detail ? `: ${detail}` : '';
  if ((res.status === 401 || res.status === 403) && keyVariable)
    return new ImageProviderError(`${what} was refused (HTTP ${res.status}); check ${keyVariable}${tail}`, res.status);
  if (res.status === 429) return new ImageProviderError(`${what} is rate-limited (HTTP 429) and stayed so after retries${tail}`, 429);
  if (res.status >= 500) return new ImageProviderError(`${what} failed on the server (HTTP ${res.status}) after retries${tail}`, res.status);
  return new ImageProviderError(`${what} was rejected (HTTP ${res.status})${tail}`, res.status);
}

/** Reads a body of at most `maxBytes` (an image download, a JSON answer carrying images). */
export async function readLimited(res: Response, maxBytes: number, what: string): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes)
    throw new ImageProviderError(`${what}: answer of ${declared} bytes is over the ${maxBytes}-byte limit`, 0);
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new ImageProviderError(`${what}: answer over the ${maxBytes}-byte limit`, 0);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
