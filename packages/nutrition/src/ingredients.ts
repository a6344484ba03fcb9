/**
 * The ingredients statement: ingredients in descending order by weight (21 CFR 101.4(a); 1169/2011
 * Art. 18), allergens emphasised (EU Annex II's 14, to be printed in bold, Art. 21), and the US
 * "Contains" statement for the 9 major food allergens (FALCPA 2004 + FASTER Act 2021 for sesame).
 */
import { Dec, Ratio } from './decimal.js';
import { NutritionInputError, type Amount, type Region } from './types.js';

export type Allergen =
  | 'milk'
  | 'egg'
  | 'fish'
  | 'crustacean_shellfish'
  | 'tree_nuts'
  | 'peanuts'
  | 'wheat'
  | 'soy'
  | 'sesame'
  | 'gluten'
  | 'celery'
  | 'mustard'
  | 'sulphites'
  | 'lupin'
  | 'molluscs';

/** The US major food allergens (9) and the EU Annex II list (14). */
export const US_ALLERGENS: readonly Allergen[] = ['milk', 'egg', 'fish', 'crustacean_shellfish', 'tree_nuts', 'peanuts', 'wheat', 'soy', 'sesame'];
export const EU_ALLERGENS: readonly Allergen[] = [
  'gluten',
  'crustacean_shellfish',
  'egg',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'tree_nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
];

/**
 * Words that mark an allergen in an ingredient's name (matched as whole words, case-insensitive).
 * The US "Contains" names the tree nut, fish or shellfish species (FALCPA), so those words are kept.
 */
const WORDS: readonly [string, Allergen[], string?][] = [
  // Phrases that contain an allergen word but are not that allergen (the longer match wins).
  ['cocoa butter', []],
  ['shea butter', []],
  ['apple butter', []],
  ['coconut milk', []],
  ['coconut cream', []],
  ['cream of tartar', []],
  ['peanut butter', ['peanuts']],
  ['almond milk', ['tree_nuts'], 'Almonds'],
  ['cashew milk', ['tree_nuts'], 'Cashews'],
  ['soy milk', ['soy']],
  ['soya milk', ['soy']],
  ['oat milk', ['gluten']],
  ['rice milk', []],
  ['milk', ['milk']],
  ['butter', ['milk']],
  ['buttermilk', ['milk']],
  ['cream', ['milk']],
  ['cheese', ['milk']],
  ['yogurt', ['milk']],
  ['yoghurt', ['milk']],
  ['whey', ['milk']],
  ['casein', ['milk']],
  ['caseinate', ['milk']],
  ['lactose', ['milk']],
  ['ghee', ['milk']],
  ['egg', ['egg']],
  ['eggs', ['egg']],
  ['albumen', ['egg']],
  ['mayonnaise', ['egg']],
  ['fish', ['fish']],
  ['salmon', ['fish'], 'Salmon'],
  ['tuna', ['fish'], 'Tuna'],
  ['cod', ['fish'], 'Cod'],
  ['anchovy', ['fish'], 'Anchovy'],
  ['anchovies', ['fish'], 'Anchovy'],
  ['sardine', ['fish'], 'Sardine'],
  ['sardines', ['fish'], 'Sardine'],
  ['mackerel', ['fish'], 'Mackerel'],
  ['haddock', ['fish'], 'Haddock'],
  ['trout', ['fish'], 'Trout'],
  ['pollock', ['fish'], 'Pollock'],
  ['tilapia', ['fish'], 'Tilapia'],
  ['shrimp', ['crustacean_shellfish'], 'Shrimp'],
  ['prawn', ['crustacean_shellfish'], 'Shrimp'],
  ['prawns', ['crustacean_shellfish'], 'Shrimp'],
  ['crab', ['crustacean_shellfish'], 'Crab'],
  ['lobster', ['crustacean_shellfish'], 'Lobster'],
  ['crayfish', ['crustacean_shellfish'], 'Crayfish'],
  ['langoustine', ['crustacean_shellfish'], 'Langoustine'],
  ['almond', ['tree_nuts'], 'Almonds'],
  ['almonds', ['tree_nuts'], 'Almonds'],
  ['hazelnut', ['tree_nuts'], 'Hazelnuts'],
  ['hazelnuts', ['tree_nuts'], 'Hazelnuts'],
  ['walnut', ['tree_nuts'], 'Walnuts'],
  ['walnuts', ['tree_nuts'], 'Walnuts'],
  ['cashew', ['tree_nuts'], 'Cashews'],
  ['cashews', ['tree_nuts'], 'Cashews'],
  ['pecan', ['tree_nuts'], 'Pecans'],
  ['pecans', ['tree_nuts'], 'Pecans'],
  ['pistachio', ['tree_nuts'], 'Pistachios'],
  ['pistachios', ['tree_nuts'], 'Pistachios'],
  ['macadamia', ['tree_nuts'], 'Macadamia nuts'],
  ['brazil nut', ['tree_nuts'], 'Brazil nuts'],
  ['brazil nuts', ['tree_nuts'], 'Brazil nuts'],
  ['peanut', ['peanuts']],
  ['peanuts', ['peanuts']],
  ['groundnut', ['peanuts']],
  ['wheat', ['wheat', 'gluten']],
  ['spelt', ['wheat', 'gluten']],
  ['kamut', ['wheat', 'gluten']],
  ['durum', ['wheat', 'gluten']],
  ['semolina', ['wheat', 'gluten']],
  ['farina', ['wheat', 'gluten']],
  ['couscous', ['wheat', 'gluten']],
  ['bulgur', ['wheat', 'gluten']],
  ['seitan', ['wheat', 'gluten']],
  ['rye', ['gluten']],
  ['barley', ['gluten']],
  ['oat', ['gluten']],
  ['oats', ['gluten']],
  ['malt', ['gluten']],
  ['soy', ['soy']],
  ['soya', ['soy']],
  ['soybean', ['soy']],
  ['soybeans', ['soy']],
  ['tofu', ['soy']],
  ['edamame', ['soy']],
  ['miso', ['soy']],
  ['tempeh', ['soy']],
  ['sesame', ['sesame']],
  ['tahini', ['sesame']],
  ['celery', ['celery']],
  ['celeriac', ['celery']],
  ['mustard', ['mustard']],
  ['sulphite', ['sulphites']],
  ['sulphites', ['sulphites']],
  ['sulfite', ['sulphites']],
  ['sulfites', ['sulphites']],
  ['sulphur dioxide', ['sulphites']],
  ['sulfur dioxide', ['sulphites']],
  ['metabisulphite', ['sulphites']],
  ['metabisulfite', ['sulphites']],
  ['lupin', ['lupin']],
  ['lupine', ['lupin']],
  ['mussel', ['molluscs']],
  ['mussels', ['molluscs']],
  ['oyster', ['molluscs']],
  ['oysters', ['molluscs']],
  ['clam', ['molluscs']],
  ['clams', ['molluscs']],
  ['scallop', ['molluscs']],
  ['scallops', ['molluscs']],
  ['squid', ['molluscs']],
  ['calamari', ['molluscs']],
  ['octopus', ['molluscs']],
];

/** Allergens for which the US "Contains" names the species or kind instead of the class. */
const US_CONTAINS_NAME: Record<Allergen, string> = {
  milk: 'Milk',
  egg: 'Egg',
  fish: 'Fish',
  crustacean_shellfish: 'Shellfish',
  tree_nuts: 'Tree nuts',
  peanuts: 'Peanuts',
  wheat: 'Wheat',
  soy: 'Soy',
  sesame: 'Sesame',
  gluten: 'Gluten',
  celery: 'Celery',
  mustard: 'Mustard',
  sulphites: 'Sulphites',
  lupin: 'Lupin',
  molluscs: 'Molluscs',
};

export interface IngredientInput {
  name: string;
  /** Weight in the recipe (any consistent unit: the order and shares are relative). */
  grams: Amount;
  /** Allergens the name does not reveal ("natural flavour" made from milk); added to those found in the name. */
  allergens?: readonly Allergen[];
  /** A compound ingredient's own ingredients, printed in parentheses after its name. */
  sub_ingredients?: readonly IngredientInput[];
}

export interface TextSegment {
  text: string;
  /** EU/UK: allergen names are printed in bold (Art. 21(1)(b)); US: emphasis is optional, marked the same way. */
  bold: boolean;
}

export interface IngredientItem {
  name: string;
  grams: string;
  /** Share of the recipe, one decimal, half-up ("12.5"). */
  percent: string;
  allergens: Allergen[];
  sub_ingredients: IngredientItem[];
}

export interface IngredientStatement {
  items: IngredientItem[];
  /** "Ingredients: Wheat flour, sugar, …" as plain text. */
  text: string;
  /** The same text cut where emphasis changes. */
  segments: TextSegment[];
  /** Region's allergens found, in order of first appearance. */
  allergens: Allergen[];
  /** US only: "Contains: Wheat, Milk, Almonds." ("" when none). */
  contains: string;
}

export const MAX_INGREDIENTS = 300;

/** Array.isArray narrows a typed list to any[]; this keeps the element type (the input comes from JSON, so it is checked). */
function isList<T>(v: readonly T[]): v is readonly T[] {
  return Array.isArray(v);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
const MATCHERS = WORDS.map(([w, a, name]) => ({ re: new RegExp(`\\b${escapeRe(w)}\\b`, 'gi'), allergens: a, name }));

/** Allergen spans in a name: [start, end, allergens, species name]. */
function findAllergens(name: string): { start: number; end: number; allergens: Allergen[]; species?: string }[] {
  const found: { start: number; end: number; allergens: Allergen[]; species?: string }[] = [];
  for (const m of MATCHERS) {
    m.re.lastIndex = 0;
    for (let hit = m.re.exec(name); hit; hit = m.re.exec(name)) {
      const start = hit.index;
      const end = start + hit[0].length;
      // Whole words only (\b), but phrases overlap ("brazil nut" / "brazil nuts"): the longer one wins.
      const overlap = found.findIndex((f) => start < f.end && end > f.start);
      if (overlap >= 0) {
        if (end - start > found[overlap]!.end - found[overlap]!.start) found[overlap] = { start, end, allergens: m.allergens, species: m.name };
        continue;
      }
      found.push({ start, end, allergens: m.allergens, species: m.name });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

interface Ctx {
  region: Region;
  regionSet: ReadonlySet<Allergen>;
  found: Allergen[];
  contains: string[];
}

function readItems(list: readonly IngredientInput[], field: string, depth: number): { input: IngredientInput; grams: Dec; field: string }[] {
  if (!isList(list)) throw new NutritionInputError(field, `${field} must be a list.`);
  if (depth > 3) throw new NutritionInputError(field, 'Compound ingredients may nest at most 3 levels.');
  return list.map((input, i) => {
    const f = `${field}.${i}`;
    if (typeof input !== 'object' || input === null) throw new NutritionInputError(f, 'Each ingredient must be an object with a name and grams.');
    if (typeof input.name !== 'string' || !input.name.trim()) throw new NutritionInputError(`${f}.name`, 'Each ingredient needs a name.');
    if (input.name.length > 100) throw new NutritionInputError(`${f}.name`, 'An ingredient name must be at most 100 characters.');
    const grams = typeof input.grams === 'string' || typeof input.grams === 'number' ? Dec.parse(input.grams) : null;
    if (!grams) throw new NutritionInputError(`${f}.grams`, `The weight of ${input.name.trim()} must be a number of grams.`);
    if (grams.isNegative()) throw new NutritionInputError(`${f}.grams`, `The weight of ${input.name.trim()} must not be negative.`);
    for (const [j, a] of (input.allergens ?? []).entries()) {
      if (!US_ALLERGENS.includes(a) && !EU_ALLERGENS.includes(a)) throw new NutritionInputError(`${f}.allergens.${j}`, `Unknown allergen "${String(a)}".`);
    }
    return { input, grams, field: f };
  });
}

function build(list: readonly IngredientInput[], field: string, depth: number, ctx: Ctx, segments: TextSegment[]): IngredientItem[] {
  const rows = readItems(list, field, depth);
  const total = rows.reduce((acc, r) => acc.add(r.grams), Dec.ZERO);
  // Descending by weight; equal weights keep the order they were entered in (Array.prototype.sort is stable).
  rows.sort((a, b) => b.grams.cmp(a.grams));
  const items: IngredientItem[] = [];
  rows.forEach((r, idx) => {
    if (idx > 0) segments.push({ text: ', ', bold: false });
    const name = r.input.name.trim();
    const spans = findAllergens(name);
    const allergens = new Set<Allergen>();
    let pos = 0;
    for (const s of spans) {
      const relevant = s.allergens.filter((a) => ctx.regionSet.has(a));
      if (!relevant.length) continue;
      relevant.forEach((a) => allergens.add(a));
      if (s.start > pos) segments.push({ text: name.slice(pos, s.start), bold: false });
      segments.push({ text: name.slice(s.start, s.end), bold: true });
      pos = s.end;
      for (const a of relevant) noteContains(ctx, a, s.species);
    }
    const declared = (r.input.allergens ?? []).filter((a) => ctx.regionSet.has(a) && !allergens.has(a));
    if (declared.length && pos === 0) {
      // Nothing in the name says it: the whole name is the allergen's source and is emphasised.
      segments.push({ text: name, bold: true });
    } else if (pos < name.length) {
      segments.push({ text: name.slice(pos), bold: false });
    }
    for (const a of declared) {
      allergens.add(a);
      noteContains(ctx, a, undefined);
    }
    let subs: IngredientItem[] = [];
    if (r.input.sub_ingredients?.length) {
      segments.push({ text: ' (', bold: false });
      subs = build(r.input.sub_ingredients, `${r.field}.sub_ingredients`, depth + 1, ctx, segments);
      segments.push({ text: ')', bold: false });
      for (const s of subs) s.allergens.forEach((a) => allergens.add(a));
    }
    items.push({
      name,
      grams: r.grams.toString(),
      percent: total.isZero() ? '0' : Ratio.of(r.grams.mul(Dec.HUNDRED), total).roundTo(Dec.from('0.1')).toString(),
      allergens: [...allergens],
      sub_ingredients: subs,
    });
  });
  return items;
}

function noteContains(ctx: Ctx, a: Allergen, species: string | undefined): void {
  if (!ctx.found.includes(a)) ctx.found.push(a);
  if (ctx.region !== 'us') return;
  const word = (a === 'tree_nuts' || a === 'fish' || a === 'crustacean_shellfish') && species ? species : US_CONTAINS_NAME[a];
  if (!ctx.contains.includes(word)) ctx.contains.push(word);
}

/** Builds the ingredients statement for a region from a recipe's ingredients and their weights. */
export function ingredientStatement(ingredients: readonly IngredientInput[], region: Region): IngredientStatement {
  if (!isList(ingredients)) throw new NutritionInputError('ingredients', 'ingredients must be a list.');
  if (ingredients.length === 0) throw new NutritionInputError('ingredients', 'Give at least one ingredient.');
  if (ingredients.length > MAX_INGREDIENTS) {
    throw new NutritionInputError('ingredients', `A recipe may have at most ${MAX_INGREDIENTS} ingredients (got ${ingredients.length}).`);
  }
  const ctx: Ctx = { region, regionSet: new Set(region === 'us' ? US_ALLERGENS : EU_ALLERGENS), found: [], contains: [] };
  const segments: TextSegment[] = [{ text: 'Ingredients: ', bold: false }];
  const items = build(ingredients, 'ingredients', 0, ctx, segments);
  segments.push({ text: '.', bold: false });
  // Merge neighbours of the same weight so a renderer draws few runs.
  const merged: TextSegment[] = [];
  for (const s of segments) {
    const last = merged[merged.length - 1];
    if (last && last.bold === s.bold) last.text += s.text;
    else if (s.text) merged.push({ ...s });
  }
  return {
    items,
    text: merged.map((s) => s.text).join(''),
    segments: merged,
    allergens: ctx.found,
    contains: ctx.contains.length ? `Contains: ${ctx.contains.join(', ')}.` : '',
  };
}
