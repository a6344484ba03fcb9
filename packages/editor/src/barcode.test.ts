import { describe, expect, it } from 'vitest';
import { BarcodeError, barcodeGeometry, completeDigits, encodeModules, gs1CheckDigit, isValidGtin } from './barcode.js';

describe('GS1 check digits', () => {
  it.each([
    ['400638133393', 1],
    ['03600029145', 2],
    ['501234567890', 0],
    ['978030640615', 7],
    ['00000000000', 0],
  ])('%s → %i', (data, check) => expect(gs1CheckDigit(data)).toBe(check));

  it('validates known barcodes and refuses a wrong check digit naming the right one', () => {
    expect(isValidGtin('ean13', '4006381333931')).toBe(true);
    expect(isValidGtin('upca', '036000291452')).toBe(true);
    expect(isValidGtin('ean13', '4006381333932')).toBe(false);
    expect(() => completeDigits('ean13', '4006381333932')).toThrow('the check digit should be 1');
    expect(() => completeDigits('upca', '03600029145x')).toThrow(BarcodeError);
    expect(() => completeDigits('ean13', '123')).toThrow('has 13 digits');
  });

  it('completes data digits with their check digit', () => {
    expect(completeDigits('ean13', '400638133393')).toBe('4006381333931');
    expect(completeDigits('upca', '03600029145')).toBe('036000291452');
  });
});

describe('bar pattern', () => {
  it('encodes 4006381333931 with guards, L/G parity for 4 and R codes', () => {
    const { modules } = encodeModules('ean13', '4006381333931');
    expect(modules).toHaveLength(95);
    expect(modules.slice(0, 3)).toBe('101');
    expect(modules.slice(45, 50)).toBe('01010');
    expect(modules.slice(92)).toBe('101');
    // Leading 4 → parity LGLLGG: digit 0 in L, digit 0 in G, 6 in L, 3 in L, 8 in G, 1 in G.
    expect(modules.slice(3, 10)).toBe('0001101');
    expect(modules.slice(10, 17)).toBe('0100111');
    expect(modules.slice(17, 24)).toBe('0101111');
    expect(modules.slice(24, 31)).toBe('0111101');
    expect(modules.slice(31, 38)).toBe('0001001');
    expect(modules.slice(38, 45)).toBe('0110011');
    // Right half: 3 3 3 9 3 1 in R codes.
    expect(modules.slice(50, 57)).toBe('1000010');
    expect(modules.slice(71, 78)).toBe('1110100');
    expect(modules.slice(85, 92)).toBe('1100110');
  });

  it('encodes UPC-A as EAN-13 with a leading zero', () => {
    expect(encodeModules('upca', '036000291452').modules).toBe(encodeModules('ean13', '0036000291452').modules);
  });

  it('is 37.29 × 25.93 mm at 100 % with its light margins, and scales with magnification', () => {
    const g = barcodeGeometry('ean13', '4006381333931');
    expect(g.width).toBeCloseTo(37.29, 2);
    expect(g.height).toBeCloseTo(25.93, 2);
    const bars = g.bars.reduce((s, b) => s + b.w, 0);
    // 30 dark bars of 1–4 modules; the sum of dark modules of any EAN-13 is fixed by its codes.
    const dark = [...encodeModules('ean13', '4006381333931').modules].filter((m) => m === '1').length;
    expect(bars).toBeCloseTo(dark * 0.33, 6);
    expect(Math.min(...g.bars.map((b) => b.x))).toBeCloseTo(11 * 0.33, 6);
    expect(g.text.map((t) => t.text).join('')).toBe('4006381333931');
    const big = barcodeGeometry('ean13', '4006381333931', 2);
    expect(big.width).toBeCloseTo(74.58, 2);
    expect(() => barcodeGeometry('ean13', '4006381333931', 0.5)).toThrow('magnification');
  });

  it('draws guard bars longer than data bars', () => {
    const g = barcodeGeometry('ean13', '4006381333931');
    const heights = new Set(g.bars.map((b) => Math.round(b.h * 100)));
    expect([...heights].sort()).toEqual([2285, 2450]);
  });
});
