import type { ChatMessage, GenerateRecord } from './entities.js';

export interface Ack {
  code: number;
  msg: string;
}

/** Socket.io on path /io/; the handshake carries `auth.token`. Events are spelled only here. */
export interface ServerToClientEvents {
  'chat:message': (message: ChatMessage) => void;
  'generate:progress': (payload: { record_id: string; progress: number; status: GenerateRecord['status'] }) => void;
  'generate:done': (payload: { record_id: string; record: GenerateRecord }) => void;
  'project:updated': (payload: { project_id: string }) => void;
}

export interface ClientToServerEvents {
  'chat:join_room': (payload: { project_id: string }, ack: (ack: Ack) => void) => void;
  'chat:leave_room': (payload: { project_id: string }, ack: (ack: Ack) => void) => void;
}

export const SOCKET_PATH = '/io/';
export const projectRoom = (projectId: string): string => `project:${projectId}`;
