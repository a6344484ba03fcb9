import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { TestClient, newGuest } from '../../../test/client.js';
import { freshDatabase, startTestServer, type TestServer } from '../../../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { createSessionRepo } from './session.repo.js';
import { TestSocket } from '../../../test/socket.js';
import { chatMessage, newProject } from '../../../test/realtime-fixtures.js';

/** A guest with a project, a socket joined to its room, and that socket's session. */
async function watching(baseUrl: string, socketUrl = baseUrl) {
  const client = await newGuest(baseUrl);
  const projectId = await newProject(client);
  const socket = await TestSocket.connect(socketUrl, client.token ?? '');
  expect(await socket.join(projectId)).toEqual({ code: 0, msg: 'SUCCESS' });
  return { client, projectId, socket };
}

describe('sign-out and other revocations on one server', () => {
  let server: TestServer;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startTestServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('POST /api/user/logout with no body at all signs out', async () => {
    const guest = await newGuest(server.url);
    const res = await guest.raw('POST', '/api/user/logout');
    expect(await res.json()).toEqual({ code: 0, msg: 'SUCCESS', data: { revoked: true } });
    expect((await guest.get('/api/user/me')).code).toBe(402);
  });

  it('POST /api/user/logout with an empty JSON body signs out; a malformed one is still refused', async () => {
    const guest = await newGuest(server.url);
    const broken = await guest.raw('POST', '/api/user/logout', '{not json');
    expect(((await broken.json()) as { code: number }).code).toBe(400);
    expect((await guest.get('/api/user/me')).code).toBe(0);
    const res = await guest.raw('POST', '/api/user/logout', '');
    expect(await res.json()).toEqual({ code: 0, msg: 'SUCCESS', data: { revoked: true } });
    expect((await guest.get('/api/user/me')).code).toBe(402);
  });

  it('other calls still refuse an empty JSON body', async () => {
    const guest = await newGuest(server.url);
    const res = await guest.raw('POST', '/api/project', '');
    expect(((await res.json()) as { code: number }).code).toBe(400);
  });

  it('logout drops the session’s open sockets at once: no more room events, no reconnect, no join', async () => {
    const { client, projectId, socket } = await watching(server.url);
    // A second session of someone else stays untouched.
    const bystander = await watching(server.url);
    try {
      expect((await client.post('/api/user/logout')).code).toBe(0);
      expect(await socket.disconnected()).toBe('io server disconnect');
      server.built.services.realtime.emitToProject(projectId, 'chat:message', chatMessage(projectId, 'after logout'));
      await socket.expectNone('chat:message', 300);
      expect(await TestSocket.refusal(server.url, client.token)).toEqual({ message: '402', data: { code: 402 } });

      expect(bystander.socket.connected).toBe(true);
      const msg = chatMessage(bystander.projectId, 'still here');
      server.built.services.realtime.emitToProject(bystander.projectId, 'chat:message', msg);
      expect(await bystander.socket.waitFor('chat:message')).toEqual(msg);
    } finally {
      socket.close();
      bystander.socket.close();
    }
  });

  it('a socket whose revocation never reached it (written behind the service’s back) cannot join a room: 402, dropped', async () => {
    const { client, projectId, socket } = await watching(server.url);
    try {
      const auth = await server.built.services.sessions.authenticate(client.token ?? '');
      if (auth === 'invalid') throw new Error('expected a live session');
      await createSessionRepo(server.built.database.db).revoke(auth.session.id, new Date());
      expect(await socket.join(projectId)).toMatchObject({ code: 402 });
      expect(await socket.disconnected()).toBe('io server disconnect');
    } finally {
      socket.close();
    }
  });

  it('only the signed-out session loses its sockets, not the same user’s other sessions', async () => {
    const email = `s${randomUUID().slice(0, 12)}@example.test`;
    const anon = new TestClient(server.url);
    await anon.post('/api/user/verfiryEmail', { email });
    const reg = await anon.post<{ token: string }>('/api/user/accountRegisterWithVerify', { email, password: 'long enough pw', code: smtp.codeFor(email) });
    expect(reg.code, reg.msg).toBe(0);
    const login = await anon.post<{ token: string }>('/api/user/accountLogin', { email, password: 'long enough pw' });
    expect(login.code, login.msg).toBe(0);
    const [a, b] = [new TestClient(server.url, reg.data?.token ?? null), new TestClient(server.url, login.data?.token ?? null)];
    const [sa, sb] = await Promise.all([TestSocket.connect(server.url, a.token ?? ''), TestSocket.connect(server.url, b.token ?? '')]);
    try {
      expect((await a.post('/api/user/logout')).code).toBe(0);
      await sa.disconnected();
      await new Promise((r) => setTimeout(r, 200));
      expect(sb.connected).toBe(true);
      expect(await sb.join(await newProject(b))).toMatchObject({ code: 0 });
    } finally {
      sa.close();
      sb.close();
    }
  });

  it('a guest merged into an account on sign-up loses its sockets', async () => {
    const guest = await watching(server.url);
    try {
      const email = `m${randomUUID().slice(0, 12)}@example.test`;
      const anon = new TestClient(server.url);
      await anon.post('/api/user/verfiryEmail', { email });
      const reg = await anon.post<{ token: string }>('/api/user/accountRegisterWithVerify', {
        email,
        password: 'long enough pw',
        code: smtp.codeFor(email),
        tourist: guest.client.token,
      });
      expect(reg.code, reg.msg).toBe(0);
      expect(await guest.socket.disconnected()).toBe('io server disconnect');
      // The project moved to the account, whose own socket may join it.
      const account = await TestSocket.connect(server.url, reg.data?.token ?? '');
      expect(await account.join(guest.projectId)).toMatchObject({ code: 0 });
      account.close();
    } finally {
      guest.socket.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('revocation across instances through Redis (needs TEST_REDIS_URL)', () => {
  // Two API instances and a worker on one database and one Redis: one deployment.
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  const apps: BuiltApp[] = [];
  let urlA: string;
  let urlB: string;
  let worker: BuiltApp;

  beforeAll(async () => {
    db = await freshDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'packsmith-revoke-'));
    const env = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      PHOTOSHOOT_TEMPLATES_PER_FAMILY: '0',
      MOCKUP_TEMPLATES_SEED: '0',
      GUEST_RATE_LIMIT: '0',
      LOGIN_IP_RATE_LIMIT: '0',
      CODE_EMAIL_RATE_LIMIT: '0',
      REDIS_URL: redisUrl ?? '',
      QUEUE_PREFIX: `pst-rv-${randomBytes(4).toString('hex')}`,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    };
    const build = (extra: Record<string, string> = {}) => buildApp(loadConfig({ ...env, ...extra }), { database: db.database });
    const [a, b, w] = await Promise.all([build(), build(), build({ ROLE: 'worker' })]);
    apps.push(a, b, w);
    worker = w;
    [urlA, urlB] = await Promise.all([a.listen(), b.listen()]);
    await w.listen();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await db?.database.close();
    await db?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('logout on instance A drops the socket connected to instance B at once', async () => {
    const { client, projectId, socket } = await watching(urlA, urlB);
    const [, appB] = apps;
    try {
      expect((await client.post('/api/user/logout')).code).toBe(0);
      expect(await socket.disconnected()).toBe('io server disconnect');
      appB?.services.realtime.emitToProject(projectId, 'chat:message', chatMessage(projectId, 'after logout'));
      await socket.expectNone('chat:message', 300);
      // B may trust its session cache for SESSION_CACHE_TTL_MS (3 s) more; after that, no way back.
      await expect
        .poll(() => TestSocket.refusal(urlB, client.token ?? '').catch(() => null), { timeout: 10_000, interval: 500 })
        .toEqual({ message: '402', data: { code: 402 } });
    } finally {
      socket.close();
    }
  });

  it('a ROLE=worker process drops sessions’ sockets through the redis emitter', async () => {
    const { client, socket } = await watching(urlB);
    const other = await watching(urlB);
    try {
      const auth = await apps[1]?.services.sessions.authenticate(client.token ?? '');
      if (!auth || auth === 'invalid') throw new Error('expected a live session');
      worker.services.realtime.disconnectSessions([auth.session.id]);
      expect(await socket.disconnected()).toBe('io server disconnect');
      await new Promise((r) => setTimeout(r, 200));
      expect(other.socket.connected).toBe(true);
    } finally {
      socket.close();
      other.socket.close();
    }
  });
});
