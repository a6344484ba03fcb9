import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestClient, newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';

const CLIENT_ID = 'packsmith-test.apps.example';
const CLIENT_SECRET = 'test-client-secret';
const ISSUER = 'https://accounts.google.com';
const KID = 'test-key-1';

interface Claims {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A stand-in for Google: serves the JWKS, and a token endpoint that checks what Google checks
 * (client credentials, redirect_uri, PKCE) before answering an ID token.
 */
async function startFakeGoogle() {
  const good = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(good.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const grants = new Map<string, { claims: Claims; challenge: string; redirectUri: string }>();
  const tokenRequests: URLSearchParams[] = [];

  async function idToken(claims: Claims, opts: { key?: CryptoKey; audience?: string; issuer?: string; exp?: number | string } = {}) {
    const { sub, ...rest } = claims;
    return new SignJWT({ email_verified: true, ...rest })
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setIssuer(opts.issuer ?? ISSUER)
      .setAudience(opts.audience ?? CLIENT_ID)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '10m')
      .sign(opts.key ?? good.privateKey);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (req.method === 'POST' && url.pathname === '/token') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        void (async () => {
          const form = new URLSearchParams(body);
          tokenRequests.push(form);
          const expectedAuth = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
          const grant = grants.get(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const challenge = createHash('sha256').update(verifier).digest('base64url');
          if (req.headers.authorization !== expectedAuth) return json(401, { error: 'invalid_client' });
          if (form.get('grant_type') !== 'authorization_code' || !grant) return json(400, { error: 'invalid_grant' });
          if (grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge) return json(400, { error: 'invalid_grant' });
          grants.delete(form.get('code') ?? '');
          json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: await idToken(grant.claims) });
        })();
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    stranger,
    idToken,
    tokenRequests,
    /** What Google does when the person consents: a one-time code bound to the PKCE challenge of the URL. */
    approve(authUrl: string, claims: Claims): { code: string; state: string } {
      const u = new URL(authUrl);
      const code = randomUUID();
      grants.set(code, { claims, challenge: u.searchParams.get('code_challenge') ?? '', redirectUri: u.searchParams.get('redirect_uri') ?? '' });
      return { code, state: u.searchParams.get('state') ?? '' };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let smtp: SmtpCatcher;
let server: TestServer;
let base: string;

beforeAll(async () => {
  google = await startFakeGoogle();
  smtp = await startSmtpCatcher();
  server = await startTestServer({
    OAUTH_GOOGLE_CLIENT_ID: CLIENT_ID,
    OAUTH_GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    OAUTH_GOOGLE_JWKS_URL: `${google.url}/jwks`,
    OAUTH_GOOGLE_AUTH_URL: `${google.url}/auth`,
    OAUTH_GOOGLE_TOKEN_URL: `${google.url}/token`,
    SMTP_URL: smtp.url,
  });
  base = server.url;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await google?.close();
});

const newEmail = () => `g${randomUUID().slice(0, 12)}@example.test`;
const person = (email = newEmail()): Claims => ({ sub: `sub-${randomUUID()}`, email, name: 'Grace' });

async function oneTap(credential: string, extra: Record<string, unknown> = {}) {
  return new TestClient(base).post<{ token: string }>('/api/user/oauth/token', { credential, origin: '', tourist: '', project_id: '', ...extra });
}
async function meOf(token: string | undefined) {
  return new TestClient(base, token ?? null).get<{ user_id: string; email: string; type: string; credit: number; name: string }>('/api/user/me');
}

describe('social sign-in when not configured', () => {
  const shared = inject('baseUrl');
  it('lists no provider and answers 404 "not available" for the calls', async () => {
    const c = new TestClient(shared);
    expect(await c.get('/api/oauth/providers')).toEqual({ code: 0, msg: 'SUCCESS', data: { providers: [], google_client_id: null } });
    const unavailable = { code: 404, msg: 'This sign-in method is not available.', data: null };
    expect(await c.post('/api/user/oauth/token', { credential: 'x.y.z' })).toEqual(unavailable);
    expect(await c.post('/api/oauth/google/auth_url', { redirect_to: '/' })).toEqual(unavailable);
  });
});

describe('providers', () => {
  it('lists google with the client id for one-tap; unknown providers are not available', async () => {
    const c = new TestClient(base);
    expect((await c.get('/api/oauth/providers')).data).toEqual({ providers: ['google'], google_client_id: CLIENT_ID });
    expect((await c.post('/api/oauth/github/auth_url', {})).code).toBe(404);
  });
});

describe('one-tap credential (POST /api/user/oauth/token)', () => {
  it('a valid Google ID token signs in a new user with 100 credits; the same person twice is the same user', async () => {
    const who = person();
    const first = await oneTap(await google.idToken(who));
    expect(first.code, first.msg).toBe(0);
    const me1 = await meOf(first.data?.token);
    expect(me1.data).toMatchObject({ type: 'user', email: who.email, name: 'Grace', credit: 100 });
    const second = await oneTap(await google.idToken(who));
    expect(second.data?.token).not.toBe(first.data?.token);
    expect((await meOf(second.data?.token)).data?.user_id).toBe(me1.data?.user_id);
  });

  it('links to the existing account registered with the same (verified) email', async () => {
    const email = newEmail();
    const c = new TestClient(base);
    await c.post('/api/user/verfiryEmail', { email });
    const reg = await c.post<{ token: string }>('/api/user/accountRegisterWithVerify', { email, password: 'long enough pw', code: smtp.codeFor(email) });
    expect(reg.code, reg.msg).toBe(0);
    const signedIn = await oneTap(await google.idToken(person(email)));
    expect((await meOf(signedIn.data?.token)).data?.user_id).toBe((await meOf(reg.data?.token)).data?.user_id);
  });

  it.each([
    ['another audience', () => google.idToken(person(), { audience: 'someone-else.apps' })],
    ['an expired token', () => google.idToken(person(), { exp: Math.floor(Date.now() / 1000) - 60 })],
    ['a signature by another key', () => google.idToken(person(), { key: google.stranger.privateKey })],
    ['another issuer', () => google.idToken(person(), { issuer: 'https://evil.example' })],
    ['an unverified email', () => google.idToken({ ...person(), email_verified: false })],
  ])('refuses %s', async (_what, make) => {
    const r = await oneTap(await make());
    expect(r).toEqual({ code: 400, msg: 'We could not verify your Google sign-in. Please try again.', data: null });
  });

  it('refuses garbage', async () => {
    expect((await oneTap('not-a-jwt')).code).toBe(400);
    expect((await oneTap('')).code).toBe(400);
  });

  it('moves the tourist guest projects into the account', async () => {
    const guest = await newGuest(base);
    const p = await guest.post<{ project_id: string }>('/api/project', { type: 'design' });
    const r = await oneTap(await google.idToken(person()), { tourist: guest.token });
    expect((await new TestClient(base, r.data?.token ?? null).get('/api/project/info', { project_id: p.data?.project_id })).code).toBe(0);
    expect((await guest.get('/api/user/me')).code).toBe(402);
  });
});

/** The browser-binding cookie a response sets, as `name=value` (what the browser sends back), or ''. */
function bindingCookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.includes('packsmith_oauth='));
  return set?.split(';')[0] ?? '';
}

/** Asks for an authorization URL like the SPA does; `cookie` is what this browser already holds. */
async function authUrl(body: Record<string, unknown>, cookie = '') {
  const res = await new TestClient(base).raw(
    'POST',
    '/api/oauth/google/auth_url',
    { origin: '', tourist: '', project_id: '', token: '', ...body },
    cookie ? { cookie } : {},
  );
  const envelope = (await res.json()) as { code: number; msg: string; data: { url: string } | null };
  return { ...envelope, cookie: bindingCookieOf(res), setCookie: res.headers.getSetCookie() };
}

/** The provider's redirect back, followed by a browser holding `cookie` ('' = none). */
async function callback(query: Record<string, string>, cookie = '') {
  const res = await fetch(`${base}/api/oauth/google/callback?${new URLSearchParams(query)}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: res.status, location: res.headers.get('location') ?? '', setCookie: res.headers.getSetCookie() };
}

describe('browser flow: auth_url → provider → callback', () => {
  it('builds a PKCE authorization URL on the configured endpoint', async () => {
    const r = await authUrl({ redirect_to: '/design-chat' });
    expect(r.code).toBe(0);
    const u = new URL(r.data?.url ?? '');
    expect(`${u.origin}${u.pathname}`).toBe(`${google.url}/auth`);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${base}/api/oauth/google/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(u.searchParams.get('state')?.length).toBeGreaterThan(20);
    expect(u.searchParams.get('code_challenge')?.length).toBe(43);
  });

  it('signs in, merges the tourist and redirects to redirect_to with the token', async () => {
    const guest = await newGuest(base);
    const p = await guest.post<{ project_id: string }>('/api/project', { type: 'design' });
    const who = person();
    const r = await authUrl({ redirect_to: '/design-chat?pid=abc#top', tourist: guest.token });
    const { code, state } = google.approve(r.data?.url ?? '', who);
    const back = await callback({ code, state }, r.cookie);
    expect(back.status).toBe(302);
    const landed = new URL(back.location, base);
    expect(landed.origin).toBe(base);
    expect(landed.pathname).toBe('/design-chat');
    expect(landed.searchParams.get('pid')).toBe('abc');
    expect(landed.hash).toBe('#top');
    const token = landed.searchParams.get('token') ?? '';
    expect((await meOf(token)).data).toMatchObject({ email: who.email, type: 'user' });
    expect((await new TestClient(base, token).get('/api/project/info', { project_id: p.data?.project_id })).code).toBe(0);
    expect((await guest.get('/api/user/me')).code).toBe(402);
    expect(google.tokenRequests.at(-1)?.get('code_verifier')?.length).toBeGreaterThanOrEqual(43);

    // The state works once.
    const replay = await callback({ code, state }, r.cookie);
    expect(replay.status).toBe(302);
    expect(new URL(replay.location, base).pathname).toBe('/loginPage');
    expect(new URL(replay.location, base).searchParams.get('oauth_error')).toBe('This sign-in attempt has expired. Please try again.');
  });

  it('sends the browser to the login page when the state is unknown or the person cancelled', async () => {
    const unknown = await callback({ code: 'x', state: 'not-a-state' });
    expect(unknown.status).toBe(302);
    expect(unknown.location.startsWith('/loginPage?oauth_error=')).toBe(true);
    const r = await authUrl({});
    const state = new URL(r.data?.url ?? '').searchParams.get('state') ?? '';
    const cancelled = await callback({ state, error: 'access_denied' }, r.cookie);
    expect(new URL(cancelled.location, base).searchParams.get('oauth_error')).toBe('Sign-in was cancelled.');
  });

  it('a code the provider refuses ends on the login page, not signed in', async () => {
    const r = await authUrl({});
    const state = new URL(r.data?.url ?? '').searchParams.get('state') ?? '';
    const back = await callback({ state, code: 'forged-code' }, r.cookie);
    expect(new URL(back.location, base).searchParams.get('oauth_error')).toBe('We could not verify your Google sign-in. Please try again.');
    expect(back.location).not.toContain('token=');
  });

  it.each(['https://evil.example/steal', '//evil.example/steal', '/\\evil.example', 'javascript:alert(1)', 'http://127.0.0.2/x'])(
    'refuses redirect_to %s (no open redirect)',
    async (target) => {
      const r = await authUrl({ redirect_to: target });
      expect(r.code).toBe(400);
      expect(r.msg).toContain('redirect_to');
    },
  );

  it('accepts an absolute redirect_to on our own origin and keeps only its path', async () => {
    const r = await authUrl({ redirect_to: `${base}/pricing?plan=pro` });
    expect(r.code).toBe(0);
    const { code, state } = google.approve(r.data?.url ?? '', person());
    const back = await callback({ code, state }, r.cookie);
    expect(back.location.startsWith('/pricing?plan=pro&token=')).toBe(true);
  });

  it('a signed-in user passing its token links Google to that account', async () => {
    const first = await oneTap(await google.idToken(person()));
    const r = await authUrl({ token: first.data?.token });
    const who = person(newEmail());
    const { code, state } = google.approve(r.data?.url ?? '', who);
    const back = await callback({ code, state }, r.cookie);
    const token = new URL(back.location, base).searchParams.get('token') ?? '';
    const original = (await meOf(first.data?.token)).data?.user_id;
    expect((await meOf(token)).data?.user_id).toBe(original);
    // From now on that Google account signs in to the same user.
    expect((await meOf((await oneTap(await google.idToken(who))).data?.token)).data?.user_id).toBe(original);
  });
});

describe('browser flow is bound to the browser that asked for the URL (RFC 9700)', () => {
  const otherBrowser = 'This sign-in was not started in this browser. Please start it again here.';
  const errorOf = (location: string) => new URL(location, base).searchParams.get('oauth_error');

  it('auth_url sets an HttpOnly, SameSite=Lax cookie (not Secure over plain http); the callback clears it', async () => {
    const r = await authUrl({});
    expect(r.code).toBe(0);
    const set = r.setCookie.find((c) => c.startsWith('packsmith_oauth=')) ?? '';
    expect(set).toMatch(/^packsmith_oauth=[A-Za-z0-9_-]{43}; /);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Path=/');
    expect(set).not.toContain('Secure');
    const { code, state } = google.approve(r.data?.url ?? '', person());
    const back = await callback({ code, state }, r.cookie);
    expect(back.location).toContain('token=');
    expect(back.setCookie.some((c) => c.startsWith('packsmith_oauth=;') && c.includes('Max-Age=0'))).toBe(true);
  });

  it('behind an https proxy the cookie is __Host- prefixed and Secure', async () => {
    const res = await new TestClient(base).raw('POST', '/api/oauth/google/auth_url', {}, { 'x-forwarded-proto': 'https' });
    const set = res.headers.getSetCookie().join('\n');
    expect(set).toMatch(/__Host-packsmith_oauth=[A-Za-z0-9_-]{43}; Path=\/;.*HttpOnly; SameSite=Lax; Secure/);
  });

  it("an attacker's linking URL finished in the victim's browser links nothing and signs nobody in", async () => {
    // The attacker, signed in, asks for a URL that would link Google to their account…
    const attacker = await oneTap(await google.idToken(person()));
    const attackerId = (await meOf(attacker.data?.token)).data?.user_id;
    const r = await authUrl({ token: attacker.data?.token });
    expect(r.cookie).not.toBe('');
    // …and the victim's browser (no cookie, or its own from an earlier visit) finishes it with the victim's Google identity.
    const victim = person();
    const victimOwnCookie = (await authUrl({})).cookie;
    for (const cookie of ['', victimOwnCookie]) {
      const fresh = await authUrl({ token: attacker.data?.token });
      const { code, state } = google.approve(fresh.data?.url ?? '', victim);
      const back = await callback({ code, state }, cookie);
      expect(back.status).toBe(302);
      expect(back.location).not.toContain('token=');
      expect(errorOf(back.location)).toBe(otherBrowser);
    }
    // The victim's Google identity is linked to nobody: signing in with it makes a new account, not the attacker's.
    const victimSignIn = await oneTap(await google.idToken(victim));
    expect((await meOf(victimSignIn.data?.token)).data?.user_id).not.toBe(attackerId);
    expect((await meOf(victimSignIn.data?.token)).data?.email).toBe(victim.email);
  });

  it('a callback without the cookie consumes the state: the right browser cannot reuse it afterwards either', async () => {
    const r = await authUrl({});
    const { code, state } = google.approve(r.data?.url ?? '', person());
    expect(errorOf((await callback({ code, state })).location)).toBe(otherBrowser);
    expect(errorOf((await callback({ code, state }, r.cookie)).location)).toBe('This sign-in attempt has expired. Please try again.');
  });

  it('a forged cookie value is refused like a missing one', async () => {
    const r = await authUrl({});
    const { code, state } = google.approve(r.data?.url ?? '', person());
    const forged = `packsmith_oauth=${'A'.repeat(43)}`;
    expect(errorOf((await callback({ code, state }, forged)).location)).toBe(otherBrowser);
  });

  it('two tabs of one browser: the second auth_url keeps the nonce, so either flow completes', async () => {
    const first = await authUrl({});
    const second = await authUrl({}, first.cookie);
    expect(second.cookie).toBe(first.cookie);
    const { code, state } = google.approve(first.data?.url ?? '', person());
    expect((await callback({ code, state }, second.cookie)).location).toContain('token=');
  });
});
