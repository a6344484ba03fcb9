import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newGuest, type TestClient } from '../../test/client.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { TestSocket } from '../../test/socket.js';
import { chatMessage, newProject } from '../../test/realtime-fixtures.js';

const baseUrl = inject('baseUrl');

describe('socket handshake', () => {
  it('refuses a missing token with 401 and an unknown one with 402', async () => {
    expect(await TestSocket.refusal(baseUrl, null)).toEqual({ message: '401', data: { code: 401 } });
    expect(await TestSocket.refusal(baseUrl, 'not-a-token')).toEqual({ message: '402', data: { code: 402 } });
  });

  it('accepts a guest session token', async () => {
    const guest = await newGuest(baseUrl);
    const socket = await TestSocket.connect(baseUrl, guest.token ?? '');
    expect(socket.connected).toBe(true);
    socket.close();
  });
});

describe('project rooms', () => {
  let owner: TestClient;
  let stranger: TestClient;
  let ownerSocket: TestSocket;
  let strangerSocket: TestSocket;
  let projectId: string;
  let strangerProjectId: string;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([newGuest(baseUrl), newGuest(baseUrl)]);
    [projectId, strangerProjectId] = await Promise.all([newProject(owner), newProject(stranger)]);
    [ownerSocket, strangerSocket] = await Promise.all([TestSocket.connect(baseUrl, owner.token ?? ''), TestSocket.connect(baseUrl, stranger.token ?? '')]);
  });
  afterAll(() => {
    ownerSocket?.close();
    strangerSocket?.close();
  });

  it('joins its own project room (0), not someone else’s (403) nor an unknown one (404)', async () => {
    expect(await ownerSocket.join(projectId)).toEqual({ code: 0, msg: 'SUCCESS' });
    expect(await strangerSocket.join(projectId)).toMatchObject({ code: 403 });
    expect(await ownerSocket.join('no-such-project')).toMatchObject({ code: 404 });
    expect(await strangerSocket.join(strangerProjectId)).toEqual({ code: 0, msg: 'SUCCESS' });
  });

  it('answers 400 to a malformed payload', async () => {
    expect(await ownerSocket.emitRaw('chat:join_room', { project_id: '' })).toMatchObject({ code: 400, msg: expect.stringContaining('project_id') });
    expect(await ownerSocket.emitRaw('chat:join_room', 'just a string')).toMatchObject({ code: 400 });
    expect(await ownerSocket.emitRaw('chat:leave_room', { project_id: 42 })).toMatchObject({ code: 400 });
  });

  it('room events reach the joined owner only, and stop after leaving', async () => {
    await ownerSocket.join(projectId);
    await strangerSocket.join(strangerProjectId);
    expect((await owner.put('/api/project/name', { project_id: projectId, name: 'Live' })).code).toBe(0);
    expect(await ownerSocket.waitFor('project:updated', { filter: (p) => p.project_id === projectId })).toEqual({ project_id: projectId });
    await strangerSocket.expectNone('project:updated', 300, (p) => p.project_id === projectId);

    expect(await ownerSocket.leave(projectId)).toEqual({ code: 0, msg: 'SUCCESS' });
    await owner.put('/api/project/name', { project_id: projectId, name: 'Quiet' });
    await ownerSocket.expectNone('project:updated', 300, (p) => p.project_id === projectId);
    expect(await strangerSocket.leave(projectId)).toMatchObject({ code: 403 });
  });

  it('a deleted project can no longer be joined', async () => {
    const gone = await newProject(owner);
    await owner.del('/api/project', { project_id: gone });
    expect(await ownerSocket.join(gone)).toMatchObject({ code: 404 });
  });
});

describe('services.realtime on a server of its own', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('emitToProject reaches a client joined to that project and no other room', async () => {
    const [a, b] = await Promise.all([newGuest(server.url), newGuest(server.url)]);
    const [pa, pb] = await Promise.all([newProject(a), newProject(b)]);
    const [sa, sb] = await Promise.all([TestSocket.connect(server.url, a.token ?? ''), TestSocket.connect(server.url, b.token ?? '')]);
    try {
      await sa.join(pa);
      await sb.join(pb);
      const msg = chatMessage(pa, 'Here are your designs');
      server.built.services.realtime.emitToProject(pa, 'chat:message', msg);
      expect(await sa.waitFor('chat:message')).toEqual(msg);
      await sb.expectNone('chat:message');
    } finally {
      sa.close();
      sb.close();
    }
  });

  it('counts connected sockets per user', async () => {
    const sockets = server.built.sockets;
    if (!sockets) throw new Error('the test server runs without socket.io');
    const guest = await newGuest(server.url);
    const userId = (await guest.get<{ user_id: string }>('/api/user/me')).data?.user_id ?? '';
    const first = await TestSocket.connect(server.url, guest.token ?? '');
    const second = await TestSocket.connect(server.url, guest.token ?? '');
    expect(sockets.connectedCount(userId)).toBe(2);
    first.close();
    await expect.poll(() => sockets.connectedCount(userId)).toBe(1);
    second.close();
    await expect.poll(() => sockets.connectedCount(userId)).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('socket.io across instances through Redis (needs TEST_REDIS_URL)', () => {
  let a: TestServer;
  let b: TestServer;
  let worker: TestServer;
  beforeAll(async () => {
    // Same Redis and the same key prefix: one deployment of three processes, each with its own database.
    const env = { REDIS_URL: redisUrl ?? '', QUEUE_PREFIX: `pst-io-${randomBytes(4).toString('hex')}` };
    [a, b, worker] = await Promise.all([startTestServer(env), startTestServer(env), startTestServer({ ...env, ROLE: 'worker' })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), worker?.close()]);
  });

  it('an emit on instance A reaches a client connected to instance B (redis adapter)', async () => {
    const guest = await newGuest(b.url);
    const pid = await newProject(guest);
    const socket = await TestSocket.connect(b.url, guest.token ?? '');
    const bystanderGuest = await newGuest(b.url);
    const bystander = await TestSocket.connect(b.url, bystanderGuest.token ?? '');
    try {
      expect(await socket.join(pid)).toMatchObject({ code: 0 });
      await bystander.join(await newProject(bystanderGuest));
      const msg = chatMessage(pid, 'from instance A');
      a.built.services.realtime.emitToProject(pid, 'chat:message', msg);
      expect(await socket.waitFor('chat:message')).toEqual(msg);
      await bystander.expectNone('chat:message');
    } finally {
      socket.close();
      bystander.close();
    }
  });

  it('a ROLE=worker process reaches browsers through the redis emitter', async () => {
    expect(worker.built.sockets).toBeNull();
    const guest = await newGuest(b.url);
    const pid = await newProject(guest);
    const socket = await TestSocket.connect(b.url, guest.token ?? '');
    try {
      await socket.join(pid);
      worker.built.services.realtime.emitToProject(pid, 'generate:progress', { record_id: 'r1', progress: 40, status: 'running' });
      expect(await socket.waitFor('generate:progress')).toEqual({ record_id: 'r1', progress: 40, status: 'running' });
    } finally {
      socket.close();
    }
  });
});
