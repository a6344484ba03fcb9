import { describe, expect, it } from 'vitest';
import { productLine } from './product-line.js';

describe('the product line on the pack', () => {
  it('keeps a product of up to six words as written', () => {
    expect(productLine('cold brew coffee')).toBe('cold brew coffee');
    expect(productLine('  vegan  protein bars ')).toBe('vegan protein bars');
    expect(productLine('small batch organic cold brew coffee')).toBe('small batch organic cold brew coffee');
  });

  it('shortens a long product to the head of its phrase', () => {
    expect(productLine('olive oil soap bars made with local goat milk for sensitive skin')).toBe('olive oil soap bars');
    expect(productLine('fig and cassis scented candle poured into amber glass jars')).toBe('fig and cassis scented candle');
    expect(productLine('vegan multivitamin gummy for women over forty years old')).toBe('vegan multivitamin gummy');
    // No tail to cut: the end of the phrase, where its head noun is.
    expect(productLine('hand-harvested single estate first flush darjeeling black tea')).toBe('first flush darjeeling black tea');
  });

  it('never prints more than six words', () => {
    for (const p of ['a b c d e f g h i j', 'really very extremely long product name without any tail words at all here']) {
      expect(productLine(p).split(' ').length).toBeLessThanOrEqual(6);
      expect(productLine(p).length).toBeGreaterThan(0);
    }
  });
});
