import { describe, expect, it } from 'vitest';
import {
  BOX_CATEGORIES,
  BOX_TYPES,
  BoxIdOrNoneSchema,
  BoxIdSchema,
  boxById,
  boxCatalog,
  boxCategoryOf,
  COLOUR_TAGS,
  ColourSlugSchema,
  DESIGN_IDEA_CATEGORIES,
  findBoxesInText,
  findColoursInText,
  findKeywordsInText,
  findStylesInText,
  KEYWORD_TAGS,
  lookupBox,
  lookupColour,
  lookupKeyword,
  lookupStyle,
  MATERIAL_TYPES,
  MOCKUP_CATEGORIES,
  normalizeTerm,
  STYLE_TAGS,
  StyleSlugSchema,
} from '../index.js';

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const v of values) (seen.has(v) ? dups : seen).add(v);
  return [...dups];
}

describe('box catalogue', () => {
  it('has the nine categories of the spec, in order', () => {
    expect(BOX_CATEGORIES.map((c) => c.name)).toEqual([
      'Product Boxes',
      'Shipping Boxes',
      'Beverage Bottles',
      'Cosmetic Bottles',
      'Pouches',
      'Bags',
      'Cans & Jars',
      'Tubes',
      'Containers & Cups & Bowls',
    ]);
  });

  it('gives every category at least three box types', () => {
    for (const { category, boxes } of boxCatalog()) expect(boxes.length, category.name).toBeGreaterThanOrEqual(3);
    expect(BOX_TYPES.length).toBeGreaterThanOrEqual(35);
  });

  it('keeps ids and slugs unique and ids in their category hundred', () => {
    expect(duplicates(BOX_TYPES.map((b) => String(b.id)))).toEqual([]);
    expect(duplicates(BOX_TYPES.map((b) => b.slug))).toEqual([]);
    for (const b of BOX_TYPES) {
      expect(Math.floor(b.id / 100), b.slug).toBe(b.categoryId);
      expect(b.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('pins the ids of the published box types (ids are never renumbered)', () => {
    const pinned: Record<string, number> = {
      'reverse-tuck-end': 101,
      'straight-tuck-end': 102,
      'auto-lock-bottom': 103,
      'two-piece-rigid': 104,
      sleeve: 105,
      pillow: 106,
      'display-box': 107,
      'mailer-box': 201,
      'rsc-0201': 202,
      'hsc-0200': 203,
      'fol-0203': 204,
      'wine-bottle': 301,
      'beer-bottle': 302,
      'water-bottle': 303,
      'juice-bottle': 304,
      'spirits-bottle': 305,
      'dropper-bottle': 401,
      'pump-bottle': 402,
      'spray-bottle': 403,
      'shampoo-bottle': 404,
      'stand-up-pouch': 501,
      'flat-pouch': 502,
      sachet: 503,
      'flat-bottom-pouch': 504,
      'paper-bag': 601,
      'shopping-bag': 602,
      'flat-paper-bag': 603,
      'side-gusset-bag': 604,
      'beverage-can': 701,
      'slim-can': 702,
      'tin-can': 703,
      'glass-jar': 704,
      'cream-jar': 705,
      'cosmetic-tube': 801,
      'toothpaste-tube': 802,
      'paper-tube': 803,
      'lip-balm-tube': 804,
      'paper-cup': 901,
      'cold-cup': 902,
      'ice-cream-cup': 903,
      'paper-bowl': 904,
      'food-container': 905,
    };
    for (const [slug, id] of Object.entries(pinned)) expect(boxById(id)?.slug, slug).toBe(slug);
  });

  it('gives every box positive default dimensions, a material of the spec and a category', () => {
    const materials = MATERIAL_TYPES.map((m) => m.id) as string[];
    for (const b of BOX_TYPES) {
      const { shape: _shape, ...sizes } = b.dimensions;
      for (const [k, v] of Object.entries(sizes)) {
        if (k === 'gusset') expect(v).toBeGreaterThanOrEqual(0);
        else expect(v, `${b.slug}.${k}`).toBeGreaterThan(0);
      }
      expect(materials).toContain(b.material);
      expect(boxCategoryOf(b).id).toBe(b.categoryId);
    }
  });

  it('never gives two box types the same phrase', () => {
    const phrases = BOX_TYPES.flatMap((b) => [b.name, b.slug, ...b.synonyms].map(normalizeTerm));
    // A box's own name may repeat one of its synonyms; across boxes a phrase must be unique.
    const owners = new Map<string, Set<number>>();
    for (const b of BOX_TYPES) {
      for (const p of [b.name, b.slug, ...b.synonyms].map(normalizeTerm)) owners.set(p, (owners.get(p) ?? new Set()).add(b.id));
    }
    expect([...owners].filter(([, ids]) => ids.size > 1).map(([p]) => p)).toEqual([]);
    expect(phrases.length).toBeGreaterThan(BOX_TYPES.length * 3);
  });

  it('finds the boxes a customer names in a sentence', () => {
    expect(findBoxesInText('I need a mailer box for my candles').map((b) => b.id)).toEqual([201]);
    expect(findBoxesInText('Kraft shipping boxes and a doypack').map((b) => b.id)).toEqual([202, 501]);
    expect(findBoxesInText('a stand-up pouch, not a flat pouch').map((b) => b.id)).toEqual([501, 502]);
    expect(findBoxesInText('tuck box').map((b) => b.id)).toEqual([101]);
    expect(findBoxesInText('coffee cups and soup bowls').map((b) => b.id)).toEqual([901, 904]);
    expect(findBoxesInText('a jar of honey and a can of soda').map((b) => b.id)).toEqual([704, 701]);
    expect(findBoxesInText('toothpaste in a tube').map((b) => b.id)).toEqual([802, 801]);
    expect(findBoxesInText('cupcakes at a cancan show')).toEqual([]);
    expect(findBoxesInText('')).toEqual([]);
  });

  it('looks a single phrase up by name, synonym or slug', () => {
    expect(lookupBox('Mailer Box (FEFCO 0427)')?.id).toBe(201);
    expect(lookupBox('Doypack')?.id).toBe(501);
    expect(lookupBox('rsc-0201')?.id).toBe(202);
    expect(lookupBox('spaceship')).toBeUndefined();
  });

  it('validates box ids from the API', () => {
    expect(BoxIdSchema.parse(201)).toBe(201);
    expect(BoxIdSchema.parse('501')).toBe(501);
    expect(BoxIdSchema.safeParse(999).error?.issues[0]?.message).toBe('Unknown box id.');
    expect(BoxIdSchema.safeParse(0).success).toBe(false);
    expect(BoxIdOrNoneSchema.parse(0)).toBe(0);
    expect(BoxIdOrNoneSchema.parse(104)).toBe(104);
    expect(BoxIdOrNoneSchema.safeParse(1.5).success).toBe(false);
  });
});

describe('other catalogues', () => {
  it('lists the design-idea and mockup categories and materials of the spec', () => {
    expect(DESIGN_IDEA_CATEGORIES.map((c) => c.name)).toEqual([
      'Food & Beverages',
      'Electronics',
      'Fashion & Beauty',
      'Health & Personal Care',
      'Household essentials',
      'Baby & Toys',
      'Others',
    ]);
    expect(MOCKUP_CATEGORIES.map((c) => c.name)).toEqual([
      'Boxes',
      'Bottles & Jugs',
      'Food Packaging',
      'Pouches & Sachets & Bags',
      'Cans & Jars',
      'Tubes',
      'Containers & Cups & Bowls',
      'Others',
    ]);
    expect(MATERIAL_TYPES.map((m) => m.id)).toEqual([
      'WHITE_BOARD',
      'KRAFT',
      'PLASTIC_GLOSSY',
      'PLASTIC_MATT',
      'METAL_GLOSSY',
      'METAL_MATT',
      'FLUTE',
      'GLASS_GLOSSY',
      'GLASS_MATT',
    ]);
  });
});

describe('tags', () => {
  it('has large lists with unique slugs and phrases', () => {
    expect(STYLE_TAGS.length).toBeGreaterThanOrEqual(40);
    expect(COLOUR_TAGS.length).toBeGreaterThanOrEqual(60);
    expect(KEYWORD_TAGS.length).toBeGreaterThanOrEqual(150);
    for (const list of [STYLE_TAGS, COLOUR_TAGS, KEYWORD_TAGS] as const) {
      expect(duplicates(list.map((t) => t.slug))).toEqual([]);
      const owners = new Map<string, Set<string>>();
      for (const t of list) {
        for (const p of [t.name, t.slug, ...t.synonyms].map(normalizeTerm)) owners.set(p, (owners.get(p) ?? new Set()).add(t.slug));
      }
      expect([...owners].filter(([, s]) => s.size > 1).map(([p]) => p)).toEqual([]);
    }
  });

  it('gives every colour a valid hex value', () => {
    for (const c of COLOUR_TAGS) expect(c.hex, c.slug).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('finds styles, colours and keywords in a brief', () => {
    const brief = 'A boho, hand drawn look in sage green and navy blue with gold foil accents, leaves and hop cones';
    expect(findStylesInText(brief).map((s) => s.slug)).toEqual(['bohemian', 'hand-drawn']);
    expect(findColoursInText(brief).map((c) => c.slug)).toEqual(['sage', 'navy', 'gold']);
    expect(findKeywordsInText(brief).map((k) => k.slug)).toEqual(['gold-foil-accents', 'leaves', 'hops']);
    expect(findColoursInText('grey or gray?').map((c) => c.slug)).toEqual(['grey']);
  });

  it('looks single tags up by name or synonym', () => {
    expect(lookupStyle('Art Deco')?.slug).toBe('art-deco');
    expect(lookupStyle('scandi')?.slug).toBe('scandinavian');
    expect(lookupColour('Navy Blue')?.hex).toBe('#1b2a4a');
    expect(lookupKeyword('sakura')?.slug).toBe('cherry-blossoms');
    expect(lookupColour('plaid')).toBeUndefined();
  });

  it('validates style and colour slugs from the API', () => {
    expect(StyleSlugSchema.parse('minimalist')).toBe('minimalist');
    expect(StyleSlugSchema.safeParse('ugly').error?.issues[0]?.message).toBe('Unknown style.');
    expect(ColourSlugSchema.parse('teal')).toBe('teal');
    expect(ColourSlugSchema.safeParse('#fff').success).toBe(false);
  });
});

describe('everyday phrases are not catalogue terms', () => {
  const read = (text: string) => ({
    boxes: findBoxesInText(text).map((b) => b.slug),
    styles: findStylesInText(text).map((t) => t.slug),
    colours: findColoursInText(text).map((t) => t.slug),
    keywords: findKeywordsInText(text).map((t) => t.slug),
  });

  it.each([
    ['can you make it blue', { boxes: [], colours: ['blue'] }],
    ['we can do a jar', { boxes: ['glass-jar'] }],
    ['I love roses', { keywords: ['roses'], colours: [] }],
    ['leave some white space for the logo', { keywords: [], colours: [] }],
    ['a pop of colour please', { styles: [] }],
    ['tested in our lab', { styles: [] }],
    ['sea salt crisps', { keywords: [] }],
  ])('%s', (text, expected) => {
    expect(read(text)).toMatchObject(expected);
  });

  it('still finds the real terms', () => {
    expect(read('a beverage can with hearts, pop art, ocean waves and outer space').boxes).toEqual(['beverage-can']);
    expect(read('pop art with hearts').styles).toEqual(['pop-art']);
    expect(read('hearts and the sea').keywords).toEqual(['hearts', 'ocean']);
    expect(read('a galaxy in outer space').keywords).toEqual(['galaxy']);
    expect(read('pharmaceutical, clinical look').styles).toEqual(['clinical']);
  });

  it('colours take no plural: "roses" are flowers, "creams" no colour', () => {
    expect(read('roses').colours).toEqual([]);
    expect(read('rose and cream').colours).toEqual(['rose', 'cream']);
  });
});
