import { vi } from 'vitest';

export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; body?: unknown } | 'network-error';

/** The URL a fetch call asked for, whichever form it was given in. */
export function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * A fetch stand-in that answers by "METHOD /path" and records every request, so tests see what the
 * browser would have sent.
 */
export function mockFetch(routes: Record<string, Reply | ((ex: Exchange) => Reply)>) {
  const calls: Exchange[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const ex: Exchange = { method, url, headers, body };
    calls.push(ex);
    const key = `${method} ${url.split('?')[0]}`;
    const route = routes[key];
    if (route === undefined) return new Response('{"code":404,"msg":"no route","data":null}', { status: 404 });
    const reply = typeof route === 'function' ? route(ex) : route;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body ?? null), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

export const ok = (data: unknown) => ({ body: { code: 0, msg: 'SUCCESS', data } });
export const fail = (code: number, msg: string) => ({ body: { code, msg, data: null } });
