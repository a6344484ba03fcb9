import { describe, expect, it } from 'vitest';
import { COLOUR_TAGS, DESIGN_IDEA_CATEGORIES, KEYWORD_TAGS, STYLE_TAGS, boxBySlug } from '@packsmith/contracts';
import { IDEA_BRIEFS } from './idea-briefs.js';
import { ideaSeedPlan, seedOf } from './idea-seed.js';

const styles = new Set<string>(STYLE_TAGS.map((s) => s.slug));
const colours = new Set<string>(COLOUR_TAGS.map((c) => c.slug));
const keywords = new Set(KEYWORD_TAGS.map((k) => k.slug));

describe('the seed briefs', () => {
  it('hold at least 21 briefs in each of the 7 categories and 147 in all', () => {
    expect(IDEA_BRIEFS.length).toBeGreaterThanOrEqual(147);
    for (const { name } of DESIGN_IDEA_CATEGORIES) expect(IDEA_BRIEFS.filter((b) => b.category === name).length, name).toBeGreaterThanOrEqual(21);
  });

  it('have unique keys, and unique brand + product pairs', () => {
    expect(new Set(IDEA_BRIEFS.map((b) => b.key)).size).toBe(IDEA_BRIEFS.length);
    expect(new Set(IDEA_BRIEFS.map((b) => `${b.brand}|${b.product}`)).size).toBe(IDEA_BRIEFS.length);
  });

  it('name only catalogue boxes, styles, colours and elements', () => {
    for (const b of IDEA_BRIEFS) {
      expect(boxBySlug(b.box), `${b.key} box ${b.box}`).toBeDefined();
      for (const s of b.style) expect(styles.has(s), `${b.key} style ${s}`).toBe(true);
      for (const c of b.color) expect(colours.has(c), `${b.key} colour ${c}`).toBe(true);
      for (const e of b.element) expect(keywords.has(e), `${b.key} element ${e}`).toBe(true);
      expect(b.style.length).toBeGreaterThan(0);
      expect(b.color.length).toBeGreaterThan(0);
    }
  });

  it('tell a story of one or two sentences a brand owner would type', () => {
    for (const b of IDEA_BRIEFS) {
      const sentences = b.story.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, b.key).toBeGreaterThanOrEqual(1);
      expect(sentences.length, b.key).toBeLessThanOrEqual(2);
      expect(b.story.length, b.key).toBeLessThan(240);
    }
  });

  it('vary within every category: at least 4 box types, 6 styles and 6 colours', () => {
    for (const { name } of DESIGN_IDEA_CATEGORIES) {
      const of = IDEA_BRIEFS.filter((b) => b.category === name);
      expect(new Set(of.map((b) => b.box)).size, name).toBeGreaterThanOrEqual(4);
      expect(new Set(of.flatMap((b) => b.style)).size, name).toBeGreaterThanOrEqual(6);
      expect(new Set(of.flatMap((b) => b.color)).size, name).toBeGreaterThanOrEqual(6);
    }
  });
});

describe('the seed plan', () => {
  it('goes round the categories, so a partial seed shows every one', () => {
    const first = ideaSeedPlan(IDEA_BRIEFS, 7);
    expect(first.map((b) => b.category)).toEqual(DESIGN_IDEA_CATEGORIES.map((c) => c.name));
    expect(ideaSeedPlan(IDEA_BRIEFS, null)).toHaveLength(IDEA_BRIEFS.length);
    expect(ideaSeedPlan(IDEA_BRIEFS, 0)).toEqual([]);
  });

  it('renders each brief from a stable seed', () => {
    expect(seedOf('fb-morning-field-oat-milk')).toBe(seedOf('fb-morning-field-oat-milk'));
    expect(seedOf('a')).not.toBe(seedOf('b'));
    expect(Number.isInteger(seedOf('x'))).toBe(true);
  });
});
