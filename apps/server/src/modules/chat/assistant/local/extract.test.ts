import { boxBySlug, type DesignBrief } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_BRIEF, type Awaiting } from '../assistant.js';
import { extractBrief } from './extract.js';
import { BRIEF_SAMPLES } from './samples.js';

const read = (text: string, brief: Partial<DesignBrief> = {}, awaiting: Awaiting | null = null) =>
  extractBrief(text, { brief: { ...EMPTY_BRIEF, ...brief }, awaiting });

const sorted = (xs: readonly string[]) => [...xs].sort();

describe('extraction from free English briefs', () => {
  it('covers at least 40 varied briefs', () => {
    expect(BRIEF_SAMPLES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(BRIEF_SAMPLES.map((s) => [s.text, s] as const))('%s', (_text, sample) => {
    const u = read(sample.text);
    expect(u.product?.toLowerCase() ?? null).toBe(sample.product?.toLowerCase() ?? null);
    expect(u.brand).toBe(sample.brand);
    expect(u.boxes[0] ? (boxBySlug(u.boxes[0])?.id ?? null) : null).toBe(sample.box);
    expect(sorted(u.styles.add)).toEqual(sorted(sample.styles));
    expect(sorted([...u.colours.add, ...u.moodColours])).toEqual(sorted(sample.colours));
    expect(sorted(u.elements.add)).toEqual(sorted(sample.elements));
  });
});

describe('corrections and context', () => {
  const current = { product: 'cold brew coffee', brand: 'Nova', box: ['beverage-can'], box_id: 701, style: ['minimalist'], color: ['navy', 'cream'] };

  it('replaces the colours on "actually make it blue"', () => {
    const u = read('actually make it blue', current, 'confirm');
    expect(u.colours).toEqual({ add: ['blue'], remove: [], replace: true });
    expect(u.product).toBeNull();
  });

  it('adds to the colours on "add gold too"', () => {
    expect(read('add gold too', current, 'confirm').colours).toEqual({ add: ['gold'], remove: [], replace: false });
  });

  it('removes what the user no longer wants', () => {
    expect(read('no cream please', current, 'confirm').colours.remove).toEqual(['cream']);
    expect(read('without the leaves', current, 'confirm').elements.remove).toEqual(['leaves']);
    const u = read('not pink but blue', current, 'confirm');
    expect(u.colours.add).toEqual(['blue']);
    expect(u.colours.remove).toEqual(['pink']);
  });

  it('changes the brand and the product on request', () => {
    expect(read('change the brand to Nova Labs', current, 'confirm').brand).toBe('Nova Labs');
    expect(read('rename it to "Stellar"', current, 'confirm').brand).toBe('Stellar');
    expect(read('change the product to iced tea', current, 'confirm').product).toBe('iced tea');
  });

  it('reads "no, a pouch instead" as a new box', () => {
    expect(read('no, a pouch instead', current, 'confirm').boxes).toEqual(['stand-up-pouch']);
  });

  it('resolves a generic pack noun by the product', () => {
    expect(read('a bag please', { product: 'coffee beans' }, 'box').boxes).toEqual(['side-gusset-bag']);
    expect(read('a bag please', { product: 'sourdough bread' }, 'box').boxes).toEqual(['paper-bag']);
    expect(read('a jar', { product: 'night cream' }, 'box').boxes).toEqual(['cream-jar']);
    expect(read('a jar', { product: 'wildflower honey' }, 'box').boxes).toEqual(['glass-jar']);
    expect(read('bottle of wine for our vineyard', {}).boxes).toEqual(['wine-bottle']);
  });

  it('takes a bare answer as the field that was asked for', () => {
    expect(read('nova', { product: 'soap' }, 'brand').brand).toBe('Nova');
    expect(read("it's called Willow & Thyme", { product: 'soap' }, 'brand').brand).toBe('Willow & Thyme');
    expect(read("it's scented candles", {}, 'product').product).toBe('scented candles');
    expect(read('dog leashes', {}, 'product').product).toBe('dog leashes');
  });

  it('picks an offered box by its position', () => {
    expect(read('the second one', { product: 'coffee' }, 'box').choice).toBe(1);
    expect(read('option 3', { product: 'coffee' }, 'box').choice).toBe(2);
    expect(read('the first one', { product: 'coffee' }, null).choice).toBeNull();
  });

  it('notes a logo, or that there is none', () => {
    expect(read('I have a logo I can upload').logo).toBe('mentioned');
    expect(read("we don't have a logo").logo).toBe('declined');
    expect(read('minimalist please').logo).toBeNull();
  });
});

describe('what the message means', () => {
  it.each([
    ['generate', 'generate'],
    ['Go ahead!', 'generate'],
    ["ok let's go", 'generate'],
    ['yes', 'confirm'],
    ['looks good', 'confirm'],
    ["no that's all", 'confirm'],
    ['you choose', 'skip'],
    ['not sure, surprise me', 'skip'],
    ['hello', 'greeting'],
    ['thanks!', 'thanks'],
    ['how much does it cost?', 'question'],
    ['what is the weather like', 'question'],
  ] as const)('"%s" is %s', (text, intent) => {
    expect(read(text, { product: 'tea', brand: 'Steep' }, 'confirm').intent).toBe(intent);
  });

  it('treats a question that names things as a request', () => {
    const u = read('can you make it blue?', { product: 'tea', brand: 'Steep' }, 'confirm');
    expect(u.intent).toBeNull();
    expect(u.colours.add).toEqual(['blue']);
  });

  it('does not read idioms as tags', () => {
    const u = read("I'd love a minimalist look, can you do that? We can add the logo later");
    expect(u.elements.add).toEqual([]);
    expect(u.boxes).toEqual([]);
    expect(u.styles.add).toEqual(['minimalist']);
  });

  it('does not take occasions or places for brands', () => {
    expect(read('A gift box for Christmas').brand).toBeNull();
    expect(read('Chocolate for Valentine’s Day, red and pink').brand).toBeNull();
    expect(read('Selling on Amazon and Etsy, candles').brand).toBeNull();
  });

  it('reads nothing from an empty message', () => {
    const u = read('   ');
    expect(u.product).toBeNull();
    expect(u.intent).toBeNull();
  });

  it('copes with odd and very long messages', () => {
    const long = BRIEF_SAMPLES.map((x) => x.text)
      .join(' ')
      .slice(0, 4000);
    for (const text of [long, 'a'.repeat(4000), '🙂🙂 ☕️ !!!', '((([[*+?', '"""', "''", '- — -', 'I sell '.repeat(500), 'for '.repeat(900)]) {
      const started = performance.now();
      const u = read(text);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect((u.product ?? '').length).toBeLessThanOrEqual(80);
      expect((u.brand ?? '').length).toBeLessThanOrEqual(60);
    }
  });

  it('takes a person for a person, and doubt for no answer', () => {
    const u = read('My name is John and I sell knives');
    expect(u.brand).toBeNull();
    expect(u.product).toBe('knives');
    const unsure = read('hmm not sure yet', {}, 'product');
    expect(unsure.product).toBeNull();
    expect(unsure.intent).toBe('skip');
  });
});
