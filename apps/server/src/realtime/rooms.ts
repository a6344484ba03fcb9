/**
 * Names shared by the socket server and the hub that emits to it (kept apart so that neither
 * imports the other).
 */

/** Several deployments (or test runs) may share one Redis; their socket channels must not mix. */
export function socketRedisKey(queuePrefix: string): string {
  return `${queuePrefix}:socket.io`;
}

/** Every socket joins its session's room at the handshake, so a revocation can reach it anywhere. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}
