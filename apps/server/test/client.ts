import type { Envelope } from '@packsmith/contracts';

/** A tiny HTTP client for integration tests: real requests to a real server. */
export class TestClient {
  constructor(
    readonly baseUrl: string,
    public token: string | null = null,
  ) {}

  async raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const h: Record<string, string> = { ...headers };
    if (this.token) h.authorization = `Bearer ${this.token}`;
    let payload: string | undefined;
    if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    return fetch(this.baseUrl + path, { method, headers: h, body: payload });
  }

  async call<T = unknown>(method: string, path: string, input?: Record<string, unknown>): Promise<Envelope<T>> {
    let p = path;
    let body: unknown;
    if (method === 'GET' && input) {
      const q = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
      p += (p.includes('?') ? '&' : '?') + q.toString();
    } else if (method !== 'GET') {
      body = input ?? {};
    }
    const res = await this.raw(method, p, body);
    return (await res.json()) as Envelope<T>;
  }

  get<T = unknown>(path: string, query?: Record<string, unknown>) {
    return this.call<T>('GET', path, query);
  }
  post<T = unknown>(path: string, body?: Record<string, unknown>) {
    return this.call<T>('POST', path, body);
  }
  put<T = unknown>(path: string, body?: Record<string, unknown>) {
    return this.call<T>('PUT', path, body);
  }
  del<T = unknown>(path: string, body?: Record<string, unknown>) {
    return this.call<T>('DELETE', path, body);
  }

  /** A new guest session on this client. */
  async asGuest(): Promise<this> {
    this.token = null;
    const r = await this.post<{ token: string }>('/api/user/guest_login');
    if (r.code !== 0 || !r.data) throw new Error(`guest_login failed: ${r.msg}`);
    this.token = r.data.token;
    return this;
  }
}

export async function newGuest(baseUrl: string): Promise<TestClient> {
  return new TestClient(baseUrl).asGuest();
}
