import { ChatMessageSchema, type ChatMessage, type GenerateRecord, type ServerToClientEvents } from '@packsmith/contracts';
import { getSocket, holdRoom, joinRoom, releaseRoom, type RealtimeSocket } from '../../../api/realtime';
import { useSessionStore } from '../../../stores/session.store';
import type { ChatStoreApi } from '../chat.store';

/** What the connection hears for the chat's project. */
export interface ConnectionEvents {
  message(m: ChatMessage): void;
  progress(recordId: string, progress: number, status: GenerateRecord['status']): void;
  done(recordId: string, failed: boolean): void;
  projectUpdated(): void;
  /** The chat is in its room again after a reconnect or a new session: fetch what was missed. */
  rejoined(projectId: string): void;
}

/**
 * The chat's part of the tab's one realtime connection: its handlers on the socket and its project's
 * room. Several chats share the socket; each hooks and unhooks only its own handlers.
 */
export interface Connection {
  /** Hooks onto the socket (again, when the session changed it) and joins the project's room. */
  join(projectId: string): void;
  /** Leaves the room; the handlers stay for the next join. */
  leave(): void;
  /** Leaves the room, unhooks the handlers and stops following the session token. */
  detach(): void;
}

export function createConnection(store: ChatStoreApi, events: ConnectionEvents): Connection {
  let socket: RealtimeSocket | null = null;
  let joined: string | null = null;
  let stopFollowingToken: (() => void) | null = null;

  const onMessage: ServerToClientEvents['chat:message'] = (m) => {
    const parsed = ChatMessageSchema.safeParse(m);
    if (parsed.success) events.message(parsed.data);
  };
  const onProgress: ServerToClientEvents['generate:progress'] = ({ record_id, progress, status }) => events.progress(record_id, progress, status);
  const onDone: ServerToClientEvents['generate:done'] = ({ record_id, record }) => events.done(record_id, record.status === 'failed');
  const onProjectUpdated: ServerToClientEvents['project:updated'] = ({ project_id }) => {
    if (project_id === store.getState().projectId) events.projectUpdated();
  };
  // Rooms do not survive a reconnect: join again and fetch what was missed meanwhile.
  const onConnect = () => {
    const { projectId, status } = store.getState();
    if (!projectId || joined !== projectId || status !== 'ready') return;
    void joinRoom(projectId).catch(() => undefined);
    events.rejoined(projectId);
  };

  function unhook(): void {
    if (!socket) return;
    socket.off('chat:message', onMessage);
    socket.off('generate:progress', onProgress);
    socket.off('generate:done', onDone);
    socket.off('project:updated', onProjectUpdated);
    socket.off('connect', onConnect);
    socket = null;
  }

  function hook(): void {
    followToken();
    let s: RealtimeSocket;
    try {
      s = getSocket();
    } catch {
      return;
    }
    if (s === socket) return;
    unhook();
    socket = s;
    s.on('chat:message', onMessage);
    s.on('generate:progress', onProgress);
    s.on('generate:done', onDone);
    s.on('project:updated', onProjectUpdated);
    s.on('connect', onConnect);
  }

  /** realtime.ts drops the connection when the session token changes (sign in, 402): the chat follows on the new one. */
  function followToken(): void {
    if (stopFollowingToken) return;
    stopFollowingToken = useSessionStore.subscribe((state, prev) => {
      if (state.token === prev.token || state.token === null) return;
      // After realtime.ts has dropped the old socket, which it does in the same notification.
      queueMicrotask(() => {
        const projectId = store.getState().projectId;
        if (!projectId || joined !== projectId) return;
        hook();
        void joinRoom(projectId).catch(() => undefined);
        events.rejoined(projectId);
      });
    });
  }

  function leave(): void {
    if (!joined) return;
    void releaseRoom(joined).catch(() => undefined);
    joined = null;
  }

  return {
    join(projectId) {
      if (joined !== projectId) leave();
      hook();
      if (joined === projectId) {
        void joinRoom(projectId).catch(() => undefined);
        return;
      }
      joined = projectId;
      void holdRoom(projectId).catch(() => undefined);
    },
    leave,
    detach() {
      leave();
      unhook();
      stopFollowingToken?.();
      stopFollowingToken = null;
    },
  };
}
