import { describe, expect, it } from 'vitest';
import { REDEEM_ALPHABET, canonicalRedeemCode, generateRedeemCode, hashRedeemCode, redeemCodeHint } from './redeem-code.js';

describe('redeem codes', () => {
  it('look like PS- and three groups of four, with no look-alike characters', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateRedeemCode();
      expect(code).toMatch(/^PS-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      for (const ch of code.slice(3).replace(/-/g, '')) expect(REDEEM_ALPHABET).toContain(ch);
      expect(code.slice(3)).not.toMatch(/[01OIL]/);
    }
    expect(REDEEM_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it('are different each time', () => {
    const codes = new Set(Array.from({ length: 500 }, generateRedeemCode));
    expect(codes.size).toBe(500);
  });

  it('hash the same whatever the case and dashes, and differ from other codes', () => {
    expect(canonicalRedeemCode(' ps-abcd-efgh-jkmn ')).toBe('PSABCDEFGHJKMN');
    expect(hashRedeemCode('ps-abcd-efgh-jkmn')).toBe(hashRedeemCode('PSABCDEFGHJKMN'));
    expect(hashRedeemCode('PS-ABCD-EFGH-JKMN')).not.toBe(hashRedeemCode('PS-ABCD-EFGH-JKMP'));
    expect(hashRedeemCode('PS-ABCD-EFGH-JKMN')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hint with the last four characters', () => {
    expect(redeemCodeHint('PS-ABCD-EFGH-JKMN')).toBe('JKMN');
  });
});
