import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@packsmith/contracts';
import { creditLedger, emailCodes, users } from '../db/schema.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

/**
 * The abuse limits over real HTTP (docs/SECURITY.md "Rate limits"). Counters live in Redis when
 * TEST_REDIS_URL is set (the harness passes REDIS_URL), in memory otherwise. Test clients all come
 * from 127.0.0.1, a trusted proxy address, so X-Forwarded-For stands for distinct client addresses.
 */
const LIMITS = {
  LOGIN_RATE_LIMIT: '3',
  LOGIN_RATE_WINDOW_SECONDS: '2',
  LOGIN_IP_RATE_LIMIT: '6',
  GUEST_RATE_LIMIT: '5',
  CODE_EMAIL_RATE_LIMIT: '4',
  CODE_EMAIL_RECIPIENT_RATE_LIMIT: '2',
};
const PASSWORD = 'long enough pw';
const TOO_MANY_SIGN_INS = /^Too many failed sign-ins\. Please try again in \d seconds?\.$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(LIMITS);
});
afterAll(async () => {
  await server?.close();
});

let addressSeq = 0;
/** A client address nobody else in this file uses. */
const newAddress = () => `198.51.${Math.floor(addressSeq / 250)}.${(addressSeq++ % 250) + 1}`;
const newEmail = () => `rl${randomUUID().slice(0, 12)}@example.test`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post<T = unknown>(base: string, path: string, body: Record<string, unknown>, address: string): Promise<Envelope<T>> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}
const login = (email: string, password: string, address = newAddress()) =>
  post<{ token: string }>(server.url, '/api/user/accountLogin', { email, password }, address);

/** A new account made through the real calls (code read from the outbox), from an address of its own. */
async function emailOf(s: TestServer): Promise<string> {
  const email = newEmail();
  const address = newAddress();
  expect((await post(s.url, '/api/user/verfiryEmail', { email }, address)).code).toBe(0);
  const [mail] = await s.built.services.mail.latestFor(email, 1);
  const code = /verification code is (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
  const r = await post(s.url, '/api/user/accountRegisterWithVerify', { email, password: PASSWORD, code }, address);
  expect(r.code, r.msg).toBe(0);
  return email;
}

it('counts in Redis when REDIS_URL is set, in memory otherwise', () => {
  expect(server.built.services.rateLimits.store.kind).toBe(process.env.TEST_REDIS_URL ? 'redis' : 'memory');
});

describe('failed sign-ins per account', () => {
  it('after LOGIN_RATE_LIMIT wrong passwords (from any addresses) the account is locked, even for the right password, until the window ends', async () => {
    const email = await emailOf(server);
    for (let i = 0; i < 3; i++) expect(await login(email, 'wrong password')).toEqual({ code: 400, msg: 'Incorrect email or password.', data: null });
    const throttled = await login(email, 'wrong password');
    expect(throttled.code).toBe(429);
    expect(throttled.msg).toMatch(TOO_MANY_SIGN_INS);
    expect((await login(email, PASSWORD)).msg).toMatch(TOO_MANY_SIGN_INS);
    await sleep(2200);
    const after = await login(email, PASSWORD);
    expect(after.code, after.msg).toBe(0);
    // A success clears the account's failures: the next mistake is the first again.
    expect((await login(email, 'wrong password')).code).toBe(400);
  });

  it('an email without an account locks the same way (a lock tells nothing)', async () => {
    const email = newEmail();
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong password')).code).toBe(400);
    expect((await login(email, 'wrong password')).msg).toMatch(TOO_MANY_SIGN_INS);
  });

  it('60 wrong passwords at once: LOGIN_RATE_LIMIT are tried, the rest are refused', async () => {
    const email = await emailOf(server);
    const rs = await Promise.all(Array.from({ length: 60 }, () => login(email, 'wrong password')));
    expect(rs.filter((r) => r.code === 400)).toHaveLength(3);
    expect(rs.filter((r) => r.code === 429)).toHaveLength(57);
    expect((await login(email, PASSWORD)).code).toBe(429);
  });
});

describe('failed sign-ins per client address', () => {
  it('after LOGIN_IP_RATE_LIMIT failures on any accounts, the address is refused; other addresses are not', async () => {
    const address = newAddress();
    const email = await emailOf(server);
    for (let i = 0; i < 6; i++) expect((await login(newEmail(), 'wrong password', address)).code).toBe(400);
    expect((await login(email, PASSWORD, address)).msg).toMatch(TOO_MANY_SIGN_INS);
    expect((await login(email, PASSWORD, newAddress())).code).toBe(0);
  });
});

describe('guest sessions per client address', () => {
  const guestCount = async () =>
    (
      await server.built.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.type, 'guest'))
    )[0]?.n ?? 0;
  const creditsGranted = async () =>
    (await server.built.database.db.select({ n: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` }).from(creditLedger))[0]?.n ?? 0;

  it('50 guest_login calls at once from one address make GUEST_RATE_LIMIT guests; the rest are refused in words and mint nothing', async () => {
    const address = newAddress();
    const [guestsBefore, creditsBefore] = [await guestCount(), await creditsGranted()];
    const rs = await Promise.all(Array.from({ length: 50 }, () => post<{ token: string }>(server.url, '/api/user/guest_login', {}, address)));
    expect(rs.filter((r) => r.code === 0)).toHaveLength(5);
    const refused = rs.filter((r) => r.code !== 0);
    expect(refused).toHaveLength(45);
    expect(refused[0]).toEqual({
      code: 429,
      msg: expect.stringMatching(/^Too many guest sessions were started from your network\. Please try again in \d+ minutes?, or sign in\.$/),
      data: null,
    });
    expect(await guestCount()).toBe(guestsBefore + 5);
    expect(await creditsGranted()).toBe(creditsBefore + 5 * 100);
    expect((await post(server.url, '/api/user/guest_login', {}, newAddress())).code).toBe(0);
  });
});

describe('verification-code emails', () => {
  const outbox = (email: string) => server.built.services.mail.latestFor(email, 10);
  const askCode = (email: string, address: string) => post(server.url, '/api/user/verfiryEmail', { email }, address);

  it('per client address: CODE_EMAIL_RATE_LIMIT an hour, then refused in words with no mail sent', async () => {
    const address = newAddress();
    for (let i = 0; i < 4; i++) expect((await askCode(newEmail(), address)).code).toBe(0);
    const email = newEmail();
    const r = await askCode(email, address);
    expect(r).toEqual({
      code: 429,
      msg: expect.stringMatching(/^Too many codes were asked for from your network\. Please try again in \d+ minutes?\.$/),
      data: null,
    });
    expect(await outbox(email)).toHaveLength(0);
    expect((await askCode(email, newAddress())).code).toBe(0);
  });

  it('per recipient: CODE_EMAIL_RECIPIENT_RATE_LIMIT an hour whatever the address, on top of one a minute', async () => {
    const email = newEmail();
    const aMinutePasses = () =>
      server.built.database.db
        .update(emailCodes)
        .set({ createdAt: new Date(Date.now() - 61_000) })
        .where(eq(emailCodes.email, email));
    expect((await askCode(email, newAddress())).code).toBe(0);
    await aMinutePasses();
    expect((await askCode(email, newAddress())).code).toBe(0);
    await aMinutePasses();
    const r = await askCode(email, newAddress());
    expect(r).toEqual({ code: 429, msg: expect.stringMatching(/^Too many codes were sent to this email\. Please try again in \d+ minutes?\.$/), data: null });
    expect(await outbox(email)).toHaveLength(2);
  });

  it('answers a registered and an unregistered email identically; the registered one is mailed a sign-in code', async () => {
    const db = server.built.database.db;
    for (const login of [false, true]) {
      const registered = await emailOf(server);
      // The sign-up code went out less than a minute ago.
      await db
        .update(emailCodes)
        .set({ createdAt: new Date(Date.now() - 61_000) })
        .where(eq(emailCodes.email, registered));
      const unregistered = newEmail();
      const a = await post(server.url, '/api/user/verfiryEmail', { email: registered, login }, newAddress());
      const b = await post(server.url, '/api/user/verfiryEmail', { email: unregistered, login }, newAddress());
      expect(a).toEqual(b);
      expect(a).toEqual({ code: 0, msg: 'SUCCESS', data: { sent: true, expires_in: 600 } });
      const [toRegistered] = await outbox(registered);
      const [toUnregistered] = await outbox(unregistered);
      if (login) {
        expect(toRegistered?.text).toMatch(/^Your verification code is \d{6}\n\nEnter it to sign in to Packsmith\./);
        expect(toUnregistered?.text).toContain('No Packsmith account uses this email yet');
      } else {
        expect(toRegistered?.text).toContain('You already have a Packsmith account with this email');
        expect(toUnregistered?.text).toMatch(/^Your verification code is \d{6}\n\nEnter it to finish creating your Packsmith account\./);
      }
      // Either way, the registered address's code signs its owner in.
      const code = /verification code is (\d{6})/.exec(toRegistered?.text ?? '')?.[1] ?? '';
      expect((await post(server.url, '/api/user/accountLogin', { email: registered, code }, newAddress())).code).toBe(0);
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('across API instances (Redis)', () => {
  let second: TestServer;
  beforeAll(async () => {
    // Same Redis key prefix as the first server: two processes of one deployment.
    second = await startTestServer({ ...LIMITS, QUEUE_PREFIX: server.built.config.queuePrefix });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a guest limit reached across two instances holds on both', async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await post(server.url, '/api/user/guest_login', {}, address)).code).toBe(0);
    for (let i = 0; i < 2; i++) expect((await post(second.url, '/api/user/guest_login', {}, address)).code).toBe(0);
    expect((await post(second.url, '/api/user/guest_login', {}, address)).code).toBe(429);
    expect((await post(server.url, '/api/user/guest_login', {}, address)).code).toBe(429);
  });

  it('an account locked on one instance is locked on the other', async () => {
    const email = newEmail();
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong password')).code).toBe(400);
    expect((await post(second.url, '/api/user/accountLogin', { email, password: 'wrong password' }, newAddress())).msg).toMatch(TOO_MANY_SIGN_INS);
  });
});
