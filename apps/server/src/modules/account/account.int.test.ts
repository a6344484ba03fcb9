import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes } from '../../db/schema.js';
import { TestClient, newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';

let server: TestServer;
let smtp: SmtpCatcher;
let base: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Packsmith <codes@packsmith.test>' });
  base = server.url;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const newEmail = () => `u${randomUUID().slice(0, 12)}@example.test`;
const PASSWORD = 'correct horse battery';

async function askCode(email: string, login = false): Promise<string> {
  const r = await new TestClient(base).post<{ sent: boolean; expires_in: number }>('/api/user/verfiryEmail', { email, login });
  expect(r).toMatchObject({ code: 0, data: { sent: true, expires_in: 600 } });
  return smtp.codeFor(email);
}

async function signUp(email: string, extra: Record<string, unknown> = {}): Promise<TestClient> {
  const code = await askCode(email);
  const r = await new TestClient(base).post<{ token: string }>('/api/user/accountRegisterWithVerify', {
    email,
    password: PASSWORD,
    code,
    origin: '',
    tourist: '',
    ...extra,
  });
  expect(r.code, r.msg).toBe(0);
  return new TestClient(base, r.data?.token ?? null);
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('verfiryEmail', () => {
  it('mails a 6-digit code by SMTP from MAIL_FROM', async () => {
    const email = newEmail();
    const code = await askCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = smtp.mailsTo(email).at(-1);
    expect(mail?.from).toBe('codes@packsmith.test');
    expect(mail?.raw).toContain(`Subject: Your Packsmith code: ${code}`);
  });

  it('refuses a second code for the same email within a minute', async () => {
    const email = newEmail();
    await askCode(email);
    const again = await new TestClient(base).post('/api/user/verfiryEmail', { email });
    expect(again).toEqual({ code: 400, msg: 'Please wait a minute before asking for another code.', data: null });
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('answers one success and one refusal for two requests at the same time', async () => {
    const email = newEmail();
    const c = new TestClient(base);
    const rs = await Promise.all([c.post('/api/user/verfiryEmail', { email }), c.post('/api/user/verfiryEmail', { email })]);
    expect(rs.map((r) => r.code).sort()).toEqual([0, 400]);
  });

  it('stores the code hashed, never in clear', async () => {
    const email = newEmail();
    const code = await askCode(email);
    const rows = await server.built.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(code);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects an invalid email naming the field', async () => {
    const r = await new TestClient(base).post('/api/user/verfiryEmail', { email: 'not-an-email' });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('email');
  });

  it('answers a registered email as an unregistered one, and mails the owner a sign-in code instead', async () => {
    const email = newEmail();
    await signUp(email);
    await server.built.database.db
      .update(emailCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(emailCodes.email, email));
    const c = new TestClient(base);
    const registered = await c.post('/api/user/verfiryEmail', { email });
    const unregistered = await c.post('/api/user/verfiryEmail', { email: newEmail() });
    expect(registered).toEqual(unregistered);
    expect(registered).toEqual({ code: 0, msg: 'SUCCESS', data: { sent: true, expires_in: 600 } });
    expect(smtp.mailsTo(email).at(-1)?.raw).toContain('You already have a Packsmith account');
    // Typed into the sign-up form, that code signs the owner in and leaves the password as it was.
    const code = smtp.codeFor(email);
    const r = await c.post<{ token: string }>('/api/user/accountRegisterWithVerify', { email, password: 'another password', code });
    expect(r.code, r.msg).toBe(0);
    expect((await c.post('/api/user/accountLogin', { email, password: PASSWORD })).code).toBe(0);
    expect((await c.post('/api/user/accountLogin', { email, password: 'another password' })).code).toBe(400);
  });
});

describe('accountRegisterWithVerify', () => {
  it('creates an account with 100 credits and answers a working token', async () => {
    const email = newEmail();
    const user = await signUp(email, { name: 'Ada', origin: 'ref=news&utm_source=mail' });
    const me = await user.get<{ type: string; email: string; name: string; credit: number; vip_type: string }>('/api/user/me');
    expect(me.data).toMatchObject({ type: 'user', email, name: 'Ada', credit: 100, vip_type: 'normal' });
  });

  it('treats the email case-insensitively', async () => {
    const email = newEmail();
    await signUp(email.toUpperCase());
    const r = await new TestClient(base).post<{ token: string }>('/api/user/accountLogin', { email, password: PASSWORD });
    expect(r.code).toBe(0);
  });

  it('refuses a wrong code, counts attempts and locks the code after 5', async () => {
    const email = newEmail();
    const code = await askCode(email);
    const c = new TestClient(base);
    const attempt = (k: string) => c.post('/api/user/accountRegisterWithVerify', { email, password: PASSWORD, code: k });
    for (let i = 0; i < 4; i++) {
      expect(await attempt(wrongCode(code))).toEqual({ code: 400, msg: 'The code is incorrect. Please check the email we sent you.', data: null });
    }
    expect((await attempt(wrongCode(code))).msg).toBe('Too many wrong codes. Please ask for a new one.');
    // Even the right code no longer works: 5 tries per code.
    expect(await attempt(code)).toEqual({ code: 400, msg: 'Too many wrong codes. Please ask for a new one.', data: null });
    expect((await c.post('/api/user/accountLogin', { email, password: PASSWORD })).code).toBe(400);
  });

  it('refuses an expired code', async () => {
    const email = newEmail();
    const code = await askCode(email);
    // Ten minutes pass.
    await server.built.database.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.email, email));
    const r = await new TestClient(base).post('/api/user/accountRegisterWithVerify', { email, password: PASSWORD, code });
    expect(r).toEqual({ code: 400, msg: 'The code has expired. Please ask for a new one.', data: null });
  });

  it('asks for a code first when none was sent', async () => {
    const r = await new TestClient(base).post('/api/user/accountRegisterWithVerify', { email: newEmail(), password: PASSWORD, code: '123456' });
    expect(r).toEqual({ code: 400, msg: 'Please ask for a verification code first.', data: null });
  });

  it('refuses a second account for the same email', async () => {
    const email = newEmail();
    const code = await askCode(email);
    const body = { email, password: PASSWORD, code };
    const c = new TestClient(base);
    const [a, b] = await Promise.all([c.post('/api/user/accountRegisterWithVerify', body), c.post('/api/user/accountRegisterWithVerify', body)]);
    expect([a.code, b.code].sort()).toEqual([0, 400]);
    // The answer does not say that an account exists (that would enumerate accounts): the code is spent.
    const again = await c.post('/api/user/accountRegisterWithVerify', body);
    expect(again).toEqual({ code: 400, msg: 'This code has already been used. Please ask for a new one.', data: null });
  });

  it('validates the password length and code shape, naming the field', async () => {
    const c = new TestClient(base);
    const short = await c.post('/api/user/accountRegisterWithVerify', { email: newEmail(), password: 'short', code: '123456' });
    expect(short.code).toBe(400);
    expect(short.msg).toContain('password');
    const badCode = await c.post('/api/user/accountRegisterWithVerify', { email: newEmail(), password: PASSWORD, code: '12ab' });
    expect(badCode.code).toBe(400);
    expect(badCode.msg).toContain('code');
  });
});

describe('guest projects follow the visitor into the account (tourist)', () => {
  async function guestWithProject() {
    const guest = await newGuest(base);
    const p = await guest.post<{ project_id: string }>('/api/project', { type: 'design' });
    expect(p.code, p.msg).toBe(0);
    return { guest, projectId: p.data?.project_id ?? '' };
  }

  it('on registration: the project moves, the guest token stops working', async () => {
    const { guest, projectId } = await guestWithProject();
    const user = await signUp(newEmail(), { tourist: guest.token });
    expect((await user.get('/api/project/info', { project_id: projectId })).code).toBe(0);
    expect((await guest.get('/api/user/me')).code).toBe(402);
  });

  it('on login: moves once; a second login with the same tourist changes nothing', async () => {
    const email = newEmail();
    const owner = await signUp(email);
    const { guest, projectId } = await guestWithProject();
    const tourist = guest.token;
    const login = () => new TestClient(base).post<{ token: string }>('/api/user/accountLogin', { email, password: PASSWORD, tourist });
    const first = await login();
    expect(first.code).toBe(0);
    expect((await owner.get('/api/project/info', { project_id: projectId })).code).toBe(0);
    const second = await login();
    expect(second.code).toBe(0);
    expect((await guest.get('/api/user/me')).code).toBe(402);
  });

  it('a registered user token as tourist moves nothing', async () => {
    const a = await signUp(newEmail());
    const p = await a.post<{ project_id: string }>('/api/project', { type: 'design' });
    const b = await signUp(newEmail(), { tourist: a.token });
    expect((await b.get('/api/project/info', { project_id: p.data?.project_id })).code).toBe(403);
    expect((await a.get('/api/project/info', { project_id: p.data?.project_id })).code).toBe(0);
    expect((await a.get('/api/user/me')).code).toBe(0);
  });
});

describe('accountLogin', () => {
  it('signs in with the right password, and says the same thing for a wrong password or an unknown email', async () => {
    const email = newEmail();
    await signUp(email);
    const c = new TestClient(base);
    const ok = await c.post<{ token: string }>('/api/user/accountLogin', { email, password: PASSWORD, project_id: '' });
    expect(ok.code).toBe(0);
    const me = await new TestClient(base, ok.data?.token ?? null).get<{ email: string }>('/api/user/me');
    expect(me.data?.email).toBe(email);
    const wrong = await c.post('/api/user/accountLogin', { email, password: 'wrong password' });
    const unknown = await c.post('/api/user/accountLogin', { email: newEmail(), password: PASSWORD });
    expect(wrong).toEqual({ code: 400, msg: 'Incorrect email or password.', data: null });
    expect(unknown).toEqual(wrong);
  });

  it('asks for the password when neither password nor code is given', async () => {
    const r = await new TestClient(base).post('/api/user/accountLogin', { email: newEmail() });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('password');
  });

  it('signs in with an emailed login code, which works once', async () => {
    const email = newEmail();
    await signUp(email);
    smtp.mails.length = 0;
    // The sign-up code above was sent less than a minute ago.
    await server.built.database.db
      .update(emailCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(emailCodes.email, email));
    const code = await askCode(email, true);
    const c = new TestClient(base);
    const ok = await c.post<{ token: string }>('/api/user/accountLogin', { email, code });
    expect(ok.code).toBe(0);
    expect(await c.post('/api/user/accountLogin', { email, code })).toEqual({
      code: 400,
      msg: 'This code has already been used. Please ask for a new one.',
      data: null,
    });
  });

  it('answers a login code request for an email without an account as for one with, and the mail says so', async () => {
    const email = newEmail();
    const r = await new TestClient(base).post('/api/user/verfiryEmail', { email, login: true });
    expect(r).toEqual({ code: 0, msg: 'SUCCESS', data: { sent: true, expires_in: 600 } });
    expect(smtp.mailsTo(email).at(-1)?.raw).toContain('No Packsmith account uses this email yet');
    const c = new TestClient(base);
    // Before the right code, unknown and known emails get the same answers.
    expect(await c.post('/api/user/accountLogin', { email, code: wrongCode(smtp.codeFor(email)) })).toEqual({
      code: 400,
      msg: 'The code is incorrect. Please check the email we sent you.',
      data: null,
    });
    expect(await c.post('/api/user/accountLogin', { email: newEmail(), code: '123456' })).toEqual({
      code: 400,
      msg: 'Please ask for a verification code first.',
      data: null,
    });
    // With the right code the caller owns the inbox and may be told; the same code still creates the account.
    const code = smtp.codeFor(email);
    expect(await c.post('/api/user/accountLogin', { email, code })).toEqual({
      code: 400,
      msg: 'No account uses this email. Please sign up first.',
      data: null,
    });
    expect((await c.post('/api/user/accountRegisterWithVerify', { email, password: PASSWORD, code })).code).toBe(0);
  });
});

describe('logout', () => {
  it('revokes the token: afterwards it answers 402 on every call', async () => {
    const user = await signUp(newEmail());
    const other = await new TestClient(base).post<{ token: string }>('/api/user/accountLogin', {
      email: (await user.get<{ email: string }>('/api/user/me')).data?.email,
      password: PASSWORD,
    });
    expect(await user.post('/api/user/logout')).toEqual({ code: 0, msg: 'SUCCESS', data: { revoked: true } });
    expect((await user.get('/api/user/me')).code).toBe(402);
    expect((await user.get('/api/user/upload/history')).code).toBe(402);
    expect((await user.post('/api/user/logout')).code).toBe(402);
    // Only that session ends; the account's other sessions go on.
    expect((await new TestClient(base, other.data?.token ?? null).get('/api/user/me')).code).toBe(0);
  });

  it('works for a guest too', async () => {
    const guest = await newGuest(base);
    expect((await guest.post('/api/user/logout')).code).toBe(0);
    expect((await guest.get('/api/user/me')).code).toBe(402);
  });
});
