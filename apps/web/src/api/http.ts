import { REQUEST_TIMEOUT_MS, type HttpMethod } from '@packsmith/contracts';

/** SPEC §7: requests go to the same origin, under the base path /. */
export const API_BASE = '/';

export type Transport =
  | { ok: true; status: number; body: unknown }
  | { ok: false; kind: 'http'; status: number }
  | { ok: false; kind: 'network'; reason: 'offline' | 'timeout' | 'aborted' | 'bad-response' };

export interface RawRequest {
  method: HttpMethod;
  path: string;
  input?: Record<string, unknown>;
  token?: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A value as the query string carries it: primitives as written, anything else as JSON. */
function queryValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      return JSON.stringify(value) ?? '';
  }
}

/** GET input travels as the query string; undefined values are left out. */
export function toQueryString(input: Record<string, unknown> | undefined): string {
  if (!input) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v: unknown) => params.append(key, queryValue(v)));
    else params.set(key, queryValue(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function joinPath(path: string): string {
  return API_BASE + path.replace(/^\/+/, '');
}

/**
 * One HTTP exchange: JSON in, JSON out, Bearer token, 180 s timeout (SPEC §7).
 * Never throws: transport failures come back as values so one place can map them to messages.
 */
export async function sendRequest(req: RawRequest): Promise<Transport> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  req.signal?.addEventListener('abort', onOuterAbort);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  const isGet = req.method === 'GET';
  if (!isGet) headers['content-type'] = 'application/json';
  const url = joinPath(req.path) + (isGet ? toQueryString(req.input) : '');
  try {
    const res = await fetch(url, {
      method: req.method,
      headers,
      body: isGet ? undefined : JSON.stringify(req.input ?? {}),
      signal: controller.signal,
    });
    if (res.status !== 200) return { ok: false, kind: 'http', status: res.status };
    try {
      return { ok: true, status: res.status, body: await res.json() };
    } catch {
      return { ok: false, kind: 'network', reason: 'bad-response' };
    }
  } catch {
    if (timedOut) return { ok: false, kind: 'network', reason: 'timeout' };
    if (req.signal?.aborted) return { ok: false, kind: 'network', reason: 'aborted' };
    return { ok: false, kind: 'network', reason: 'offline' };
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onOuterAbort);
  }
}

export interface EnvelopeShape {
  code: number;
  msg: string;
  data: unknown;
}

export function isEnvelope(body: unknown): body is EnvelopeShape {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.code === 'number' && typeof b.msg === 'string' && 'data' in b;
}
