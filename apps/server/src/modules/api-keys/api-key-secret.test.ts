import { describe, expect, it } from 'vitest';
import { newToken } from '../../lib/ids.js';
import { looksLikeApiKey, newApiKey } from './api-key-secret.js';

describe('API key secrets', () => {
  it('are psk_ and 40 base62 characters, all different', () => {
    const keys = Array.from({ length: 200 }, newApiKey);
    for (const k of keys) expect(k).toMatch(/^psk_[0-9A-Za-z]{40}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses the whole alphabet about evenly (no modulo bias toward the first characters)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 500; i++) for (const c of newApiKey().slice(4)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 20,000 characters: ~322 each; a biased generator would give the first ones far more.
    for (const n of counts.values()) expect(n).toBeGreaterThan(220);
  });

  it('tells keys apart from session tokens by shape alone', () => {
    expect(looksLikeApiKey(newApiKey())).toBe(true);
    for (let i = 0; i < 100; i++) expect(looksLikeApiKey(newToken())).toBe(false);
    expect(looksLikeApiKey(`psk_${'a'.repeat(39)}`)).toBe(false);
    expect(looksLikeApiKey(`psk_${'a'.repeat(39)}-`)).toBe(false);
  });
});
