import { describe, expect, it } from 'vitest';
import { Dec, Ratio } from './decimal.js';
import * as r from './rounding.js';

const D = Dec.from;
/** A Declared as the text a test can read: "5", "lt1g", "<0.5". */
const show = (x: r.Declared) => (x.words === 'lt' ? `<${x.below!.toString()}` : (x.words ?? x.value.toString()));

describe('US rounding, 21 CFR 101.9(c)', () => {
  it.each([
    ['0', '0'],
    ['4.99', '0'],
    ['5', '5'],
    ['7.49', '5'],
    ['7.5', '10'],
    ['47.5', '50'],
    ['50', '50'],
    ['50.1', '50'],
    ['54.99', '50'],
    ['55', '60'],
    ['234', '230'],
    ['235', '240'],
  ])('calories %s → %s', (x, out) => {
    expect(show(r.usCalories(D(x)))).toBe(out);
  });

  it('calories under 5 may be printed to the nearest 5 instead of zero', () => {
    expect(show(r.usCalories(D('2.49'), 'nearest_5'))).toBe('0');
    expect(show(r.usCalories(D('2.5'), 'nearest_5'))).toBe('5');
    expect(show(r.usCalories(D('4.99'), 'nearest_5'))).toBe('5');
  });

  it.each([
    ['0.49', '0'],
    ['0.5', '0.5'],
    ['0.74', '0.5'],
    ['0.75', '1'],
    ['4.74', '4.5'],
    ['4.75', '5'],
    ['4.99', '5'],
    ['5', '5'],
    ['5.01', '5'],
    ['5.49', '5'],
    ['5.5', '6'],
    ['12.5', '13'],
  ])('fat %s g → %s g', (x, out) => {
    expect(show(r.usFat(D(x)))).toBe(out);
  });

  it.each([
    ['1.99', '0'],
    ['2', 'lt5mg'],
    ['4.99', 'lt5mg'],
    ['5', '5'],
    ['7.49', '5'],
    ['7.5', '10'],
    ['302.5', '305'],
  ])('cholesterol %s mg → %s', (x, out) => {
    expect(show(r.usCholesterol(D(x)))).toBe(out);
  });

  it.each([
    ['4.99', '0'],
    ['5', '5'],
    ['7.49', '5'],
    ['7.5', '10'],
    ['137.5', '140'],
    ['140', '140'],
    ['141', '140'],
    ['144.99', '140'],
    ['145', '150'],
    ['2304', '2300'],
  ])('sodium %s mg → %s mg', (x, out) => {
    expect(show(r.usSodium(D(x)))).toBe(out);
  });

  it.each([
    ['0.49', '0'],
    ['0.5', 'lt1g'],
    ['0.99', 'lt1g'],
    ['1', '1'],
    ['1.49', '1'],
    ['1.5', '2'],
    ['36.5', '37'],
  ])('carbohydrate, fibre, sugars %s g → %s', (x, out) => {
    expect(show(r.usCarbohydrate(D(x)))).toBe(out);
  });

  it('carbohydrate 0.5 to < 1 g may be the nearest gram instead', () => {
    expect(show(r.usCarbohydrate(D('0.49'), 'one'))).toBe('0');
    expect(show(r.usCarbohydrate(D('0.5'), 'one'))).toBe('1');
    expect(show(r.usCarbohydrate(D('0.99'), 'one'))).toBe('1');
  });

  it.each([
    ['0.49', 'less_than', '0'],
    ['0.5', 'less_than', 'lt1g'],
    ['0.5', 'one', '1'],
    ['0.99', 'one', '1'],
    ['1.5', 'less_than', '2'],
  ] as const)('protein %s g (%s) → %s', (x, mode, out) => {
    expect(show(r.usProtein(D(x), mode))).toBe(out);
  });

  it.each([
    ['0.09', '0'],
    ['0.1', '0.1'],
    ['0.8', '0.8'],
    ['0.81', '0.8'],
    ['0.9', '1'],
    ['1.1', '1.2'],
  ])('fluoride %s mg → %s mg', (x, out) => {
    expect(show(r.usFluoride(D(x)))).toBe(out);
  });

  it.each([
    // [amount, RDI, guidance, significance]
    ['2.04', '20', '2', '2'], // vitamin D mcg: RDI < 25 → 0.1
    ['2.05', '20', '2.1', '2.1'],
    ['0.036', '0.9', '0.04', '0.04'], // copper: 0.1 would print 0 at 4% RDI → finer increment
    ['0.0184', '0.9', '0.02', '0.02'],
    ['14.5', '90', '15', '15'], // vitamin C: 25 ≤ RDI < 250 → 1
    ['235', '4700', '240', '235'], // potassium: RDI ≥ 250 → 10 (guidance) or 1 (the rule's own 235 mg)
    ['264.9', '1300', '260', '265'],
    ['265', '1300', '270', '265'],
    ['0.0042', '0.2', '0.004', '0.004'], // a tiny RDI: down to thousandths before printing zero
  ])('vitamin/mineral amount %s (RDI %s) → %s / %s', (x, rdi, guidance, significance) => {
    expect(r.usMicroAmount(D(x), D(rdi), 'guidance').toString()).toBe(guidance);
    expect(r.usMicroAmount(D(x), D(rdi), 'significance').toString()).toBe(significance);
  });

  it.each([
    // percent → printed (2% steps to 10 incl., 5% steps to 50 incl., then 10%)
    ['2', '2'],
    ['2.99', '2'],
    ['3', '4'],
    ['5', '6'],
    ['9', '10'],
    ['10', '10'],
    ['10.01', '10'],
    ['12.49', '10'],
    ['12.5', '15'],
    ['47.5', '50'],
    ['50', '50'],
    ['50.01', '50'],
    ['54.99', '50'],
    ['55', '60'],
    ['104', '100'],
  ])('vitamin/mineral %DV %s%% → %s%%', (pct, out) => {
    expect(r.usMicroPercent(Ratio.of(D(pct), D('100'))).toString()).toBe(out);
  });

  it('DRV %DV is the nearest whole percent, ties up', () => {
    expect(r.percentWhole(Ratio.of(D('8'), D('78'))).toString()).toBe('10');
    expect(r.percentWhole(Ratio.of(D('0.39'), D('78'))).toString()).toBe('1'); // 0.5% exactly
    expect(r.percentWhole(Ratio.of(D('0.38'), D('78'))).toString()).toBe('0');
  });

  it.each([
    ['1', '1'],
    ['1.49', '1'],
    ['1.5', '2'],
    ['2', '2'],
    ['2.24', '2'],
    ['2.25', '2.5'],
    ['4.8', '5'],
    ['5', '5'],
    ['5.2', '5'],
    ['5.5', '6'],
    ['8', '8'],
  ])('servings per container %s → %s', (x, out) => {
    expect(r.usServingsPerContainer(D(x)).toString()).toBe(out);
  });

  it.each([
    ['1.94', '1.9'],
    ['1.95', '2'],
    ['2.2', '2'],
    ['2.25', '2.5'],
    ['5', '5'],
    ['5.4', '5'],
    ['55.5', '56'],
  ])('metric serving %s → %s', (x, out) => {
    expect(r.usMetricServing(D(x)).toString()).toBe(out);
  });
});

describe('Canada rounding, table following B.01.401', () => {
  it.each([
    ['4.4', false, '4'],
    ['4.4', true, '0'],
    ['5', false, '5'],
    ['52.5', false, '50'],
    ['55', false, '60'],
  ] as const)('calories %s (free of energy: %s) → %s', (x, free, out) => {
    expect(show(r.caCalories(D(x), free))).toBe(out);
  });

  it.each([
    ['0.44', false, '0.4'],
    ['0.44', true, '0'],
    ['0.5', false, '0.5'],
    ['4.99', false, '5'],
    ['5', false, '5'],
    ['5.01', false, '5'],
    ['5.5', false, '6'],
  ] as const)('fat %s g (free: %s) → %s g', (x, free, out) => {
    expect(show(r.caFat(D(x), free))).toBe(out);
  });

  it.each([
    ['4.5', false, '5'],
    ['4.4', false, '4'],
    ['4.4', true, '0'],
    ['12.5', false, '15'], // 5–140 mg: nearest 5 (nearest 10 would give 10)
    ['140', false, '140'],
    ['141', false, '140'],
    ['145', false, '150'],
  ] as const)('sodium %s mg (free: %s) → %s mg', (x, free, out) => {
    expect(show(r.caSodium(D(x), free))).toBe(out);
  });

  it('carbohydrate has no "less than" wording; protein keeps tenths below 0.5 g; cholesterol to 5 mg', () => {
    expect(show(r.caCarbohydrate(D('0.49')))).toBe('0');
    expect(show(r.caCarbohydrate(D('0.5')))).toBe('1');
    expect(show(r.caProtein(D('0.44')))).toBe('0.4');
    expect(show(r.caProtein(D('0.5')))).toBe('1');
    expect(show(r.caCholesterol(D('2.5')))).toBe('5');
    expect(show(r.caCholesterol(D('2.4')))).toBe('0');
  });

  it.each([
    ['4.4', '4'],
    ['5', '5'],
    ['47.5', '50'],
    ['232', '230'], // 50–250 mg: nearest 10 (nearest 50 would give 250)
    ['245', '250'],
    ['249', '250'],
    ['250', '250'],
    ['274', '250'],
    ['275', '300'],
  ])('potassium and calcium %s mg → %s mg', (x, out) => {
    expect(show(r.caPotassiumCalcium(D(x)))).toBe(out);
  });

  it('iron to 0.1 mg below 10 mg, whole mg above; serving < 10 to 0.1', () => {
    expect(show(r.caIron(D('0.25')))).toBe('0.3');
    expect(show(r.caIron(D('10.5')))).toBe('11');
    expect(r.caServing(D('9.95')).toString()).toBe('10');
    expect(r.caServing(D('9.94')).toString()).toBe('9.9');
    expect(r.caServing(D('55.5')).toString()).toBe('56');
  });
});

describe('EU rounding, EC guidance 2012', () => {
  it.each([
    ['macro', '0', '0'],
    ['macro', '0.5', '<0.5'],
    ['macro', '0.51', '0.5'],
    ['macro', '0.55', '0.6'],
    ['macro', '9.94', '9.9'],
    ['macro', '9.95', '10'],
    ['macro', '10', '10'],
    ['macro', '10.5', '11'],
    ['fatty_acids', '0.1', '<0.1'],
    ['fatty_acids', '0.11', '0.1'],
    ['fatty_acids', '0.15', '0.2'],
    ['fatty_acids', '10.49', '10'],
    ['salt', '0.0125', '<0.01'],
    ['salt', '0.0126', '0.01'],
    ['salt', '0.835', '0.84'],
    ['salt', '0.999', '1'],
    ['salt', '1', '1'],
    ['salt', '1.05', '1.1'],
    ['sodium', '0.005', '<0.01'],
    ['sodium', '0.0051', '0.01'],
    ['sodium', '1.25', '1.3'],
    ['energy', '384.5', '385'],
    ['energy', '384.49', '384'],
  ] as const)('%s %s → %s', (rule, x, out) => {
    expect(show(r.euRound(rule, D(x)))).toBe(out);
  });

  it('negligible amounts may print 0 g instead of "<0.5 g"', () => {
    expect(show(r.euRound('macro', D('0.3'), 'zero'))).toBe('0');
    expect(show(r.euRound('salt', D('0.01'), 'zero'))).toBe('0');
  });

  it('vitamins and minerals by significant figures', () => {
    expect(r.euMicro(D('123.45'), 3).toString()).toBe('123');
    expect(r.euMicro(D('1234.5'), 3).toString()).toBe('1230');
    expect(r.euMicro(D('12.5'), 2).toString()).toBe('13');
    expect(r.euMicro(D('0.125'), 2).toString()).toBe('0.13');
  });
});
