import type { ServerToClientEvents } from '@packsmith/contracts';

/**
 * Sends an event to everyone in a project's room. Implemented over the socket.io server (API role)
 * or over Redis (worker role, so a separate worker process still reaches browsers).
 */
export interface ProjectEmitter {
  emitToProject<E extends keyof ServerToClientEvents>(projectId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
}
