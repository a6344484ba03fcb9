import { describe, expect, it } from 'vitest';
import { findCountry, lookupCountry } from './countries.js';
import { findFinishes, findMaterial, findPrint, findQuantity, findSize } from './parsers.js';

const dims = (text: string) => {
  const r = findSize(text);
  if (!r || 'error' in r) throw new Error(`no size in ${text}: ${JSON.stringify(r)}`);
  return r.value.dims;
};
const sizeError = (text: string) => {
  const r = findSize(text);
  return r && 'error' in r ? r.error : null;
};
const qty = (text: string, asked = false) => {
  const r = findQuantity(text, asked);
  return r && 'value' in r ? r.value : r;
};

describe('sizes', () => {
  it.each([
    ['80x40x150', [80, 40, 150]],
    ['80 x 40 x 150 mm', [80, 40, 150]],
    ['80×40×150mm', [80, 40, 150]],
    ['8 x 4 x 15 cm', [80, 40, 150]],
    ['3 x 1.5 x 6 in', [76.2, 38.1, 152.4]],
    ['3"x2"x5"', [76.2, 50.8, 127]],
    ['3 inches by 2 inches by 5 inches', [76.2, 50.8, 127]],
    ['70 x 200', [70, 200]],
    ['8 cm', [80]],
    ['a cube of 100mm please', [100]],
  ])('reads %s in mm', (text, expected) => {
    expect(dims(text)).toEqual(expected);
  });

  it('says what is wrong with negative, zero and 10 m sizes', () => {
    expect(sizeError('-80 x 40 x 150')).toMatch(/negative/);
    expect(sizeError('0 x 40 x 150 mm')).toMatch(/greater than 0/);
    expect(sizeError('10 m')).toMatch(/10 m \(10000 mm\).*2000 mm/);
    expect(sizeError('100 x 100 x 300 cm')).toMatch(/3000 mm/);
  });

  it('finds no size in words without one', () => {
    expect(findSize('I sell organic tea')).toBeNull();
    expect(findSize('1000 boxes')).toBeNull();
  });
});

describe('quantities', () => {
  it.each([
    ['1000', 1000],
    ['1k', 1000],
    ['2.5k', 2500],
    ['5,000 pcs', 5000],
    ['make it 5000', 5000],
    ['ten thousand', 10000],
    ['five hundred boxes', 500],
    ['a thousand', 1000],
    ['500 kraft mailer boxes', 500],
  ])('reads %s', (text, expected) => {
    expect(qty(text)).toBe(expected);
  });

  it('takes a small bare number only when the quantity was asked', () => {
    expect(qty('3')).toBeNull();
    expect(qty('3', true)).toBe(3);
  });

  it('skips measures and colours', () => {
    expect(qty('a 300 ml bottle')).toBeNull();
    expect(qty('2 colours')).toBeNull();
  });

  it('refuses quantities beyond the largest order', () => {
    expect(findQuantity('5000000', true)).toEqual({ error: expect.stringMatching(/1,000,000/) });
  });
});

describe('countries', () => {
  it.each([
    ['to Germany', 'DE'],
    ['ship to the USA', 'US'],
    ['deliver to the UK', 'GB'],
    ['to Deutschland', 'DE'],
    ['to DE', 'DE'],
    ['Canada', 'CA'],
    ['us', 'US'],
    ['Germany (DE)', 'DE'],
    ['to South Korea', 'KR'],
  ])('reads %s', (text, code) => {
    expect(findCountry(text, false)?.code).toBe(code);
  });

  it('does not take an origin for the destination', () => {
    expect(findCountry('organic tea from India', false)).toBeUndefined();
    expect(findCountry('India', true)?.code).toBe('IN');
  });

  it('looks up names, aliases and codes', () => {
    expect(lookupCountry('United States')?.code).toBe('US');
    expect(lookupCountry('holland')?.code).toBe('NL');
    expect(lookupCountry('zz')).toBeUndefined();
  });
});

describe('materials, print and finishes', () => {
  it.each([
    ['white board', 'WHITE_BOARD'],
    ['kraft', 'KRAFT'],
    ['corrugated', 'FLUTE'],
    ['cardboard', 'FLUTE'],
    ['glass', 'GLASS_GLOSSY'],
    ['frosted glass', 'GLASS_MATT'],
    ['matte plastic', 'PLASTIC_MATT'],
    ['aluminium', 'METAL_GLOSSY'],
    ['PLASTIC_MATT', 'PLASTIC_MATT'],
    ['Corrugated (flute)', 'FLUTE'],
  ])('material %s', (text, id) => {
    expect(findMaterial(text)).toBe(id);
  });

  it('reads print', () => {
    expect(findPrint('no print')).toBe('none');
    expect(findPrint('one colour')).toBe('one_colour');
    expect(findPrint('2 colors')).toBe('two_colour');
    expect(findPrint('full colour')).toBe('cmyk');
    expect(findPrint('CMYK both sides')).toBe('cmyk_both_sides');
  });

  it('reads finishes, removals and none', () => {
    expect(findFinishes('add gold foil and spot UV', false)).toMatchObject({ named: ['spot_uv', 'foil'], adding: true });
    expect(findFinishes('matte lamination', false)?.named).toEqual(['matte_lamination']);
    expect(findFinishes('matte', true)?.named).toEqual(['matte_lamination']);
    expect(findFinishes('matte', false)).toBeNull();
    expect(findFinishes('no foil', false)).toMatchObject({ named: [], removed: ['foil'] });
    expect(findFinishes('none', true)?.none).toBe(true);
    expect(findFinishes('Matte lamination, Foil', true)?.named).toEqual(['matte_lamination', 'foil']);
  });
});
