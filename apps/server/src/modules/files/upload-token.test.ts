import { describe, expect, it } from 'vitest';
import { createUploadTokens } from './upload-token.js';

describe('upload tokens', () => {
  const secret = 'x'.repeat(40);
  let clock = new Date('2025-03-01T10:00:00Z');
  const tokens = createUploadTokens({ secret, ttlMs: 3600_000, now: () => clock });

  it('are valid for one hour for the user they were signed for', () => {
    clock = new Date('2025-03-01T10:00:00Z');
    const { token, expiresAt } = tokens.sign('user-a');
    expect(expiresAt.toISOString()).toBe('2025-03-01T11:00:00.000Z');
    expect(tokens.verify(token, 'user-a')).toBe('ok');
    expect(tokens.verify(token, 'user-b')).toBe('wrong-user');
    clock = new Date('2025-03-01T10:59:59Z');
    expect(tokens.verify(token, 'user-a')).toBe('ok');
    clock = new Date('2025-03-01T11:00:00Z');
    expect(tokens.verify(token, 'user-a')).toBe('expired');
  });

  it('refuse a changed payload, another secret and garbage', () => {
    clock = new Date('2025-03-01T10:00:00Z');
    const { token } = tokens.sign('user-a');
    const [v, , sig] = token.split('.');
    const forged = `${v}.${Buffer.from(JSON.stringify({ u: 'user-a', e: Date.parse('2030-01-01') })).toString('base64url')}.${sig}`;
    expect(tokens.verify(forged, 'user-a')).toBe('invalid');
    const other = createUploadTokens({ secret: 'y'.repeat(40), ttlMs: 3600_000, now: () => clock });
    expect(other.verify(token, 'user-a')).toBe('invalid');
    for (const junk of ['', 'v1', 'v1..', 'a.b.c', `${token}x`, 'v1.e30.AAAA']) expect(tokens.verify(junk, 'user-a')).toBe('invalid');
  });

  it('sign with an explicit expiry (already expired tokens are refused)', () => {
    clock = new Date('2025-03-01T10:00:00Z');
    const { token } = tokens.sign('user-a', new Date('2025-03-01T09:00:00Z'));
    expect(tokens.verify(token, 'user-a')).toBe('expired');
  });
});
