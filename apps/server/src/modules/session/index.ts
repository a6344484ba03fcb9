/** The session module's public face: what the composition root and other modules use of it. */
export { createSessionRepo, type SessionRepo } from './session.repo.js';
export { createSessionService, type OnSessionsRevoked, type SessionService, type SessionTx } from './session.service.js';
export { createSessionCache, sessionCache, type SessionCache } from './session-cache.js';
