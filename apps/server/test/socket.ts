import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type Ack, type ClientToServerEvents, type ServerToClientEvents } from '@packsmith/contracts';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The refusal a handshake answers: message "401"/"402" and data.code. */
export interface ConnectRefusal {
  message: string;
  data: { code: number } | undefined;
}

function open(baseUrl: string, token: string | null): ClientSocket {
  return io(baseUrl, {
    path: SOCKET_PATH,
    auth: token === null ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
  });
}

/**
 * A real socket.io client for integration tests. Every event the server sends is recorded from the
 * moment of connection, so `waitFor` also finds an event that arrived before it was called.
 */
export class TestSocket {
  private readonly received: { event: EventName; payload: unknown; taken: boolean }[] = [];
  private readonly waiters = new Set<() => void>();
  private disconnectReason: string | null = null;

  private constructor(readonly socket: ClientSocket) {
    socket.on('disconnect', (reason) => {
      this.disconnectReason = reason;
    });
    socket.onAny((event: EventName, payload: unknown) => {
      this.received.push({ event, payload, taken: false });
      for (const wake of [...this.waiters]) wake();
    });
  }

  /** Connects with a session token; rejects with the server's refusal if the handshake fails. */
  static connect(baseUrl: string, token: string): Promise<TestSocket> {
    const socket = open(baseUrl, token);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(new TestSocket(socket)));
      socket.once('connect_error', (err: Error & { data?: { code: number } }) => {
        socket.close();
        reject(Object.assign(new Error(`socket refused: ${err.message}`), { refusal: { message: err.message, data: err.data } }));
      });
    });
  }

  /** Tries to connect and answers the refusal; fails the test if the server lets the socket in. */
  static refusal(baseUrl: string, token: string | null): Promise<ConnectRefusal> {
    const socket = open(baseUrl, token);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => {
        socket.close();
        reject(new Error('the server accepted a socket it should have refused'));
      });
      socket.once('connect_error', (err: Error & { data?: { code: number } }) => {
        socket.close();
        resolve({ message: err.message, data: err.data });
      });
    });
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  join(projectId: string, timeoutMs = 5_000): Promise<Ack> {
    return this.socket.timeout(timeoutMs).emitWithAck('chat:join_room', { project_id: projectId });
  }

  leave(projectId: string, timeoutMs = 5_000): Promise<Ack> {
    return this.socket.timeout(timeoutMs).emitWithAck('chat:leave_room', { project_id: projectId });
  }

  /** Sends an arbitrary payload (to test the server's validation) and answers the acknowledgement. */
  emitRaw(event: keyof ClientToServerEvents, payload: unknown, timeoutMs = 5_000): Promise<Ack> {
    const raw = this.socket as unknown as Socket;
    return raw.timeout(timeoutMs).emitWithAck(event, payload) as Promise<Ack>;
  }

  /** Everything received so far for one event. */
  all<E extends EventName>(event: E): Payload<E>[] {
    return this.received.filter((r) => r.event === event).map((r) => r.payload as Payload<E>);
  }

  /**
   * The next not-yet-taken `event` whose payload matches `filter`, waiting up to `timeoutMs`.
   * Each received event is handed out once, so consecutive waits see consecutive events.
   */
  waitFor<E extends EventName>(event: E, opts: { timeoutMs?: number; filter?: (payload: Payload<E>) => boolean } = {}): Promise<Payload<E>> {
    const { timeoutMs = 5_000, filter = () => true } = opts;
    const take = (): Payload<E> | undefined => {
      const hit = this.received.find((r) => !r.taken && r.event === event && filter(r.payload as Payload<E>));
      if (!hit) return undefined;
      hit.taken = true;
      return hit.payload as Payload<E>;
    };
    const now = take();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`no ${event} within ${timeoutMs} ms`));
      }, timeoutMs);
      const wake = () => {
        const got = take();
        if (got === undefined) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(got);
      };
      this.waiters.add(wake);
    });
  }

  /** Resolves after `ms` if no matching event arrived meanwhile; rejects as soon as one does. */
  async expectNone<E extends EventName>(event: E, ms = 300, filter: (payload: Payload<E>) => boolean = () => true): Promise<void> {
    const got = await this.waitFor(event, { timeoutMs: ms, filter }).then(
      (payload) => payload,
      () => undefined,
    );
    if (got !== undefined) throw new Error(`unexpected ${event}: ${JSON.stringify(got)}`);
  }

  /**
   * Resolves with the reason once this socket is disconnected ('io server disconnect' when the
   * server dropped it), at once if it already is; rejects after `timeoutMs`.
   */
  disconnected(timeoutMs = 5_000): Promise<string> {
    if (this.disconnectReason !== null) return Promise.resolve(this.disconnectReason);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
      this.socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}
