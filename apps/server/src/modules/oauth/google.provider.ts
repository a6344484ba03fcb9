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
  // arctic and jose are loaded on first use, off the start-up path.
  let arctic: Promise<typeof import('arctic')> | null = null;
  let jose: Promise<{ jwtVerify: typeof import('jose').jwtVerify; jwks: ReturnType<typeof import('jose').createRemoteJWKSet> }> | null = null;
  const client = async (redirectUri: string) => {
    const { OAuth2Client, CodeChallengeMethod } = await (arctic ??= import('arctic'));
    return { oauth: new OAuth2Client(cfg.clientId, cfg.clientSecret, redirectUri), CodeChallengeMethod };
  };
  // createRemoteJWKSet caches the key set and refetches on an unknown key id (key rotation).
  const verifier = () => (jose ??= import('jose').then((m) => ({ jwtVerify: m.jwtVerify, jwks: m.createRemoteJWKSet(new URL(cfg.jwksUrl)) })));
  return {
    clientId: cfg.clientId,
    async authorizationUrl(state: string, codeVerifier: string, redirectUri: string): Promise<string> {
      const { oauth, CodeChallengeMethod } = await client(redirectUri);
      const url = oauth.createAuthorizationURLWithPKCE(cfg.authUrl ?? GOOGLE_AUTH_URL, state, CodeChallengeMethod.S256, codeVerifier, [
        'openid',
        'email',
        'profile',
      ]);
      url.searchParams.set('prompt', 'select_account');
      return url.toString();
    },
    /** Exchanges the callback's code for the ID token. */
    async exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<string> {
      const { oauth } = await client(redirectUri);
      const tokens = await oauth.validateAuthorizationCode(cfg.tokenUrl ?? GOOGLE_TOKEN_URL, code, codeVerifier);
      return tokens.idToken();
    },
    /** Verifies signature, audience (our client id), issuer and expiry; requires a verified email. */
    async verifyIdToken(idToken: string): Promise<ProviderIdentity> {
      const { jwtVerify, jwks } = await verifier();
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
