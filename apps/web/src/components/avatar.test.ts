import { describe, expect, it } from 'vitest';
import { AVATAR_COLOR, avatarPlaceholder, initialOf } from './avatar';

describe('avatar placeholder (SPEC §9)', () => {
  it('is a 120×120 purple circle with the initial', () => {
    const svg = decodeURIComponent(avatarPlaceholder('maria@example.com').split(',')[1] ?? '');
    expect(svg).toContain('width="120" height="120"');
    expect(svg).toContain(`fill="${AVATAR_COLOR}"`);
    expect(svg).toMatch(/>M<\/text>/);
  });

  it('uses the first letter, uppercased, and escapes markup', () => {
    expect(initialOf('  élodie')).toBe('É');
    expect(initialOf('')).toBe('?');
    expect(decodeURIComponent(avatarPlaceholder('<b>'))).toContain('&#60;');
  });
});
