import { describe, expect, it } from 'vitest';
import { hexToOklch, mix, oklchToHex, parseHex } from './color.js';
import { contrastRatio, ensureContrast, pickTextColor, relativeLuminance } from './contrast.js';

describe('WCAG contrast', () => {
  it('matches the reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the lightest grey that passes AA on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 6);
  });

  it('pushes a failing colour until it passes, keeping its hue', () => {
    const fixed = ensureContrast('#7fa6ff', ['#ffffff']);
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(Math.abs(hexToOklch(fixed).h - hexToOklch('#7fa6ff').h)).toBeLessThan(15);
    const onMid = ensureContrast('#808080', ['#777777', '#888888']);
    expect(Math.min(contrastRatio(onMid, '#777777'), contrastRatio(onMid, '#888888'))).toBeGreaterThanOrEqual(4.5);
  });

  it('picks the first preferred colour that passes', () => {
    expect(pickTextColor(['#eeeeee', '#222222'], ['#ffffff'])).toBe('#222222');
  });
});

describe('colour maths', () => {
  it('round-trips hex through OKLCH', () => {
    for (const hex of ['#1b2a4a', '#f4ecd8', '#d7263d', '#2f9e44', '#000000', '#ffffff']) {
      expect(oklchToHex(hexToOklch(hex))).toBe(hex);
    }
    expect(parseHex('ABC')).toBe('#aabbcc');
    expect(parseHex('navy')).toBeNull();
    expect(mix('#000000', '#ffffff', 0)).toBe('#000000');
  });
});
