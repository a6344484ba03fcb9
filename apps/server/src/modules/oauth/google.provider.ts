import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config.js';

export type GoogleConfig = NonNullable<Config['google']>;

/** Who the provider says signed in; the email is always one the provider verified. */
export interface ProviderIdentity {
  provider: 'google';
  subject: string;
  email: string;
  name: string | null;
  picture: string | null;
}

export class IdTokenError extends Error {}

const GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/**
 * Google sign-in: the authorization-code flow with PKCE (arctic) and ID token verification against
 * the provider's JWKS (jose). The endpoints come from config so tests and self-hosted identity
 * providers can stand in for Google.
 */
export function createGoogleProvider(cfg: GoogleConfig) {
  // createRemoteJWKSet caches the key set and refetches on an unknown key id (key rotation).
  const jwks = createRemoteJWKSet(new URL(cfg.jwksUrl));
  const client = (redirectUri: string) => new OAuth2Client(cfg.clientId, cfg.clientSecret, redirectUri);
  return {
    clientId: cfg.clientId,
    authorizationUrl(state: string, codeVerifier: string, redirectUri: string): string {
      const url = client(redirectUri).createAuthorizationURLWithPKCE(cfg.authUrl ?? GOOGLE_AUTH_URL, state, CodeChallengeMethod.S256, codeVerifier, [
        'openid',
        'email',
        'profile',
      ]);
      url.searchParams.set('prompt', 'select_account');
      return url.toString();
    },
    /** Exchanges the callback's code for the ID token. */
    async exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<string> {
      const tokens = await client(redirectUri).validateAuthorizationCode(cfg.tokenUrl ?? GOOGLE_TOKEN_URL, code, codeVerifier);
      return tokens.idToken();
    },
    /** Verifies signature, audience (our client id), issuer and expiry; requires a verified email. */
    async verifyIdToken(idToken: string): Promise<ProviderIdentity> {
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, { audience: cfg.clientId, issuer: cfg.issuers, algorithms: ['RS256'] }));
      } catch (err) {
        throw new IdTokenError(`id token rejected: ${err instanceof Error ? err.message : String(err)}`);
      }
      const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
      if (typeof payload.sub !== 'string' || !payload.sub) throw new IdTokenError('id token has no subject');
      if (typeof payload.email !== 'string' || !emailVerified) throw new IdTokenError('id token has no verified email');
      return {
        provider: 'google',
        subject: payload.sub,
        email: payload.email.trim().toLowerCase(),
        name: typeof payload.name === 'string' ? payload.name.slice(0, 80) : null,
        picture: typeof payload.picture === 'string' && payload.picture.startsWith('https://') ? payload.picture.slice(0, 2000) : null,
      };
    },
  };
}
export type GoogleProvider = ReturnType<typeof createGoogleProvider>;
