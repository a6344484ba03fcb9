import { describe, expect, it } from 'vitest';
import { emailCodeMatches, hashEmailCode, newEmailCode } from './email-code.js';

describe('email codes', () => {
  it('are 6 digits, leading zeros kept, and vary', () => {
    const codes = Array.from({ length: 2000 }, () => newEmailCode());
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('match only the same code, email and pepper', () => {
    const h = hashEmailCode('pepper', 'a@b.c', '012345');
    expect(h).not.toContain('012345');
    expect(emailCodeMatches('pepper', 'a@b.c', '012345', h)).toBe(true);
    expect(emailCodeMatches('pepper', 'a@b.c', '012346', h)).toBe(false);
    expect(emailCodeMatches('pepper', 'x@b.c', '012345', h)).toBe(false);
    expect(emailCodeMatches('other', 'a@b.c', '012345', h)).toBe(false);
    expect(emailCodeMatches('pepper', 'a@b.c', '012345', 'short')).toBe(false);
  });
});
