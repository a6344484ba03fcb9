import type { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { projectRoom, type ServerToClientEvents } from '@packsmith/contracts';
import type { ProjectEmitter } from './emitter.js';
import { sessionRoom } from './rooms.js';
import type { IoServer } from './socket-server.js';

/**
 * The services' way to reach browsers. The socket.io server only exists once the app is built, so
 * it is bound late with `attach`; until then (and always in ROLE=worker) events go through Redis
 * when there is one, else nobody can be listening on this process and they are dropped.
 */
export interface RealtimeHub extends ProjectEmitter {
  attach(io: IoServer): void;
  /**
   * Disconnects every socket opened with one of these sessions, on every instance (the Redis
   * adapter's remote disconnect, or the emitter's in a process without a socket server).
   */
  disconnectSessions(sessionIds: readonly string[]): void;
  close(): Promise<void>;
}

export interface RealtimeHubOptions {
  redisUrl: string | null;
  /** Channel prefix shared with the socket.io Redis adapter (see socketRedisKey). */
  redisKey: string;
  log: Logger;
}

export { sessionRoom, socketRedisKey } from './rooms.js';

export function createRealtimeHub(opts: RealtimeHubOptions): RealtimeHub {
  let io: IoServer | null = null;
  let redis: Redis | null = null;
  let emitter: Promise<Emitter<ServerToClientEvents>> | null = null;

  // Loaded on first use: only a process that emits without its own socket server needs Redis here.
  function redisEmitter(url: string): Promise<Emitter<ServerToClientEvents>> {
    emitter ??= Promise.all([import('ioredis'), import('@socket.io/redis-emitter')]).then(([{ Redis }, { Emitter }]) => {
      redis = new Redis(url, { maxRetriesPerRequest: 3 });
      redis.on('error', (err) => opts.log.warn({ err }, 'realtime: redis emitter connection error'));
      return new Emitter<ServerToClientEvents>(redis, { key: opts.redisKey });
    });
    return emitter;
  }

  return {
    attach(server) {
      io = server;
    },
    emitToProject(projectId, event, ...args) {
      const room = projectRoom(projectId);
      if (io) {
        io.to(room).emit(event, ...args);
      } else if (opts.redisUrl) {
        // Promise callbacks run in the order they were added, so events keep their order.
        redisEmitter(opts.redisUrl).then(
          (e) => e.to(room).emit(event, ...args),
          (err: unknown) => opts.log.warn({ err, projectId, event }, 'realtime: redis emitter unavailable, event dropped'),
        );
      } else {
        opts.log.debug({ projectId, event }, 'realtime: no socket server in this process, event dropped');
      }
    },
    disconnectSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      const rooms = sessionIds.map(sessionRoom);
      if (io) {
        io.in(rooms).disconnectSockets(true);
      } else if (opts.redisUrl) {
        redisEmitter(opts.redisUrl).then(
          (e) => e.in(rooms).disconnectSockets(true),
          (err: unknown) => opts.log.warn({ err, sessions: sessionIds.length }, 'realtime: redis emitter unavailable, revoked sockets not dropped'),
        );
      }
    },
    async close() {
      io = null;
      const pending = emitter;
      emitter = null;
      // A client still being created would otherwise be opened after close and keep the process alive.
      await pending?.catch(() => undefined);
      const client = redis;
      redis = null;
      if (client) await client.quit().catch(() => client.disconnect());
    },
  };
}
