import { timingSafeEqual } from 'node:crypto';
import { OAuthProviderSchema } from '@packsmith/contracts';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/pg-errors.js';
import type { Transact } from '../../db/transact.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { newId, newToken, sha256 } from '../../lib/ids.js';
import type { AccountService, AccountTx } from '../account/index.js';
import type { SessionService } from '../session/index.js';
import { IdTokenError, type GoogleProvider, type ProviderIdentity } from './google.provider.js';
import type { OAuthRepo } from './oauth.repo.js';
import { safeRedirectPath, withQueryParam } from './redirect.js';

type Provider = z.infer<typeof OAuthProviderSchema>;

export const OAuthMsg = {
  unavailable: 'This sign-in method is not available.',
  badRedirect: 'redirect_to: must be a page of this site.',
  verifyFailed: 'We could not verify your Google sign-in. Please try again.',
  stateInvalid: 'This sign-in attempt has expired. Please try again.',
  otherBrowser: 'This sign-in was not started in this browser. Please start it again here.',
  cancelled: 'Sign-in was cancelled.',
  linkedElsewhere: 'This Google account is already linked to another Packsmith account.',
} as const;

const STATE_TTL_MS = 10 * 60 * 1000;
/** Where a failed browser sign-in lands; the web app shows `oauth_error`. */
const LOGIN_PAGE = '/loginPage';

export interface SignInOptions {
  touristUserId: string | null;
  linkUserId: string | null;
  origin: string;
}

/** Equal sha256 hex digests, compared in constant time. */
function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Social sign-in. The browser flow stores state + PKCE verifier server side for 10 minutes, bound
 * to the asking browser's cookie nonce (browser-binding.ts), and consumes them on the callback
 * from that browser only; the one-tap flow verifies the provider's ID token directly.
 * Either way the account is found by provider subject, else linked by verified email, else created.
 */
export function createOAuthService(deps: {
  repo: OAuthRepo;
  /** A linked identity is written with the account it finds or creates, and the guest merged into it. */
  transact: Transact<{ oauth: OAuthRepo } & AccountTx>;
  google: GoogleProvider | null;
  account: AccountService;
  sessions: SessionService;
  /** PUBLIC_URL's origin when set: what the provider calls back to and what redirect_to may name. */
  publicOrigin: string | null;
  log: Logger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repo } = deps;

  function providerOrNull(name: string): { name: Provider; impl: GoogleProvider } | null {
    const parsed = OAuthProviderSchema.safeParse(name);
    if (!parsed.success) return null;
    if (parsed.data === 'google' && deps.google) return { name: parsed.data, impl: deps.google };
    return null;
  }
  function requireProvider(name: string) {
    const p = providerOrNull(name);
    if (!p) throw notFound(OAuthMsg.unavailable);
    return p;
  }

  async function signIn(identity: ProviderIdentity, opts: SignInOptions): Promise<string> {
    const attempt = () =>
      deps.transact(async (tx) => {
        const r = tx.oauth;
        const linked = await r.findAccount(identity.provider, identity.subject);
        let userId: string;
        if (linked) {
          if (opts.linkUserId && linked.userId !== opts.linkUserId) throw badRequest(OAuthMsg.linkedElsewhere);
          userId = linked.userId;
        } else {
          // The provider verified this email, so it may claim an account registered with it.
          const target =
            opts.linkUserId ??
            (await tx.users.findByEmail(identity.email))?.id ??
            (await deps.account.createUser(tx, { email: identity.email, name: identity.name, avatar: identity.picture, signupOrigin: opts.origin })).id;
          await r.insertAccount({ id: newId(), userId: target, provider: identity.provider, providerUserId: identity.subject, email: identity.email });
          userId = target;
        }
        await deps.account.mergeTourist(tx, opts.touristUserId, userId);
        return userId;
      });
    let userId: string;
    try {
      userId = await attempt();
    } catch (err) {
      // Two first sign-ins at once: the loser finds the account the winner created.
      if (!isUniqueViolation(err)) throw err;
      userId = await attempt();
    }
    return deps.sessions.issue(userId, 'user');
  }

  return {
    providers() {
      return {
        providers: deps.google ? (['google'] as Provider[]) : [],
        google_client_id: deps.google?.clientId ?? null,
      };
    },

    async authUrl(
      provider: string,
      input: { origin: string; tourist: string; redirect_to: string; project_id: string; token: string },
      requestOrigin: string,
      /** The nonce of the asking browser's binding cookie (the route sets the cookie). */
      browserNonce: string,
    ): Promise<{ url: string }> {
      const p = requireProvider(provider);
      const ownOrigin = deps.publicOrigin ?? requestOrigin;
      const redirectTo = safeRedirectPath(input.redirect_to, ownOrigin);
      if (redirectTo === null) throw badRequest(OAuthMsg.badRedirect);
      let touristUserId = await deps.account.resolveTourist(input.tourist);
      let linkUserId: string | null = null;
      if (input.token) {
        const auth = await deps.sessions.authenticate(input.token);
        if (auth !== 'invalid') {
          if (auth.user.type === 'user') linkUserId = auth.user.id;
          else touristUserId ??= auth.user.id;
        }
      }
      // 32 random bytes, base64url: what arctic's generateState/generateCodeVerifier make (PKCE allows 43–128 such characters).
      const state = newToken();
      const codeVerifier = newToken();
      const redirectUri = `${ownOrigin}/api/oauth/${p.name}/callback`;
      const at = now();
      await repo.purgeExpiredStates(at);
      await repo.insertState({
        stateHash: sha256(state),
        provider: p.name,
        codeVerifier,
        redirectUri,
        redirectTo,
        touristUserId,
        linkUserId,
        origin: input.origin,
        projectId: input.project_id,
        browserHash: sha256(browserNonce),
        expiresAt: new Date(at.getTime() + STATE_TTL_MS),
        createdAt: at,
      });
      return { url: await p.impl.authorizationUrl(state, codeVerifier, redirectUri) };
    },

    /**
     * Handles the provider's redirect back; answers where to send the browser (with ?token= on
     * success). `browserNonce` is the binding cookie's nonce (null when the browser sent none): a
     * state asked for by another browser is consumed and refused, so nothing is signed in or linked.
     */
    async callback(provider: string, query: { code?: string; state?: string; error?: string }, browserNonce: string | null): Promise<string> {
      const p = requireProvider(provider);
      const fail = (msg: string) => withQueryParam(LOGIN_PAGE, 'oauth_error', msg);
      if (!query.state) return fail(OAuthMsg.stateInvalid);
      const row = await repo.takeState(sha256(query.state));
      if (!row || row.provider !== p.name || row.expiresAt.getTime() <= now().getTime()) return fail(OAuthMsg.stateInvalid);
      if (!browserNonce || !row.browserHash || !sameHash(sha256(browserNonce), row.browserHash)) {
        deps.log.warn(
          { provider: p.name, cookie: browserNonce !== null, linking: row.linkUserId !== null },
          'social sign-in: callback from a browser that did not start it refused',
        );
        return fail(OAuthMsg.otherBrowser);
      }
      if (query.error || !query.code) return fail(OAuthMsg.cancelled);
      let identity: ProviderIdentity;
      try {
        const idToken = await p.impl.exchangeCode(query.code, row.codeVerifier, row.redirectUri);
        identity = await p.impl.verifyIdToken(idToken);
      } catch (err) {
        deps.log.warn({ err, provider: p.name }, 'social sign-in: code exchange or id token failed');
        return fail(OAuthMsg.verifyFailed);
      }
      try {
        const token = await signIn(identity, { touristUserId: row.touristUserId, linkUserId: row.linkUserId, origin: row.origin });
        deps.log.info({ provider: p.name, projectId: row.projectId || undefined }, 'social sign-in');
        return withQueryParam(row.redirectTo, 'token', token);
      } catch (err) {
        if (err instanceof AppError) return fail(err.message);
        throw err;
      }
    },

    /** One-tap: the credential is the provider's ID token (a JWT). */
    async signInWithCredential(input: { credential: string; tourist: string; origin: string }): Promise<{ token: string }> {
      const p = requireProvider('google');
      let identity: ProviderIdentity;
      try {
        identity = await p.impl.verifyIdToken(input.credential);
      } catch (err) {
        if (!(err instanceof IdTokenError)) throw err;
        deps.log.info({ reason: err.message }, 'one-tap credential refused');
        throw badRequest(OAuthMsg.verifyFailed);
      }
      const touristUserId = await deps.account.resolveTourist(input.tourist);
      return { token: await signIn(identity, { touristUserId, linkUserId: null, origin: input.origin }) };
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
