import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

// Its own server: this file adds a route that crashes, which the shared server must not have.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BODY_LIMIT_BYTES: '2048' }, (app) => {
    app.get('/api/__crash_probe', async () => {
      throw new Error('secret internal detail');
    });
  });
});
afterAll(async () => server?.close());

describe('the {code, msg, data} envelope on failures', () => {
  it('a crash answers HTTP 500 with a generic message and no detail', async () => {
    const res = await fetch(`${server.url}/api/__crash_probe`);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ code: 500, msg: 'Something went wrong on our side. Please try again.', data: null });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('an oversized body answers code 400 before any handler runs', async () => {
    const c = new TestClient(server.url);
    const res = await c.raw('POST', '/api/user/guest_login', JSON.stringify({ pad: 'x'.repeat(5000) }));
    expect(await res.json()).toEqual({ code: 400, msg: 'The request body is too large.', data: null });
  });

  it('wrong types and unknown enum values answer 400 naming the field', async () => {
    const c = await new TestClient(server.url).asGuest();
    const wrongType = await c.post('/api/user/verfiryEmail', { email: 42 });
    expect(wrongType.code).toBe(400);
    expect(wrongType.msg).toMatch(/^email: /);
    const badEnum = await c.post('/api/project', { type: 'spaceship' });
    expect(badEnum.code).toBe(400);
    expect(badEnum.msg).toMatch(/^type: /);
  });

  it('every answer carries a request id', async () => {
    const res = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
  });

  it('serves the OpenAPI description generated from the contracts at /docs', async () => {
    const res = await fetch(`${server.url}/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user/me', '/api/user/guest_login']));
    const ui = await fetch(`${server.url}/docs`);
    expect(ui.status).toBe(200);
  });
});
