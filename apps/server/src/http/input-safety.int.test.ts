import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JSON_LIMITS, PROJECT_DATA_MAX_BYTES, UploadMsg, type ChatMessage, type Envelope, type Project } from '@packsmith/contracts';
import type { TestClient } from '../../test/client.js';
import { newGuest } from '../../test/client.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { TestSocket } from '../../test/socket.js';

// Issue 9 parts 1, 2 and 7: input PostgreSQL cannot store, unbounded free-form JSON, secrets in logs.
const baseUrl = inject('baseUrl');

async function newProject(c: TestClient): Promise<Project> {
  const r = await c.post<Project>('/api/project', { type: 'design' });
  if (r.code !== 0 || !r.data) throw new Error(`create project failed: ${r.msg}`);
  return r.data;
}

async function projectOf(c: TestClient, projectId: string): Promise<Project> {
  const r = await c.get<Project>('/api/project/info', { project_id: projectId });
  if (r.code !== 0 || !r.data) throw new Error(`project info failed: ${r.msg}`);
  return r.data;
}

/** Answers HTTP 200 and envelope code 400 whose message starts with the field's name. */
async function expectRefused(res: Response, field: RegExp): Promise<Envelope<null>> {
  expect(res.status).toBe(200);
  const body = (await res.json()) as Envelope<null>;
  expect(body.code).toBe(400);
  expect(body.data).toBeNull();
  expect(body.msg).toMatch(field);
  return body;
}

describe('text PostgreSQL cannot store answers 400 naming the field, and nothing is stored', () => {
  let c: TestClient;
  let project: Project;
  beforeAll(async () => {
    c = await newGuest(baseUrl);
    project = await newProject(c);
  });

  it('a NUL in a JSON body string: PUT /api/project/name', async () => {
    const res = await c.raw('PUT', '/api/project/name', `{"project_id":"${project.project_id}","name":"a\\u0000b"}`);
    await expectRefused(res, /^name: must not contain NUL/);
    expect((await projectOf(c, project.project_id)).name).toBe(project.name);
  });

  it('a NUL in the query string: GET /api/project/info?project_id=%00a', async () => {
    await expectRefused(await c.raw('GET', '/api/project/info?project_id=%00a'), /^project_id: must not contain NUL/);
  });

  it('a NUL in a socket payload: chat:join_room', async () => {
    const socket = await TestSocket.connect(baseUrl, c.token ?? '');
    try {
      const ack = await socket.emitRaw('chat:join_room', { project_id: 'a\u0000' });
      expect(ack).toEqual({ code: 400, msg: expect.stringMatching(/^project_id: must not contain NUL/) });
      // The socket is still usable: the refusal was an answer, not a crash.
      expect((await socket.join(project.project_id)).code).toBe(0);
    } finally {
      socket.close();
    }
  });

  it('a lone surrogate in a JSON column: PUT /api/project data.style', async () => {
    const res = await c.raw('PUT', '/api/project', `{"project_id":"${project.project_id}","data":{"style":["a\\ud800b"]}}`);
    await expectRefused(res, /^data\.style\.0: must not contain unpaired UTF-16 surrogates/);
    expect((await projectOf(c, project.project_id)).style).toEqual(project.style);
  });

  it('a lone surrogate or NUL key in free-form project data', async () => {
    const surrogate = await c.raw('PUT', '/api/project', `{"project_id":"${project.project_id}","data":{"data":{"notes":{"x":"\\udc00"}}}}`);
    await expectRefused(surrogate, /^data\.data\.notes\.x: must not contain unpaired/);
    const nulKey = await c.raw('PUT', '/api/project', `{"project_id":"${project.project_id}","data":{"data":{"k\\u0000":1}}}`);
    await expectRefused(nulKey, /^data\.data: must not contain a key with NUL/);
    expect((await projectOf(c, project.project_id)).data).toEqual(project.data);
  });

  it('a lone surrogate in chat content', async () => {
    const res = await c.raw('POST', '/api/chat/message', `{"project_id":"${project.project_id}","content":"a\\ud800b"}`);
    await expectRefused(res, /^content: must not contain unpaired/);
    const history = await c.get<{ list: ChatMessage[] }>('/api/chat/history', { project_id: project.project_id });
    expect(history.data?.list.filter((m) => m.role === 'user')).toEqual([]);
  });

  it('a lone surrogate in an upload-history name', async () => {
    const res = await c.raw('PUT', '/api/user/upload/history', '{"history":[{"url":"/files/a.png","name":"a\\ud800b"}]}');
    await expectRefused(res, /^history\.0\.name: must not contain unpaired/);
    expect((await c.get<{ history: unknown[] }>('/api/user/upload/history')).data?.history).toEqual([]);
  });

  it('ordinary text with emoji and accents still works', async () => {
    const r = await c.put<{ name: string }>('/api/project/name', { project_id: project.project_id, name: 'Café 🍵 日本' });
    expect(r).toMatchObject({ code: 0, data: { name: 'Café 🍵 日本' } });
  });
});

describe('multipart bodies the parser cannot read answer 400', () => {
  const form = '--xyz\r\nContent-Disposition: form-data; name="token"\r\n\r\nabc\r\n--xyz--\r\n';
  for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=other']) {
    it(`POST /api/upload with ${contentType}`, async () => {
      const c = await newGuest(baseUrl);
      const res = await fetch(`${baseUrl}/api/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.token}`, 'content-type': contentType },
        body: form,
      });
      const body = await expectRefused(res, /multipart/);
      expect(body.msg).toBe(UploadMsg.malformed);
    });
  }
});

describe('a URL over the header limit', () => {
  it('answers 431 with the envelope, not a bare status', async () => {
    const res = await fetch(`${baseUrl}/api/project/info?project_id=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ code: 400, msg: 'The request URL and headers are too large (16 KB at most).', data: null });
  });
});

describe('free-form JSON is bounded', () => {
  let c: TestClient;
  beforeAll(async () => {
    c = await newGuest(baseUrl);
  });

  it('one 900 KB data patch answers 400 naming data.data; nothing stored', async () => {
    const p = await newProject(c);
    const res = await c.raw('PUT', '/api/project', { project_id: p.project_id, data: { data: { pad: 'x'.repeat(900 * 1024) } } });
    await expectRefused(res, /^data\.data: at most 256 KB/);
    expect((await projectOf(c, p.project_id)).data).toEqual(p.data);
  });

  it('too deep or too many keys answers 400', async () => {
    const p = await newProject(c);
    let deep: unknown = 1;
    for (let i = 0; i < JSON_LIMITS.depth + 1; i++) deep = { d: deep };
    await expectRefused(await c.raw('PUT', '/api/project', { project_id: p.project_id, data: { data: { deep } } }), /^data\.data: at most 16 levels/);
    const many = Object.fromEntries(Array.from({ length: JSON_LIMITS.keys + 1 }, (_, i) => [`k${i}`, 1]));
    await expectRefused(await c.raw('PUT', '/api/project', { project_id: p.project_id, data: { data: many } }), /^data\.data: at most 2000 keys/);
  });

  it('patches that fit one by one stop at the per-project bound; the stored data stays under it', async () => {
    const p = await newProject(c);
    const chunk = 'y'.repeat(200 * 1024);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await c.put('/api/project', { project_id: p.project_id, data: { data: { [`part${i}`]: chunk } } });
      codes.push(r.code);
      if (r.code !== 0) expect(r.msg).toMatch(/^data: a project's data may hold at most 1 MB/);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 400]);
    const stored = (await projectOf(c, p.project_id)).data;
    expect(Buffer.byteLength(JSON.stringify(stored))).toBeLessThanOrEqual(PROJECT_DATA_MAX_BYTES);
    expect(stored).not.toHaveProperty('part5');
    // Replacing a key with a smaller value still works at the bound.
    expect((await c.put('/api/project', { project_id: p.project_id, data: { data: { part0: 'small' } } })).code).toBe(0);
  });
});

describe('secrets in logged URLs', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    server = await startTestServer({}, undefined, { logger: pino({ level: 'info' }, sink) });
  });
  afterAll(async () => server?.close());

  it('token, code and state query values are logged as [redacted]', async () => {
    await fetch(`${server.url}/?token=sess-secret-123&ref=news`);
    await fetch(`${server.url}/api/oauth/google/callback?code=oauth-code-456&state=oauth-state-789`, { redirect: 'manual' });
    const requests = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string } }).filter((l) => l.msg === 'incoming request');
    const urls = requests.map((l) => l.req?.url);
    expect(urls).toContain('/?token=[redacted]&ref=news');
    expect(urls).toContain('/api/oauth/google/callback?code=[redacted]&state=[redacted]');
    const all = lines.join('\n');
    for (const secret of ['sess-secret-123', 'oauth-code-456', 'oauth-state-789']) expect(all).not.toContain(secret);
  });
});
