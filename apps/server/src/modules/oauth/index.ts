/** The oauth module's public face: what the composition root uses of it. */
export { createGoogleProvider } from './google.provider.js';
export { createOAuthRepo, type OAuthRepo } from './oauth.repo.js';
export { createOAuthService, type OAuthService } from './oauth.service.js';
