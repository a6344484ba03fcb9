import { z } from 'zod';
import { BOX_CATEGORIES, type BoxCategory, type MaterialType } from './categories.js';
import { createTermMatcher } from './match.js';

/*
 * The box types of the nine product box categories (SPEC §3). A box id is stored in projects,
 * chat messages and URLs: ids are never renumbered or reused. The hundreds digit is the
 * category id (1xx Product Boxes … 9xx Containers & Cups & Bowls); a new type takes the next
 * free number in its category. Id 0 means "no box chosen" (SPEC §4 box selection).
 */

/** How a pack is built; renderers and the dieline registry branch on it. */
export const GEOMETRY_KINDS = ['folding-carton', 'rigid-box', 'corrugated-box', 'bottle', 'can', 'jar', 'tube', 'pouch', 'bag', 'cup', 'bowl', 'tub'] as const;
export type GeometryKind = (typeof GEOMETRY_KINDS)[number];

/**
 * Default outside size of the product in millimetres.
 * - `cuboid`: length (front face width) × width (depth) × height, inside dimensions for boxes;
 * - `cylinder`: body diameter × overall height;
 * - `frustum`: cups, bowls and tubs (rim diameter, base diameter, height);
 * - `flat`: pouches and bags laid flat (width × height), with the gusset depth (0 = none).
 */
export type BoxDimensions =
  | { readonly shape: 'cuboid'; readonly length: number; readonly width: number; readonly height: number }
  | { readonly shape: 'cylinder'; readonly diameter: number; readonly height: number }
  | { readonly shape: 'frustum'; readonly topDiameter: number; readonly bottomDiameter: number; readonly height: number }
  | { readonly shape: 'flat'; readonly width: number; readonly height: number; readonly gusset: number };

export interface BoxTypeDef {
  /** Stable numeric id; the hundreds digit is the category id. */
  readonly id: number;
  /** Stable URL-safe identifier. */
  readonly slug: string;
  /** Display name. */
  readonly name: string;
  readonly categoryId: BoxCategory['id'];
  readonly geometry: GeometryKind;
  readonly dimensions: BoxDimensions;
  readonly material: MaterialType;
  /** Industry standard style code when one exists (FEFCO). */
  readonly standard?: string;
  /** Phrases a customer may use for this type; unique across the catalogue. */
  readonly synonyms: readonly string[];
  readonly description: string;
}

const cuboid = (length: number, width: number, height: number) => ({ shape: 'cuboid', length, width, height }) as const;
const cylinder = (diameter: number, height: number) => ({ shape: 'cylinder', diameter, height }) as const;
const frustum = (topDiameter: number, bottomDiameter: number, height: number) => ({ shape: 'frustum', topDiameter, bottomDiameter, height }) as const;
const flat = (width: number, height: number, gusset: number) => ({ shape: 'flat', width, height, gusset }) as const;

export const BOX_TYPES = [
  // 1xx Product Boxes
  {
    id: 101,
    slug: 'reverse-tuck-end',
    name: 'Reverse Tuck End Box',
    categoryId: 1,
    geometry: 'folding-carton',
    dimensions: cuboid(60, 40, 150),
    material: 'WHITE_BOARD',
    synonyms: [
      'reverse tuck end',
      'reverse tuck',
      'rte box',
      'tuck end box',
      'tuck box',
      'product box',
      'folding carton',
      'retail box',
      'cosmetic box',
      'perfume box',
      'carton',
    ],
    description: 'Folding carton whose top tuck closes from the back and bottom tuck from the front.',
  },
  {
    id: 102,
    slug: 'straight-tuck-end',
    name: 'Straight Tuck End Box',
    categoryId: 1,
    geometry: 'folding-carton',
    dimensions: cuboid(80, 30, 120),
    material: 'WHITE_BOARD',
    synonyms: ['straight tuck end', 'straight tuck', 'ste box', 'tea box', 'card box'],
    description: 'Folding carton with both tucks hinged on the back panel, so the front stays clean.',
  },
  {
    id: 103,
    slug: 'auto-lock-bottom',
    name: 'Auto-Lock Bottom Box',
    categoryId: 1,
    geometry: 'folding-carton',
    dimensions: cuboid(80, 80, 160),
    material: 'WHITE_BOARD',
    synonyms: ['auto lock bottom', 'auto lock box', 'auto bottom', 'crash lock bottom', 'crash lock', 'lock bottom box', 'bottle box', 'candle box'],
    description: 'Tuck top with a pre-glued crash-lock bottom that snaps shut when the carton is opened: for heavier products.',
  },
  {
    id: 104,
    slug: 'two-piece-rigid',
    name: 'Two-Piece Rigid Box',
    categoryId: 1,
    geometry: 'rigid-box',
    dimensions: cuboid(200, 150, 80),
    material: 'WHITE_BOARD',
    synonyms: [
      'two piece rigid box',
      'rigid box',
      'two piece box',
      'lid and base box',
      'lid and base',
      'gift box',
      'luxury box',
      'shoe box',
      'setup box',
      'telescope box',
    ],
    description: 'Grey board lid and base wrapped in printed paper.',
  },
  {
    id: 105,
    slug: 'sleeve',
    name: 'Sleeve',
    categoryId: 1,
    geometry: 'folding-carton',
    dimensions: cuboid(100, 30, 70),
    material: 'WHITE_BOARD',
    synonyms: ['sleeve', 'box sleeve', 'slip sleeve', 'sleeve box', 'soap sleeve', 'packaging sleeve'],
    description: 'Open-ended printed band that slides over a tray or product.',
  },
  {
    id: 106,
    slug: 'pillow',
    name: 'Pillow Box',
    categoryId: 1,
    geometry: 'folding-carton',
    dimensions: cuboid(80, 25, 120),
    material: 'WHITE_BOARD',
    synonyms: ['pillow box', 'pillow pack', 'pillow', 'favor box', 'favour box'],
    description: 'Curved-end carton closed by folding its lens-shaped ends: for small gifts and accessories.',
  },
  {
    id: 107,
    slug: 'display-box',
    name: 'Counter Display Box',
    categoryId: 1,
    geometry: 'folding-carton',
    dimensions: cuboid(200, 150, 60),
    material: 'WHITE_BOARD',
    synonyms: ['counter display box', 'display box', 'counter display', 'display tray', 'pdq', 'shelf ready packaging', 'countertop display'],
    description: 'Open tray with a low front lip and a folded-over header card above the products.',
  },
  // 2xx Shipping Boxes
  {
    id: 201,
    slug: 'mailer-box',
    name: 'Mailer Box (FEFCO 0427)',
    categoryId: 2,
    geometry: 'corrugated-box',
    dimensions: cuboid(250, 180, 80),
    material: 'KRAFT',
    standard: 'FEFCO 0427',
    synonyms: [
      'mailer box',
      'mailer',
      'fefco 0427',
      'roll end tuck front',
      'subscription box',
      'postal box',
      'e commerce box',
      'ecommerce box',
      'literature mailer',
    ],
    description: 'One-piece corrugated mailer with double side walls and a tuck-in front lid.',
  },
  {
    id: 202,
    slug: 'rsc-0201',
    name: 'Regular Slotted Container (FEFCO 0201)',
    categoryId: 2,
    geometry: 'corrugated-box',
    dimensions: cuboid(300, 200, 200),
    material: 'KRAFT',
    standard: 'FEFCO 0201',
    synonyms: [
      'regular slotted container',
      'rsc',
      'fefco 0201',
      'shipping box',
      'shipping carton',
      'corrugated box',
      'cardboard box',
      'moving box',
      'master carton',
      'outer carton',
    ],
    description: 'The standard shipping carton: four panels and flaps that meet in the middle.',
  },
  {
    id: 203,
    slug: 'hsc-0200',
    name: 'Half Slotted Container (FEFCO 0200)',
    categoryId: 2,
    geometry: 'corrugated-box',
    dimensions: cuboid(300, 200, 150),
    material: 'KRAFT',
    standard: 'FEFCO 0200',
    synonyms: ['half slotted container', 'hsc', 'fefco 0200', 'open top box', 'open top carton'],
    description: 'Slotted container without top flaps: for trays and boxes closed by a separate lid.',
  },
  {
    id: 204,
    slug: 'fol-0203',
    name: 'Full Overlap Container (FEFCO 0203)',
    categoryId: 2,
    geometry: 'corrugated-box',
    dimensions: cuboid(300, 200, 200),
    material: 'KRAFT',
    standard: 'FEFCO 0203',
    synonyms: ['full overlap container', 'full overlap', 'fol box', 'fefco 0203'],
    description: 'Slotted container whose outer flaps overlap fully for a stronger, stackable top.',
  },
  // 3xx Beverage Bottles
  {
    id: 301,
    slug: 'wine-bottle',
    name: 'Wine Bottle',
    categoryId: 3,
    geometry: 'bottle',
    dimensions: cylinder(76, 300),
    material: 'GLASS_GLOSSY',
    synonyms: ['wine bottle', 'wine label', 'champagne bottle', 'bordeaux bottle'],
    description: '750 ml wine bottle with a front and a back label.',
  },
  {
    id: 302,
    slug: 'beer-bottle',
    name: 'Beer Bottle',
    categoryId: 3,
    geometry: 'bottle',
    dimensions: cylinder(61, 230),
    material: 'GLASS_GLOSSY',
    synonyms: ['beer bottle', 'beer label', 'longneck', 'long neck bottle'],
    description: '330 ml long-neck beer bottle with front and back labels.',
  },
  {
    id: 303,
    slug: 'water-bottle',
    name: 'Water Bottle',
    categoryId: 3,
    geometry: 'bottle',
    dimensions: cylinder(65, 205),
    material: 'PLASTIC_GLOSSY',
    synonyms: ['water bottle', 'pet bottle', 'plastic bottle', 'mineral water'],
    description: '500 ml PET bottle with a wrap-around label.',
  },
  {
    id: 304,
    slug: 'juice-bottle',
    name: 'Juice Bottle',
    categoryId: 3,
    geometry: 'bottle',
    dimensions: cylinder(70, 190),
    material: 'PLASTIC_GLOSSY',
    synonyms: ['juice bottle', 'smoothie bottle', 'milk bottle', 'drink bottle', 'beverage bottle', 'kombucha bottle'],
    description: '400 ml round bottle with a wrap-around label.',
  },
  {
    id: 305,
    slug: 'spirits-bottle',
    name: 'Spirits Bottle',
    categoryId: 3,
    geometry: 'bottle',
    dimensions: cylinder(85, 280),
    material: 'GLASS_GLOSSY',
    synonyms: ['spirits bottle', 'liquor bottle', 'whisky bottle', 'whiskey bottle', 'vodka bottle', 'gin bottle', 'rum bottle', 'tequila bottle'],
    description: '700 ml spirits bottle with a front and a back label.',
  },
  // 4xx Cosmetic Bottles
  {
    id: 401,
    slug: 'dropper-bottle',
    name: 'Dropper Bottle',
    categoryId: 4,
    geometry: 'bottle',
    dimensions: cylinder(32, 95),
    material: 'GLASS_GLOSSY',
    synonyms: ['dropper bottle', 'serum bottle', 'essential oil bottle', 'tincture bottle', 'dropper'],
    description: '30 ml glass dropper bottle with a wrap-around label.',
  },
  {
    id: 402,
    slug: 'pump-bottle',
    name: 'Pump Bottle',
    categoryId: 4,
    geometry: 'bottle',
    dimensions: cylinder(55, 170),
    material: 'PLASTIC_MATT',
    synonyms: ['pump bottle', 'lotion bottle', 'soap dispenser', 'hand wash bottle', 'hand soap bottle'],
    description: '250 ml lotion bottle with a pump, front and back labels.',
  },
  {
    id: 403,
    slug: 'spray-bottle',
    name: 'Spray Bottle',
    categoryId: 4,
    geometry: 'bottle',
    dimensions: cylinder(40, 120),
    material: 'GLASS_GLOSSY',
    synonyms: ['spray bottle', 'mist bottle', 'perfume bottle', 'fragrance bottle', 'toner bottle', 'atomizer'],
    description: '100 ml spray bottle with a wrap-around label.',
  },
  {
    id: 404,
    slug: 'shampoo-bottle',
    name: 'Shampoo Bottle',
    categoryId: 4,
    geometry: 'bottle',
    dimensions: cylinder(60, 190),
    material: 'PLASTIC_GLOSSY',
    synonyms: ['shampoo bottle', 'conditioner bottle', 'body wash bottle', 'flip cap bottle', 'cosmetic bottle'],
    description: '300 ml flip-cap bottle with front and back labels.',
  },
  // 5xx Pouches
  {
    id: 501,
    slug: 'stand-up-pouch',
    name: 'Stand-Up Pouch',
    categoryId: 5,
    geometry: 'pouch',
    dimensions: flat(130, 210, 80),
    material: 'PLASTIC_MATT',
    synonyms: ['stand up pouch', 'doypack', 'doy pack', 'pouch', 'zipper pouch', 'resealable pouch', 'snack pouch', 'spout pouch'],
    description: 'Doypack with a bottom gusset that lets it stand on the shelf.',
  },
  {
    id: 502,
    slug: 'flat-pouch',
    name: 'Flat Pouch',
    categoryId: 5,
    geometry: 'pouch',
    dimensions: flat(120, 170, 0),
    material: 'PLASTIC_GLOSSY',
    synonyms: ['flat pouch', 'three side seal pouch', '3 side seal pouch', 'lay flat pouch', 'pillow pouch'],
    description: 'Three-side-seal pouch folded at the bottom.',
  },
  {
    id: 503,
    slug: 'sachet',
    name: 'Sachet',
    categoryId: 5,
    geometry: 'pouch',
    dimensions: flat(60, 80, 0),
    material: 'PLASTIC_GLOSSY',
    synonyms: ['sachet', 'sample sachet', 'packet', 'four side seal pouch', '4 side seal pouch', 'single serve packet'],
    description: 'Small four-side-seal sample pack.',
  },
  {
    id: 504,
    slug: 'flat-bottom-pouch',
    name: 'Flat Bottom Pouch',
    categoryId: 5,
    geometry: 'pouch',
    dimensions: flat(120, 230, 70),
    material: 'PLASTIC_MATT',
    synonyms: ['flat bottom pouch', 'box pouch', 'block bottom pouch', 'flat bottom bag', 'square bottom pouch'],
    description: 'Box-shaped pouch with side gussets and a flat bottom panel.',
  },
  // 6xx Bags
  {
    id: 601,
    slug: 'paper-bag',
    name: 'Paper Bag (SOS)',
    categoryId: 6,
    geometry: 'bag',
    dimensions: flat(150, 280, 90),
    material: 'KRAFT',
    synonyms: ['paper bag', 'sos bag', 'grocery bag', 'lunch bag', 'bakery bag', 'kraft bag', 'bag'],
    description: 'Self-opening square-bottom paper bag with side gussets.',
  },
  {
    id: 602,
    slug: 'shopping-bag',
    name: 'Shopping Bag',
    categoryId: 6,
    geometry: 'bag',
    dimensions: flat(250, 320, 100),
    material: 'WHITE_BOARD',
    synonyms: ['shopping bag', 'carrier bag', 'gift bag', 'handle bag', 'retail bag', 'boutique bag'],
    description: 'Gusseted paper bag with a turned-over top and handles.',
  },
  {
    id: 603,
    slug: 'flat-paper-bag',
    name: 'Flat Paper Bag',
    categoryId: 6,
    geometry: 'bag',
    dimensions: flat(140, 220, 0),
    material: 'KRAFT',
    synonyms: ['flat paper bag', 'merchandise bag', 'envelope bag', 'flat bag', 'glassine bag'],
    description: 'Flat bag without gussets, glued along one side and the bottom.',
  },
  {
    id: 604,
    slug: 'side-gusset-bag',
    name: 'Side Gusset Bag',
    categoryId: 6,
    geometry: 'bag',
    dimensions: flat(110, 300, 60),
    material: 'PLASTIC_MATT',
    synonyms: ['side gusset bag', 'coffee bag', 'gusseted bag', 'coffee pouch', 'bean bag'],
    description: 'Film bag with folded side gussets and a back fin seal: the classic coffee bag.',
  },
  // 7xx Cans & Jars
  {
    id: 701,
    slug: 'beverage-can',
    name: 'Beverage Can (330 ml)',
    categoryId: 7,
    geometry: 'can',
    dimensions: cylinder(66, 115),
    material: 'METAL_GLOSSY',
    synonyms: ['beverage can', 'can', 'soda can', 'beer can', 'drink can', 'aluminium can', 'aluminum can', 'standard can'],
    description: 'Standard 330 ml aluminium can; the body is printed or sleeved all round.',
  },
  {
    id: 702,
    slug: 'slim-can',
    name: 'Sleek Can (330 ml)',
    categoryId: 7,
    geometry: 'can',
    dimensions: cylinder(58, 146),
    material: 'METAL_MATT',
    synonyms: ['slim can', 'sleek can', 'energy drink can', 'seltzer can', 'tall can'],
    description: 'Tall sleek 330 ml can for energy drinks and seltzers.',
  },
  {
    id: 703,
    slug: 'tin-can',
    name: 'Food Tin',
    categoryId: 7,
    geometry: 'can',
    dimensions: cylinder(73, 110),
    material: 'METAL_MATT',
    synonyms: ['tin can', 'food can', 'food tin', 'tin', 'soup can', 'canned food'],
    description: 'Steel food tin with a paper wrap label.',
  },
  {
    id: 704,
    slug: 'glass-jar',
    name: 'Glass Jar',
    categoryId: 7,
    geometry: 'jar',
    dimensions: cylinder(75, 95),
    material: 'GLASS_GLOSSY',
    synonyms: ['glass jar', 'jar', 'mason jar', 'jam jar', 'honey jar', 'sauce jar', 'pickle jar'],
    description: 'Round glass jar with a body label and a lid label.',
  },
  {
    id: 705,
    slug: 'cream-jar',
    name: 'Cosmetic Cream Jar',
    categoryId: 7,
    geometry: 'jar',
    dimensions: cylinder(60, 40),
    material: 'PLASTIC_GLOSSY',
    synonyms: ['cream jar', 'cosmetic jar', 'face cream jar', 'balm jar', 'candle jar'],
    description: 'Low wide jar with a band label and a lid label.',
  },
  // 8xx Tubes
  {
    id: 801,
    slug: 'cosmetic-tube',
    name: 'Cosmetic Squeeze Tube',
    categoryId: 8,
    geometry: 'tube',
    dimensions: cylinder(35, 150),
    material: 'PLASTIC_MATT',
    synonyms: ['cosmetic tube', 'squeeze tube', 'tube', 'cream tube', 'lotion tube', 'hand cream tube'],
    description: 'Plastic squeeze tube printed all round and crimped at the end.',
  },
  {
    id: 802,
    slug: 'toothpaste-tube',
    name: 'Toothpaste Tube',
    categoryId: 8,
    geometry: 'tube',
    dimensions: cylinder(40, 190),
    material: 'PLASTIC_GLOSSY',
    synonyms: ['toothpaste tube', 'toothpaste', 'laminate tube', 'ointment tube'],
    description: 'Laminate tube with a side seam, printed all round and crimped at the end.',
  },
  {
    id: 803,
    slug: 'paper-tube',
    name: 'Paper Tube',
    categoryId: 8,
    geometry: 'tube',
    dimensions: cylinder(80, 150),
    material: 'KRAFT',
    synonyms: ['paper tube', 'cardboard tube', 'kraft tube', 'cylinder box', 'tube box', 'round box', 'paper can'],
    description: 'Rigid paperboard cylinder with a telescoping lid, both wrapped in printed paper.',
  },
  {
    id: 804,
    slug: 'lip-balm-tube',
    name: 'Lip Balm Tube',
    categoryId: 8,
    geometry: 'tube',
    dimensions: cylinder(15, 67),
    material: 'PLASTIC_GLOSSY',
    synonyms: ['lip balm tube', 'lip balm', 'chapstick', 'lipstick tube', 'balm stick'],
    description: 'Twist-up stick with a wrap-around label.',
  },
  // 9xx Containers & Cups & Bowls
  {
    id: 901,
    slug: 'paper-cup',
    name: 'Paper Cup (8 oz)',
    categoryId: 9,
    geometry: 'cup',
    dimensions: frustum(80, 56, 92),
    material: 'WHITE_BOARD',
    synonyms: ['paper cup', 'cup', 'coffee cup', 'hot cup', 'takeaway cup', 'espresso cup'],
    description: '8 oz hot drink cup; the printed wall is a conical fan.',
  },
  {
    id: 902,
    slug: 'cold-cup',
    name: 'Tall Cup (16 oz)',
    categoryId: 9,
    geometry: 'cup',
    dimensions: frustum(90, 60, 135),
    material: 'WHITE_BOARD',
    synonyms: ['cold cup', 'tall cup', 'smoothie cup', 'bubble tea cup', 'milkshake cup', 'soda cup'],
    description: '16 oz tall cup for cold drinks.',
  },
  {
    id: 903,
    slug: 'ice-cream-cup',
    name: 'Ice Cream Cup',
    categoryId: 9,
    geometry: 'cup',
    dimensions: frustum(95, 75, 60),
    material: 'WHITE_BOARD',
    synonyms: ['ice cream cup', 'ice cream tub', 'dessert cup', 'yogurt cup', 'frozen yogurt cup', 'gelato cup'],
    description: 'Low wide cup for ice cream and desserts.',
  },
  {
    id: 904,
    slug: 'paper-bowl',
    name: 'Paper Bowl',
    categoryId: 9,
    geometry: 'bowl',
    dimensions: frustum(150, 120, 70),
    material: 'WHITE_BOARD',
    synonyms: ['paper bowl', 'bowl', 'soup bowl', 'salad bowl', 'noodle bowl', 'food bowl', 'poke bowl'],
    description: 'Wide paper food bowl.',
  },
  {
    id: 905,
    slug: 'food-container',
    name: 'Round Food Container',
    categoryId: 9,
    geometry: 'tub',
    dimensions: frustum(118, 100, 80),
    material: 'PLASTIC_GLOSSY',
    synonyms: ['food container', 'container', 'takeaway container', 'deli container', 'round container', 'plastic tub', 'tub'],
    description: 'Round plastic tub with an in-mould label around the wall.',
  },
] as const satisfies readonly BoxTypeDef[];

export type BoxType = (typeof BOX_TYPES)[number];
/** Every id of the catalogue, as a literal union: maps keyed by BoxId are checked for completeness. */
export type BoxId = BoxType['id'];
export type BoxSlug = BoxType['slug'];

/** "No box chosen" (SPEC §4 box selection). */
export const NO_BOX_ID = 0;

const byId = new Map<number, BoxType>(BOX_TYPES.map((b) => [b.id, b]));
const bySlug = new Map<string, BoxType>(BOX_TYPES.map((b) => [b.slug, b]));

export function isBoxId(id: number): id is BoxId {
  return byId.has(id);
}

export function boxById(id: number): BoxType | undefined {
  return byId.get(id);
}

export function boxBySlug(slug: string): BoxType | undefined {
  return bySlug.get(slug);
}

export function boxCategoryOf(box: BoxTypeDef): BoxCategory {
  const category = BOX_CATEGORIES.find((c) => c.id === box.categoryId);
  // categoryId is typed from BOX_CATEGORIES ids, so a miss is a programming error.
  if (!category) throw new Error(`Box ${box.id} has no category`);
  return category;
}

/** The categories with their box types, in catalogue order (what the box picker shows). */
export function boxCatalog(): { category: BoxCategory; boxes: BoxType[] }[] {
  return BOX_CATEGORIES.map((category) => ({ category, boxes: BOX_TYPES.filter((b) => b.categoryId === category.id) }));
}

const boxMatcher = createTermMatcher<BoxType>(BOX_TYPES, (b) => [b.slug]);

/** Box types named in free text, in order of appearance ("a doypack and a mailer box" → [501, 201]). */
export function findBoxesInText(text: string): BoxType[] {
  return boxMatcher.find(text);
}

/** The box type a single phrase names ("Mailer box", "doypack", "rsc-0201"), if any. */
export function lookupBox(phrase: string): BoxType | undefined {
  return boxMatcher.lookup(phrase);
}

/** A catalogue box id, accepted from JSON as a number or a numeric string. */
export const BoxIdSchema = z.coerce
  .number({ error: 'box id must be a number.' })
  .int('box id must be a whole number.')
  .refine(isBoxId, { message: 'Unknown box id.' })
  .transform((id) => id);

/** A catalogue box id or 0 for "no box chosen". */
export const BoxIdOrNoneSchema = z.coerce
  .number({ error: 'box id must be a number.' })
  .int('box id must be a whole number.')
  .refine((id) => id === NO_BOX_ID || isBoxId(id), { message: 'Unknown box id.' })
  .transform((id) => id);

export const BoxSlugSchema = z.enum(BOX_TYPES.map((b) => b.slug) as [BoxSlug, ...BoxSlug[]]);
