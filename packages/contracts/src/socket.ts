import { z } from 'zod';
import type { ChatMessage, GenerateRecord } from './entities.js';
import { rejectUnsafeText } from './input-safety.js';

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

/** Payload of chat:join_room and chat:leave_room, checked like every call's input (defineCall). */
export const RoomPayloadSchema = z.object({ project_id: z.string().trim().min(1, 'project_id is required.').max(64) }).superRefine(rejectUnsafeText);

export const SOCKET_PATH = '/io/';
export const projectRoom = (projectId: string): string => `project:${projectId}`;
