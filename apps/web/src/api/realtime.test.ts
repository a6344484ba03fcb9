import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../stores/session.store';

type Handler = (...args: unknown[]) => void;
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Handler>();
  const emitted: { event: string; payload: unknown }[] = [];
  const socket = {
    on: (event: string, fn: Handler) => {
      handlers.set(event, fn);
      return socket;
    },
    timeout: () => socket,
    emitWithAck: async (event: string, payload: unknown) => {
      emitted.push({ event, payload });
      return { code: 0, msg: 'SUCCESS' };
    },
    disconnect: vi.fn(),
  };
  const io = vi.fn((_opts: { path: string; auth: (cb: (data: object) => void) => void }) => socket);
  return { handlers, emitted, socket, io };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

const { holdRoom, joinRoom, releaseRoom, useRealtimeStore } = await import('./realtime');

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().reset();
  useSessionStore.getState().setToken('tok', 'guest');
  // The token changes above may disconnect the previous test's socket: each test counts its own calls.
  fake.socket.disconnect.mockClear();
  fake.io.mockClear();
  fake.emitted.length = 0;
});

describe('realtime client (SPEC §4, §7)', () => {
  it('connects on /io/ with the session token and joins a room awaiting the ack', async () => {
    const ack = await joinRoom('p1');
    expect(ack).toEqual({ code: 0, msg: 'SUCCESS' });
    const opts = fake.io.mock.calls[0]?.[0];
    expect(opts?.path).toBe('/io/');
    let auth: object = {};
    opts?.auth((data) => (auth = data));
    expect(auth).toEqual({ token: 'tok' });
    expect(fake.emitted).toEqual([{ event: 'chat:join_room', payload: { project_id: 'p1' } }]);
  });

  it('keeps connected and disconnected flags', () => {
    fake.handlers.get('connect')?.();
    expect(useRealtimeStore.getState()).toMatchObject({ connected: true, disconnected: false });
    fake.handlers.get('disconnect')?.();
    expect(useRealtimeStore.getState()).toMatchObject({ connected: false, disconnected: true });
  });

  it('drops the connection when the session token changes, and joins again as the new session', async () => {
    await joinRoom('p1');
    useSessionStore.getState().setToken('tok', 'guest');
    expect(fake.socket.disconnect).not.toHaveBeenCalled();
    useSessionStore.getState().setToken('other', 'user');
    expect(fake.socket.disconnect).toHaveBeenCalledTimes(1);
    await joinRoom('p1');
    const opts = fake.io.mock.calls.at(-1)?.[0];
    let auth: object = {};
    opts?.auth((data) => (auth = data));
    expect(auth).toEqual({ token: 'other' });
  });

  it('stays in a room while any chat holds it, and leaves when the last one lets go', async () => {
    await holdRoom('p7');
    await holdRoom('p7');
    const leaves = () => fake.emitted.filter((e) => e.event === 'chat:leave_room');
    expect(await releaseRoom('p7')).toBeNull();
    expect(leaves()).toEqual([]);
    expect(await releaseRoom('p7')).toEqual({ code: 0, msg: 'SUCCESS' });
    expect(leaves()).toEqual([{ event: 'chat:leave_room', payload: { project_id: 'p7' } }]);
  });
});
