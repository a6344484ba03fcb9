/**
 * Readers of the quotation selections in free text: sizes (mm, cm, inches), quantities ("5,000 pcs",
 * "1k", "ten thousand"), materials, print and finishes. Pure and shared by the typed message, the
 * edited chip (PUT /api/quotation/selection) and the LLM's answer, so every path accepts the same words.
 */
import {
  QUOTE_FINISH_LABELS,
  QUOTE_PRINT_LABELS,
  MATERIAL_TYPES,
  QUOTE_MAX_DIMENSION_MM,
  QUOTE_MAX_QUANTITY,
  normalizeTerm,
  type MaterialType,
  type QuoteFinish,
  type QuotePrint,
} from '@packsmith/contracts';

/** Inside dimensions in mm as the engine takes them (round packs: length = diameter; flat packs: width = gusset). */
export interface SizeMm {
  readonly length_mm: number;
  readonly width_mm: number;
  readonly height_mm: number;
}

/** A reader's answer: a value, a problem to tell the user (nothing changes), or nothing found. */
export type Parsed<T> = { readonly value: T } | { readonly error: string } | null;

// ------------------------------------------------------------------------------------------ sizes

const UNIT_MM: Record<string, number> = {
  mm: 1,
  millimetre: 1,
  millimetres: 1,
  millimeter: 1,
  millimeters: 1,
  cm: 10,
  centimetre: 10,
  centimetres: 10,
  centimeter: 10,
  centimeters: 10,
  m: 1000,
  metre: 1000,
  metres: 1000,
  meter: 1000,
  meters: 1000,
  in: 25.4,
  inch: 25.4,
  inches: 25.4,
  '"': 25.4,
  '″': 25.4,
  "''": 25.4,
};
const UNIT = String.raw`(mm|millimet(?:re|er)s?|cm|centimet(?:re|er)s?|m|met(?:re|er)s?|inch(?:es)?|in|"|″|'')`;
const NUM = String.raw`(-?\d+(?:[.,]\d+)?)`;
const SEP = String.raw`\s*(?:x|×|\*|by)\s*`;
/** "80x40x150", "80 x 40 x 150 mm", '3"x2"x5"', "3 x 1.5 x 6 in", "120 x 200" (two for round and flat packs). */
const DIMS_RE = new RegExp(String.raw`${NUM}\s*${UNIT}?(?:${SEP}${NUM}\s*${UNIT}?)(?:${SEP}${NUM}\s*${UNIT}?)?(?![a-z])`, 'i');
/** One measure with a unit: "8 cm", "10 m", "6 in". */
const ONE_RE = new RegExp(String.raw`(?:^|[^\w.-])${NUM}\s*${UNIT}(?![a-z])`, 'i');

function unitOf(u: string | undefined): number | undefined {
  return u === undefined ? undefined : UNIT_MM[u.toLowerCase()];
}

const mmText = (mm: number) => (mm >= 1000 ? `${+(mm / 1000).toFixed(2)} m (${Math.round(mm)} mm)` : `${+mm.toFixed(1)} mm`);

function checkDimension(mm: number, raw: string): string | null {
  if (!Number.isFinite(mm)) return `I couldn't read "${raw}" as a size.`;
  if (mm < 0) return `A size cannot be negative (${raw}).`;
  if (mm === 0) return `A size must be greater than 0 mm (${raw}).`;
  if (mm > QUOTE_MAX_DIMENSION_MM) return `${raw} is ${mmText(mm)}; the largest pack we quote is ${QUOTE_MAX_DIMENSION_MM} mm on a side.`;
  return null;
}

/** Where in the text a size was read (so the quantity reader skips its numbers). */
export interface SizeHit {
  readonly dims: readonly number[];
  readonly start: number;
  readonly end: number;
}

/** The numbers of a size in mm, in the order written; a unit written once applies to all (mm when none). */
export function findSize(text: string): Parsed<SizeHit> {
  const t = text.replace(/(\d),(\d{3})(?!\d)/g, '$1$2');
  const m = DIMS_RE.exec(t);
  if (m) {
    const nums = [m[1], m[3], m[5]].filter((n): n is string => n !== undefined);
    const units = [m[2], m[4], m[6]];
    const shared = unitOf(units.filter((u): u is string => u !== undefined).at(-1)) ?? 1;
    const dims = nums.map((n, i) => Number(n.replace(',', '.')) * (unitOf(units[i]) ?? shared));
    for (const [i, mm] of dims.entries()) {
      const problem = checkDimension(mm, `${nums[i] ?? ''}${units[i] ?? (shared === 1 ? ' mm' : '')}`.trim());
      if (problem) return { error: problem };
    }
    return { value: { dims: dims.map(round1), start: m.index, end: m.index + m[0].length } };
  }
  const one = ONE_RE.exec(t);
  if (one?.[1] && one[2]) {
    const mm = Number(one[1].replace(',', '.')) * (unitOf(one[2]) ?? 1);
    const problem = checkDimension(mm, `${one[1]} ${one[2]}`);
    if (problem) return { error: problem };
    return { value: { dims: [round1(mm)], start: one.index, end: one.index + one[0].length } };
  }
  return null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Words that ask for the box type's catalogue size. */
export const DEFAULT_SIZE_RE = /(?:^| )(?:default|standard|usual|regular|typical|normal|you choose|any size|recommended)(?: size)?(?= |$)/;

// -------------------------------------------------------------------------------------- quantities

const SMALL: Record<string, number> = {
  a: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALE: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };

/** "ten thousand", "two and a half thousand" is rare: whole number words only ("five hundred", "a thousand"). */
function wordsNumber(norm: string): number | null {
  const m =
    /(?:^| )((?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|and) ?)+)(?= |$)/.exec(
      norm,
    );
  if (!m?.[1]) return null;
  const words = m[1].trim().split(' ');
  if (!words.some((w) => w in SCALE)) return null;
  let total = 0;
  let current = 0;
  for (const w of words) {
    if (w === 'and') continue;
    const small = SMALL[w];
    const scale = SCALE[w];
    if (small !== undefined) current += small;
    else if (scale === 100) current = (current || 1) * 100;
    else if (scale !== undefined) {
      total += (current || 1) * scale;
      current = 0;
    }
  }
  return total + current || null;
}

const QTY_AFTER_RE = /^\s*(?:pcs|pc|pieces?|units?|boxes|bottles|cans|jars|tubes|pouches|bags|cups|bowls|packs?|qty|copies|of them|items?|cartons?|mailers?)\b/;

function checkQuantity(n: number): Parsed<number> {
  if (!Number.isFinite(n) || n < 1) return { error: 'The quantity must be at least 1.' };
  if (!Number.isInteger(n)) return { error: `The quantity must be a whole number (${n}).` };
  if (n > QUOTE_MAX_QUANTITY) return { error: `We quote up to ${QUOTE_MAX_QUANTITY.toLocaleString('en-US')} pieces per order.` };
  return { value: n };
}

/**
 * A quantity in the text, numbers of a size already removed. A bare number counts when the quantity
 * is asked (`asked`) or it is 10 or more and not a measure ("300 ml", "2 colours"); "1k", "5,000 pcs",
 * "make it 5000" and number words always count.
 */
export function findQuantity(text: string, asked: boolean): Parsed<number> {
  const t = text
    .toLowerCase()
    .replace(/(\d)[,' ](\d{3})(?!\d)/g, '$1$2')
    .replace(/(\d)[,' ](\d{3})(?!\d)/g, '$1$2');
  // "1 m" is a metre, never a million: only "k", "thousand", "million" and "mio" scale a number.
  const k = /(?:^|[^\w.])(\d+(?:\.\d+)?)\s*(k|thousand|million|mio)\b/.exec(t);
  if (k?.[1] && k[2]) {
    const mult = k[2] === 'k' || k[2] === 'thousand' ? 1000 : 1_000_000;
    return checkQuantity(Math.round(Number(k[1]) * mult));
  }
  const words = wordsNumber(normalizeTerm(t));
  if (words !== null) return checkQuantity(words);
  const re = /(?:^|[^\w.\-/])(-?\d+(?:\.\d+)?)(?![\d.])\s*([a-z%"″]+)?/g;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    const n = Number(m[1]);
    const unit = m[2] ?? '';
    const after = t.slice(m.index + m[0].length - unit.length);
    if (/^(?:mm|cm|m|in|inch|inches|ml|l|g|gsm|kg|oz|lb|%|"|″|colou?rs?|sides?|c\b|pt|day|days|weeks?|x)\b/.test(unit) || /^["″]/.test(after)) continue;
    const before = t.slice(0, m.index + m[0].indexOf(m[1] ?? '')).trimEnd();
    const cued = QTY_AFTER_RE.test(after) || /(?:make it|quantity|qty|order of|order|need|want|of|for|x)\s*:?$/.test(before);
    if (asked || cued || n >= 10) return checkQuantity(n);
  }
  return null;
}

// -------------------------------------------------------------------------------------- materials

/** Everyday words for the nine SPEC §3 material types, longest first when read. */
const MATERIAL_WORDS: readonly (readonly [string, MaterialType])[] = [
  ['matte plastic', 'PLASTIC_MATT'],
  ['matt plastic', 'PLASTIC_MATT'],
  ['frosted plastic', 'PLASTIC_MATT'],
  ['soft touch plastic', 'PLASTIC_MATT'],
  ['plastic matt', 'PLASTIC_MATT'],
  ['plastic matte', 'PLASTIC_MATT'],
  ['glossy plastic', 'PLASTIC_GLOSSY'],
  ['gloss plastic', 'PLASTIC_GLOSSY'],
  ['clear plastic', 'PLASTIC_GLOSSY'],
  ['plastic glossy', 'PLASTIC_GLOSSY'],
  ['plastic', 'PLASTIC_GLOSSY'],
  ['pet', 'PLASTIC_GLOSSY'],
  ['hdpe', 'PLASTIC_GLOSSY'],
  ['polypropylene', 'PLASTIC_GLOSSY'],
  ['matte metal', 'METAL_MATT'],
  ['matt metal', 'METAL_MATT'],
  ['brushed metal', 'METAL_MATT'],
  ['brushed aluminium', 'METAL_MATT'],
  ['brushed aluminum', 'METAL_MATT'],
  ['metal matt', 'METAL_MATT'],
  ['metal matte', 'METAL_MATT'],
  ['shiny metal', 'METAL_GLOSSY'],
  ['glossy metal', 'METAL_GLOSSY'],
  ['metal glossy', 'METAL_GLOSSY'],
  ['metal', 'METAL_GLOSSY'],
  ['aluminium', 'METAL_GLOSSY'],
  ['aluminum', 'METAL_GLOSSY'],
  ['tinplate', 'METAL_GLOSSY'],
  ['steel', 'METAL_GLOSSY'],
  ['frosted glass', 'GLASS_MATT'],
  ['matte glass', 'GLASS_MATT'],
  ['matt glass', 'GLASS_MATT'],
  ['glass frosted', 'GLASS_MATT'],
  ['glass matt', 'GLASS_MATT'],
  ['clear glass', 'GLASS_GLOSSY'],
  ['glossy glass', 'GLASS_GLOSSY'],
  ['glass glossy', 'GLASS_GLOSSY'],
  ['glass', 'GLASS_GLOSSY'],
  ['corrugated flute', 'FLUTE'],
  ['corrugated', 'FLUTE'],
  ['cardboard', 'FLUTE'],
  ['fluted', 'FLUTE'],
  ['flute', 'FLUTE'],
  ['e flute', 'FLUTE'],
  ['b flute', 'FLUTE'],
  ['brown kraft', 'KRAFT'],
  ['kraft paper', 'KRAFT'],
  ['kraft board', 'KRAFT'],
  ['kraft', 'KRAFT'],
  ['brown board', 'KRAFT'],
  ['recycled brown', 'KRAFT'],
  ['white board', 'WHITE_BOARD'],
  ['whiteboard', 'WHITE_BOARD'],
  ['white cardboard', 'WHITE_BOARD'],
  ['white card', 'WHITE_BOARD'],
  ['paperboard', 'WHITE_BOARD'],
  ['folding board', 'WHITE_BOARD'],
  ['boxboard', 'WHITE_BOARD'],
  ['cardstock', 'WHITE_BOARD'],
  ['card stock', 'WHITE_BOARD'],
  ['ivory board', 'WHITE_BOARD'],
  ['coated board', 'WHITE_BOARD'],
  ['sbs', 'WHITE_BOARD'],
  ['fbb', 'WHITE_BOARD'],
  ...MATERIAL_TYPES.flatMap((m) => [[m.id.toLowerCase().replace(/_/g, ' '), m.id] as const, [m.name.toLowerCase(), m.id] as const]),
];
const MATERIAL_PATTERNS = [...MATERIAL_WORDS]
  .map(([w, id]) => ({ phrase: normalizeTerm(w), id }))
  .sort((a, b) => b.phrase.length - a.phrase.length)
  .map(({ phrase, id }) => ({ id, re: new RegExp(`(?:^| )${phrase}(?= |$)`) }));

/** The material a text names ("white board", "kraft", "cardboard" → FLUTE, "frosted glass"). */
export function findMaterial(text: string): MaterialType | undefined {
  const norm = normalizeTerm(text);
  const direct = MATERIAL_TYPES.find((m) => m.id === text.trim().toUpperCase());
  if (direct) return direct.id;
  return MATERIAL_PATTERNS.find((p) => p.re.test(norm))?.id;
}

// ------------------------------------------------------------------------------------------ print

const PRINT_PATTERNS: readonly (readonly [RegExp, QuotePrint])[] = [
  [
    /(?:^| )(?:both sides|two sides|2 sides|double sided|inside and out(?:side)?|outside and inside|inside too|4 4|cmyk both sides|print inside)(?= |$)/,
    'cmyk_both_sides',
  ],
  [/(?:^| )(?:no print(?:ing)?|unprinted|plain|blank|without print(?:ing)?|print none|none printed)(?= |$)/, 'none'],
  [/(?:^| )(?:one colou?r|1 colou?r|single colou?r|1c|black only|mono(?:chrome)?|one spot colou?r|1 spot colou?r)(?= |$)/, 'one_colour'],
  [/(?:^| )(?:two colou?rs?|2 colou?rs?|2c|two spot colou?rs?|2 spot colou?rs?|2 pantones?|two pantones?)(?= |$)/, 'two_colour'],
  [/(?:^| )(?:cmyk|full colou?r|4 colou?rs?|four colou?rs?|4c|colou?r print(?:ed|ing)?|printed|full print|process colou?rs?)(?= |$)/, 'cmyk'],
];

export const PRINT_LABELS = QUOTE_PRINT_LABELS;

export function findPrint(text: string): QuotePrint | undefined {
  const raw = text.trim().toLowerCase();
  const exact = (Object.keys(PRINT_LABELS) as QuotePrint[]).find((p) => p === raw || PRINT_LABELS[p].toLowerCase() === raw);
  if (exact) return exact;
  const norm = normalizeTerm(text);
  return PRINT_PATTERNS.find(([re]) => re.test(norm))?.[1];
}

// --------------------------------------------------------------------------------------- finishes

export const FINISH_LABELS = QUOTE_FINISH_LABELS;

const FINISH_PATTERNS: readonly (readonly [QuoteFinish, RegExp])[] = [
  ['matte_lamination', /(?:^| )(?:matte?|soft touch) (?:lamination|laminated|laminate|finish|film)(?= |$)|(?:^| )matte lamination(?= |$)/],
  ['gloss_lamination', /(?:^| )(?:gloss|glossy|shiny) (?:lamination|laminated|laminate|finish|film)(?= |$)/],
  ['spot_uv', /(?:^| )(?:spot uv|uv varnish|spot varnish|spot gloss)(?= |$)/],
  ['foil', /(?:^| )(?:(?:hot |gold |silver |copper |rose gold )?foil(?:ed|ing)?(?: stamp(?:ing|ed)?)?)(?= |$)/],
  ['emboss', /(?:^| )(?:emboss(?:ed|ing)?|deboss(?:ed|ing)?)(?= |$)/],
  ['window', /(?:^| )(?:(?:die cut |pet |clear |acetate )?window)(?= |$)/],
];
/** With the finishes asked, a bare "matte" or "gloss" means the lamination. */
const BARE_FINISH: readonly (readonly [QuoteFinish, RegExp])[] = [
  ['matte_lamination', /(?:^| )(?:matte?|soft touch)(?= |$)/],
  ['gloss_lamination', /(?:^| )(?:gloss|glossy)(?= |$)/],
];
const NO_FINISH_RE =
  /^(?:none|no|nothing|no finish(?:es|ing)?|without finish(?:es|ing)?|plain|no extras?|not needed|skip)$|(?:^| )(?:no finish(?:es|ing)?|without finish(?:es|ing)?|remove (?:all )?finish(?:es)?)(?= |$)/;

export interface FinishChange {
  /** The finishes named in the text. */
  readonly named: readonly QuoteFinish[];
  /** "no foil", "remove the window", "without spot UV". */
  readonly removed: readonly QuoteFinish[];
  /** "no finishes", "none". */
  readonly none: boolean;
  /** "add foil", "also emboss", "plus spot UV": added to the ones kept. */
  readonly adding: boolean;
}

export function findFinishes(text: string, asked: boolean): FinishChange | null {
  const norm = normalizeTerm(text);
  const chips = norm.split(/ ?,? and |, ?| ?\+ ?/).map((s) => s.trim());
  const named: QuoteFinish[] = [];
  const removed: QuoteFinish[] = [];
  const patterns = asked ? [...FINISH_PATTERNS, ...BARE_FINISH] : FINISH_PATTERNS;
  for (const [finish, re] of patterns) {
    const g = new RegExp(re.source, 'g');
    for (let m = g.exec(norm); m; m = g.exec(norm)) {
      const before = norm.slice(0, m.index).trimEnd();
      const negated = /(?:^| )(?:no|without|remove|drop|minus|not|skip|take off|lose)(?: the| any)?$/.test(before);
      if (negated) removed.push(finish);
      else if (!named.includes(finish)) named.push(finish);
    }
    // Label text of a chip ("Matte lamination, Foil") also reads here.
    for (const chip of chips) if (normalizeTerm(FINISH_LABELS[finish]) === chip && !named.includes(finish)) named.push(finish);
  }
  const none = NO_FINISH_RE.test(norm) && named.length === 0;
  if (named.length === 0 && removed.length === 0 && !none) return null;
  const adding = /(?:^| )(?:add|also|plus|with|and|include|including|too|as well)(?= |$)/.test(norm);
  return { named: named.filter((f) => !removed.includes(f)), removed, none, adding };
}
