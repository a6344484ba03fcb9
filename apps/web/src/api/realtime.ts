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
  return s.timeout(timeoutMs).emitWithAck('chat:join_room', { project_id: projectId });
}

export async function leaveRoom(projectId: string, timeoutMs = 10_000): Promise<Ack> {
  const s = getSocket();
  return s.timeout(timeoutMs).emitWithAck('chat:leave_room', { project_id: projectId });
}

/** Closes the connection (sign out: the next join opens one with the new token). */
export function disconnectRealtime(): void {
  socket?.disconnect();
  socket = null;
  useRealtimeStore.getState().set(false);
}
