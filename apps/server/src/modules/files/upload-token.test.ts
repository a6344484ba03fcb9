import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUploadTokens } from './upload-token.js';

const SECRET = 'x'.repeat(40);

/** Tokens on a clock the test moves. Built inside each test, so a mutation run can tell the tests apart. */
function setup(start = '2025-03-01T10:00:00Z') {
  const clock = { now: new Date(start) };
  const tokens = createUploadTokens({ secret: SECRET, ttlMs: 3600_000, now: () => clock.now });
  return { tokens, clock };
}

/**
 * Signs any body the way the server does (key derived from the secret for this one purpose), to
 * check that a correctly signed token with a wrong shape inside is still refused. The known-answer
 * test below pins this derivation to the server's.
 */
function forge(body: string, secret = SECRET): string {
  const key = createHmac('sha256', secret).update('packsmith:upload-token:v1').digest();
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const FUTURE = Date.parse('2030-01-01T00:00:00Z');

describe('upload tokens', () => {
  it('are valid for one hour for the user they were signed for', () => {
    const { tokens, clock } = setup();
    const { token, expiresAt } = tokens.sign('user-a');
    expect(expiresAt.toISOString()).toBe('2025-03-01T11:00:00.000Z');
    expect(tokens.verify(token, 'user-a')).toBe('ok');
    expect(tokens.verify(token, 'user-b')).toBe('wrong-user');
    clock.now = new Date('2025-03-01T10:59:59Z');
    expect(tokens.verify(token, 'user-a')).toBe('ok');
    clock.now = new Date('2025-03-01T11:00:00Z');
    expect(tokens.verify(token, 'user-a')).toBe('expired');
  });

  it('refuse a changed payload, another secret and garbage', () => {
    const { tokens, clock } = setup();
    const { token } = tokens.sign('user-a');
    const [v, , sig] = token.split('.');
    const forged = `${v}.${b64(JSON.stringify({ u: 'user-a', e: Date.parse('2030-01-01') }))}.${sig}`;
    expect(tokens.verify(forged, 'user-a')).toBe('invalid');
    const other = createUploadTokens({ secret: 'y'.repeat(40), ttlMs: 3600_000, now: () => clock.now });
    expect(other.verify(token, 'user-a')).toBe('invalid');
    for (const junk of ['', 'v1', 'v1..', 'a.b.c', `${token}x`, 'v1.e30.AAAA']) expect(tokens.verify(junk, 'user-a')).toBe('invalid');
  });

  it('sign with an explicit expiry (already expired tokens are refused)', () => {
    const { tokens } = setup();
    const { token } = tokens.sign('user-a', new Date('2025-03-01T09:00:00Z'));
    expect(tokens.verify(token, 'user-a')).toBe('expired');
  });

  it('a token for another user answers wrong-user even once expired', () => {
    const { tokens } = setup();
    const { token } = tokens.sign('user-a', new Date('2025-03-01T09:00:00Z'));
    expect(tokens.verify(token, 'user-b')).toBe('wrong-user');
  });

  it('keep their format: a token signed before a deploy still verifies after it (known answer)', () => {
    const { tokens } = setup();
    const token = 'v1.eyJ1IjoidXNlci1hIiwiZSI6MTc0MDgyNjgwMDAwMH0.b0Eb8cfJ1ze-B9CCg1fG4rviqd7mJjZ8JF0bvwqGUYw';
    expect(tokens.sign('user-a').token).toBe(token);
    expect(forge(`v1.${b64(JSON.stringify({ u: 'user-a', e: Date.parse('2025-03-01T11:00:00Z') }))}`)).toBe(token);
  });

  it('a signature made with the app secret itself (for another purpose) never passes', () => {
    const { tokens } = setup();
    const body = `v1.${b64(JSON.stringify({ u: 'user-a', e: FUTURE }))}`;
    const plain = `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
    expect(tokens.verify(plain, 'user-a')).toBe('invalid');
    expect(tokens.verify(forge(body), 'user-a')).toBe('ok');
  });

  it('refuse tokens over 1000 characters before any work, even correctly signed ones', () => {
    const { tokens } = setup();
    const long = tokens.sign('u'.repeat(689)).token;
    expect(long.length).toBe(1001);
    expect(tokens.verify(long, 'u'.repeat(689))).toBe('invalid');
    const longest = tokens.sign('u'.repeat(688)).token;
    expect(longest.length).toBe(999);
    expect(tokens.verify(longest, 'u'.repeat(688))).toBe('ok');
  });

  it('refuse what is not a string (a JSON body can carry anything)', () => {
    const { tokens } = setup();
    for (const junk of [123, null, undefined, { token: 'v1.a.b' }, ['v1', 'a', 'b']]) {
      expect(tokens.verify(junk as unknown as string, 'user-a')).toBe('invalid');
    }
  });

  it('refuse correctly signed tokens of another shape: a fourth part, another version', () => {
    const { tokens } = setup();
    const { token } = tokens.sign('user-a');
    expect(tokens.verify(`${token}.more`, 'user-a')).toBe('invalid');
    expect(tokens.verify(forge(`v2.${b64(JSON.stringify({ u: 'user-a', e: FUTURE }))}`), 'user-a')).toBe('invalid');
    expect(tokens.verify(forge('v1.'), 'user-a')).toBe('invalid');
  });

  it.each([
    ['not JSON', 'user-a expires 2030'],
    ['null', 'null'],
    ['a string', '"user-a"'],
    ['a number', '42'],
    ['an array', '["user-a", 1893456000000]'],
    ['no user', JSON.stringify({ e: FUTURE })],
    ['a user that is not a string', JSON.stringify({ u: 7, e: FUTURE })],
    ['no expiry', JSON.stringify({ u: 'user-a' })],
    ['an expiry that is not a number', JSON.stringify({ u: 'user-a', e: String(FUTURE) })],
    ['an infinite expiry', '{"u":"user-a","e":1e400}'],
  ])('refuse a correctly signed payload holding %s', (_label, payload) => {
    const { tokens } = setup();
    expect(tokens.verify(forge(`v1.${b64(payload)}`), 'user-a')).toBe('invalid');
  });
});
