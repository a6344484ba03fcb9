import { describe, expect, it } from 'vitest';
import { deltaE, hexToLab, hexToRgb, paletteDistance, paletteSimilarity, rgbToLab } from './lab.js';

describe('sRGB → Lab', () => {
  it('maps white, black and the primaries to their reference Lab values (D65)', () => {
    const close = (hex: string, l: number, a: number, b: number) => {
      const lab = hexToLab(hex);
      expect(lab?.l).toBeCloseTo(l, 0);
      expect(lab?.a).toBeCloseTo(a, 0);
      expect(lab?.b).toBeCloseTo(b, 0);
    };
    close('#ffffff', 100, 0, 0);
    close('#000000', 0, 0, 0);
    close('#ff0000', 53.24, 80.09, 67.2);
    close('#00ff00', 87.73, -86.18, 83.18);
    close('#0000ff', 32.3, 79.19, -107.86);
  });

  it('reads #rgb and any case, and refuses what is not a colour', () => {
    expect(hexToRgb('#FA0')).toEqual([255, 170, 0]);
    expect(hexToRgb('00ff7F')).toEqual([0, 255, 127]);
    expect(hexToRgb('red')).toBeNull();
    expect(hexToRgb('#12345')).toBeNull();
  });
});

describe('ΔE and palettes', () => {
  it('is 0 for one colour, symmetric, and about 100 from black to white', () => {
    const a = rgbToLab([40, 90, 200]);
    const b = rgbToLab([200, 90, 40]);
    expect(deltaE(a, a)).toBe(0);
    expect(deltaE(a, b)).toBeCloseTo(deltaE(b, a), 10);
    expect(deltaE(rgbToLab([0, 0, 0]), rgbToLab([255, 255, 255]))).toBeCloseTo(100, 0);
  });

  it('finds a palette nearer to its own shades than to its opposite', () => {
    const sage = ['#9caf88', '#f4ecd8', '#588d72'];
    const shades = ['#a0b38c', '#f0e8d4', '#5a8f74'];
    const neon = ['#ff00aa', '#00ffff', '#111111'];
    expect(paletteDistance(sage, sage)).toBe(0);
    expect(paletteDistance(sage, shades)).toBeLessThan(5);
    expect(paletteDistance(sage, neon) ?? 0).toBeGreaterThan(40);
    expect(paletteDistance(sage, neon)).toBeCloseTo(paletteDistance(neon, sage) ?? 0, 10);
    expect(paletteSimilarity(sage, shades)).toBeGreaterThan(paletteSimilarity(sage, neon));
  });

  it('has no distance without readable colours', () => {
    expect(paletteDistance([], ['#ffffff'])).toBeNull();
    expect(paletteDistance(['nope'], ['#ffffff'])).toBeNull();
    expect(paletteSimilarity([], ['#ffffff'])).toBe(0);
  });
});
