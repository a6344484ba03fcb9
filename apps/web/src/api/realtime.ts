import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';
import { SOCKET_PATH, type Ack, type ClientToServerEvents, type ServerToClientEvents } from '@packsmith/contracts';
import { useSessionStore } from '../stores/session.store';
import { currentToken, ensureToken } from './session-token';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** SPEC §4 Realtime: connected and disconnected flags are kept. */
export interface RealtimeState {
  connected: boolean;
  disconnected: boolean;
  set(connected: boolean): void;
}

export const useRealtimeStore = create<RealtimeState>()((set) => ({
  connected: false,
  disconnected: false,
  set: (connected) => set({ connected, disconnected: !connected }),
}));

let socket: RealtimeSocket | null = null;

/** One connection per tab, authenticated with the session token; it reconnects with the current token. */
export function getSocket(): RealtimeSocket {
  if (socket) return socket;
  const s: RealtimeSocket = io({
    path: SOCKET_PATH,
    auth: (cb) => cb({ token: currentToken() ?? '' }),
    transports: ['websocket', 'polling'],
  });
  s.on('connect', () => useRealtimeStore.getState().set(true));
  s.on('disconnect', () => useRealtimeStore.getState().set(false));
  socket = s;
  // Rooms belong to a session: when the token changes (sign in, sign out, 402) the next join reconnects as the new one.
  const unsubscribe = useSessionStore.subscribe((state, prev) => {
    if (state.token !== prev.token) {
      unsubscribe();
      disconnectRealtime();
    }
  });
  return s;
}

/** Joins the project's room and resolves with the server's acknowledgement. */
export async function joinRoom(projectId: string, timeoutMs = 10_000): Promise<Ack> {
  await ensureToken();
  const s = getSocket();
  // socket.io types an acknowledgement behind timeout() as any; the event map says it is an Ack.
  return (await s.timeout(timeoutMs).emitWithAck('chat:join_room', { project_id: projectId })) as Ack;
}

export async function leaveRoom(projectId: string, timeoutMs = 10_000): Promise<Ack> {
  const s = getSocket();
  return (await s.timeout(timeoutMs).emitWithAck('chat:leave_room', { project_id: projectId })) as Ack;
}

// Several chats may show one project at once (a page and a drawer beside it); the tab stays in the
// room while any of them holds it, so the first to close does not deafen the other.
const roomHolders = new Map<string, number>();

/** Joins the room for one more holder. */
export async function holdRoom(projectId: string): Promise<Ack> {
  roomHolders.set(projectId, (roomHolders.get(projectId) ?? 0) + 1);
  return joinRoom(projectId);
}

/** Gives up one holder's place; the tab leaves the room when the last one has. */
export async function releaseRoom(projectId: string): Promise<Ack | null> {
  const left = (roomHolders.get(projectId) ?? 0) - 1;
  if (left > 0) {
    roomHolders.set(projectId, left);
    return null;
  }
  roomHolders.delete(projectId);
  return leaveRoom(projectId);
}

/** Closes the connection (sign out: the next join opens one with the new token). */
export function disconnectRealtime(): void {
  socket?.disconnect();
  socket = null;
  useRealtimeStore.getState().set(false);
}
