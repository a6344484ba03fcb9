import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, Ratio } from './decimal.js';

const D = Dec.from;

describe('Dec', () => {
  it.each([
    ['12', '12'],
    ['-0.50', '-0.5'],
    ['007.250', '7.25'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1.25e-3', '0.00125'],
    ['3E2', '300'],
    [0.1, '0.1'],
    [1.05, '1.05'],
    [1e-7, '0.0000001'],
    [0, '0'],
    [' 12 ', '12'],
    ['1e10', '10000000000'],
    ['1'.repeat(40), '1'.repeat(40)],
  ])('parses %s exactly as %s', (input, text) => {
    expect(Dec.parse(input)?.toString()).toBe(text);
  });

  it.each(['', ' ', 'abc', '1,5', '1.2.3', '--1', 'NaN', '1e', '0x10', '1e999', '9'.repeat(41)])('refuses %j', (input) => {
    expect(Dec.parse(input)).toBeNull();
  });

  it('computes on what it parsed from an exponent', () => {
    expect(Dec.from('3E2').add(D('1')).toString()).toBe('301');
    expect(Dec.from('2.5e1').cmp(D('25'))).toBe(0);
  });

  it('throws on bad literals and unsafe integers', () => {
    expect(() => Dec.from('x')).toThrow(/not a decimal/);
    expect(() => Dec.int(1.5)).toThrow(/safe integer/);
    expect(() => Ratio.of(D('1'), D('0'))).toThrow(/division by zero/);
    expect(() => D('1').roundTo(D('0'))).toThrow(/increment must be positive/);
  });

  it('orders with every comparison, equal values included', () => {
    const [a, b] = [D('1.50'), D('1.5')];
    expect([a.lt(b), a.lte(b), a.gt(b), a.gte(b), a.eq(b)]).toEqual([false, true, false, true, true]);
    const r = Ratio.of(D('1'), D('4'));
    expect([r.lt(D('0.25')), r.lte(D('0.25')), r.gt(D('0.25')), r.gte(D('0.25'))]).toEqual([false, true, false, true]);
    expect(Ratio.of(D('1'), D('-4')).cmp(D('-0.25'))).toBe(0); // a negative divisor moves its sign up
    expect(Ratio.of(D('1'), D('3')).mul(D('0.3')).cmp(D('0.1'))).toBe(0);
  });

  it('rounds negatives away from zero at a tie', () => {
    expect(D('-1.05').roundTo(D('0.1')).toString()).toBe('-1.1');
    expect(D('-1.04').roundTo(D('0.1')).toString()).toBe('-1');
    expect(D('-1235').roundSig(3).toString()).toBe('-1240');
  });

  it('refuses non-finite numbers', () => {
    expect(Dec.parse(Number.NaN)).toBeNull();
    expect(Dec.parse(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('adds, subtracts and multiplies exactly where floats do not', () => {
    expect(D('0.1').add(D('0.2')).toString()).toBe('0.3');
    expect(D('1.1').mul(D('1.1')).toString()).toBe('1.21');
    expect(D('3').sub(D('2.999')).toString()).toBe('0.001');
    expect(D('0').mul(D('0.1')).toString()).toBe('0');
  });

  it('rounds half-up at exact ties a float would get wrong', () => {
    // 1.005 as a float is 1.00499999999999989…; toFixed(2) gives "1.00".
    expect(D('1.005').roundTo(D('0.01')).toString()).toBe('1.01');
    expect(D('1.05').roundTo(D('0.1')).toString()).toBe('1.1');
    expect(D('4.75').roundTo(D('0.5')).toString()).toBe('5');
    expect(D('4.74').roundTo(D('0.5')).toString()).toBe('4.5');
    expect(D('142.5').roundTo(D('5')).toString()).toBe('145');
    expect(D('2.5').roundTo(D('5')).toString()).toBe('5');
    expect(D('2.4999').roundTo(D('5')).toString()).toBe('0');
  });

  it('rounds to significant figures', () => {
    expect(D('1234').roundSig(3).toString()).toBe('1230');
    expect(D('1235').roundSig(3).toString()).toBe('1240');
    expect(D('0.04567').roundSig(2).toString()).toBe('0.046');
    expect(D('9.96').roundSig(2).toString()).toBe('10');
    expect(D('0').roundSig(2).toString()).toBe('0');
  });

  it('compares ratios exactly (8 / 78 is not a terminating decimal)', () => {
    const r = Ratio.of(D('8'), D('78')).mul(D('100'));
    expect(r.roundTo(D('1')).toString()).toBe('10');
    expect(r.gt(D('10.256'))).toBe(true);
    expect(r.lt(D('10.2565'))).toBe(true);
    expect(Ratio.of(D('235'), D('4700')).mul(D('100')).cmp(D('5'))).toBe(0);
  });

  it('prints with padding on request and never in exponent form', () => {
    expect(D('2.5').toString(2)).toBe('2.50');
    expect(D('0.0000001').toString()).toBe('0.0000001');
    expect(D('-0.05').toString()).toBe('-0.05');
  });

  it('agrees with integer arithmetic on random cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 }), (a, b) => {
        const x = Dec.of(BigInt(a), 2);
        const y = Dec.of(BigInt(b), 2);
        expect(x.add(y).toString()).toBe(Dec.of(BigInt(a + b), 2).toString());
        expect(x.cmp(y)).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });

  it('rounds to a whole increment, never more than half an increment away (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom('0.1', '0.5', '1', '5', '10'), (u, inc) => {
        const x = Dec.of(BigInt(u), 3);
        const r = x.roundTo(D(inc));
        const diff = r.sub(x);
        const abs = diff.isNegative() ? diff.mul(D('-1')) : diff;
        expect(abs.lte(D(inc).mul(D('0.5')))).toBe(true);
        expect(
          Ratio.of(r, D(inc))
            .roundTo(D('1'))
            .eq(Ratio.of(r, D(inc)).toDec(0)),
        ).toBe(true);
      }),
    );
  });
});
