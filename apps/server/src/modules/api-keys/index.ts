/** The API keys module's public face: what the composition root uses of it. */
export { createApiKeyRepo, type ApiKeyRepo } from './api-key.repo.js';
export { createApiKeyService, type ApiKeyService, type ApiKeyTx, type CachedKey } from './api-key.service.js';
export { createUsageCounter, type UsageCounter } from './usage-counter.js';
