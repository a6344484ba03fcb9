import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import {
  Code,
  Msg,
  RoomPayloadSchema,
  SOCKET_PATH,
  SUCCESS,
  projectRoom,
  type Ack,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@packsmith/contracts';
import type { Authenticate } from '../http/auth-context.js';
import { AppError } from '../http/errors.js';
import { sessionRoom } from './rooms.js';

export interface SocketData {
  userId: string;
  /** The session the handshake's token belongs to; the socket sits in its room (sessionRoom). */
  sessionId: string;
}
// Instances talk to each other only through the adapter's own protocol.
type InterServerEvents = Record<never, never>;
export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface SocketServer {
  io: IoServer;
  /** Resolves once the Redis adapter (when configured) is in place: listen only after it. */
  ready: Promise<void>;
  /** Sockets connected to this process: for one user, or all of them. */
  connectedCount(userId?: string): number;
  close(): Promise<void>;
}

export interface SocketServerOptions {
  httpServer: HttpServer;
  authenticate: Authenticate;
  /** 0 owner, 403 someone else's project, 404 unknown or deleted (project.access joinCode). */
  joinCode(userId: string, projectId: string): Promise<0 | 403 | 404>;
  redisUrl: string | null;
  redisKey: string;
  log: Logger;
}

const ACK_MSG: Record<number, string> = {
  [Code.OK]: SUCCESS,
  [Code.FORBIDDEN]: Msg.forbidden,
  [Code.NOT_FOUND]: 'Project not found.',
};

/** A handshake refusal the client sees as connect_error with message "401"/"402" and data.code. */
class HandshakeError extends Error {
  readonly data: { code: number };
  constructor(code: number) {
    super(String(code));
    this.data = { code };
  }
}

/**
 * socket.io on the Fastify HTTP server (path /io/). The handshake's auth.token is a session token;
 * a socket joins a project's room only when its user owns the project, so room events never leak.
 */
export function createSocketServer(opts: SocketServerOptions): SocketServer {
  const { log } = opts;
  const io: IoServer = new Server(opts.httpServer, { path: SOCKET_PATH, serveClient: false });
  const byUser = new Map<string, Set<string>>();

  let redisClients: Redis[] = [];
  const redisUrl = opts.redisUrl;
  // The Redis adapter is loaded only when configured (it adds to start-up); handshakes wait for it,
  // so no socket ever joins a room on the in-memory adapter.
  const adapterReady: Promise<void> = redisUrl
    ? Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]).then(([{ Redis }, { createAdapter }]) => {
        const pub = new Redis(redisUrl);
        const sub = pub.duplicate();
        for (const client of [pub, sub]) client.on('error', (err) => log.warn({ err }, 'realtime: redis adapter connection error'));
        redisClients = [pub, sub];
        io.adapter(createAdapter(pub, sub, { key: opts.redisKey }));
      })
    : Promise.resolve();
  adapterReady.catch((err: unknown) => log.error({ err }, 'realtime: the Redis adapter failed to start; sockets are refused'));

  function tokenOf(socket: IoSocket): string {
    const raw: unknown = socket.handshake.auth?.token;
    return typeof raw === 'string' ? raw.trim() : '';
  }

  /** The handshake's session is still live and the same one (revoked sessions lose their sockets). */
  async function sessionLive(socket: IoSocket): Promise<boolean> {
    const resolved = await opts.authenticate(tokenOf(socket));
    return resolved !== 'invalid' && resolved.session?.id === socket.data.sessionId;
  }

  io.use((socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new HandshakeError(Code.UNAUTHORIZED));
    adapterReady
      .then(() => opts.authenticate(token))
      .then(
        (resolved) => {
          if (resolved === 'invalid') return next(new HandshakeError(Code.TOKEN_INVALID));
          // Never an API key here (the authenticator throws for one without a route); the type says it may be.
          if (!resolved.session) return next(new HandshakeError(Code.FORBIDDEN));
          socket.data.userId = resolved.user.id;
          socket.data.sessionId = resolved.session.id;
          next();
        },
        (err: unknown) => {
          // An API key: given no route, the authenticator refuses it (403). Sockets belong to browser
          // sessions; API clients poll GET /api/generate/record instead.
          if (err instanceof AppError) return next(new HandshakeError(err.code));
          log.error({ err }, 'realtime: handshake authentication failed');
          next(new HandshakeError(500));
        },
      );
  });

  function reply(ack: unknown, a: Ack): void {
    // A client may emit without an acknowledgement callback; nothing to answer then.
    if (typeof ack === 'function') (ack as (a: Ack) => void)(a);
  }

  async function roomCode(socket: IoSocket, payload: unknown, ack: unknown): Promise<{ room: string; code: number } | null> {
    const parsed = RoomPayloadSchema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.');
      reply(ack, { code: Code.BAD_REQUEST, msg: field ? `${field}: ${issue?.message ?? 'is invalid.'}` : 'project_id: is required.' });
      return null;
    }
    const projectId = parsed.data.project_id;
    return { room: projectRoom(projectId), code: await opts.joinCode(socket.data.userId, projectId) };
  }

  function guarded(socket: IoSocket, name: string, run: (payload: unknown, ack: unknown) => Promise<void>) {
    // socket.io passes the acknowledgement last, however many arguments a client sent.
    return (payload: unknown, ...rest: unknown[]) => {
      const ack = rest.length > 0 ? rest[rest.length - 1] : undefined;
      run(payload, ack).catch((err: unknown) => {
        log.error({ err, event: name, socketId: socket.id }, 'realtime: handler failed');
        reply(ack, { code: 500, msg: Msg.internal });
      });
    };
  }

  io.on('connection', (socket) => {
    const userId = socket.data.userId;
    const mine = byUser.get(userId) ?? new Set<string>();
    mine.add(socket.id);
    byUser.set(userId, mine);
    log.debug({ userId, socketId: socket.id }, 'realtime: connected');

    // Joined before anything else, so a revocation from now on reaches this socket; one that landed
    // between the handshake's check and this join is caught by checking again.
    void Promise.resolve(socket.join(sessionRoom(socket.data.sessionId)))
      .then(() => sessionLive(socket))
      .then(
        (live) => {
          if (!live) socket.disconnect(true);
        },
        (err: unknown) => log.warn({ err, socketId: socket.id }, 'realtime: session check after connect failed'),
      );

    socket.on(
      'chat:join_room',
      guarded(socket, 'chat:join_room', async (payload, ack) => {
        // A socket whose session was revoked on an instance that could not reach this one (Redis
        // down) still gets nothing new: 402 and it is dropped.
        if (!(await sessionLive(socket))) {
          reply(ack, { code: Code.TOKEN_INVALID, msg: Msg.tokenInvalid });
          socket.disconnect(true);
          return;
        }
        const result = await roomCode(socket, payload, ack);
        if (!result) return;
        if (result.code === Code.OK) await socket.join(result.room);
        reply(ack, { code: result.code, msg: ACK_MSG[result.code] ?? Msg.forbidden });
      }),
    );

    socket.on(
      'chat:leave_room',
      guarded(socket, 'chat:leave_room', async (payload, ack) => {
        const result = await roomCode(socket, payload, ack);
        if (!result) return;
        // Leaving always succeeds for a socket in the room, even if the project was deleted meanwhile.
        const wasIn = socket.rooms.has(result.room);
        await socket.leave(result.room);
        const code = wasIn ? Code.OK : result.code;
        reply(ack, { code, msg: ACK_MSG[code] ?? Msg.forbidden });
      }),
    );

    socket.on('disconnect', (reason) => {
      const set = byUser.get(userId);
      set?.delete(socket.id);
      if (set && set.size === 0) byUser.delete(userId);
      log.debug({ userId, socketId: socket.id, reason }, 'realtime: disconnected');
    });
  });

  return {
    io,
    ready: adapterReady,
    connectedCount(userId) {
      if (userId !== undefined) return byUser.get(userId)?.size ?? 0;
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    async close() {
      // Not io.close(): that would also close the HTTP server, which belongs to Fastify. Only this
      // process's sockets are dropped (io.disconnectSockets would reach every instance via the adapter).
      await adapterReady.catch(() => undefined);
      io.local.disconnectSockets(true);
      await io.of('/').adapter.close();
      io.engine.close();
      byUser.clear();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => c.disconnect())));
      redisClients = [];
    },
  };
}
