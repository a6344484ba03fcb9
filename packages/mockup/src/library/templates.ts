/**
 * The mockup template library: the studio's ready-made templates, each a catalogue pack under a
 * named camera, light and background, in one of the eight mockup categories of SPEC §3
 * (`MOCKUP_CATEGORIES` in contracts). Pure data; `renderLibraryTemplate` renders one.
 *
 * Ids are stored by clients (favourites, projects): never renamed or reused.
 */
import { boxById, materialInfo, MOCKUP_CATEGORIES, type MaterialType, type MockupCategoryName, type MockupCategorySlug } from '@packsmith/contracts';
import type { TemplateLight } from '../template/index.js';

export interface LibraryTemplateRender {
  /** The pack, or a group's first pack. */
  readonly boxId: number;
  /** A group template: its 2–3 packs, left to right (`boxId` is the first). */
  readonly boxIds?: readonly number[];
  readonly camera: { readonly yawDeg: number; readonly pitchDeg: number };
  readonly light: TemplateLight;
  /** `#rrggbb` */
  readonly background: string;
}

export interface LibraryTemplateSpec {
  /** Stable slug, unique in the library. */
  readonly id: string;
  /** Human name: "Reverse Tuck End Box, three-quarter view from the right". */
  readonly name: string;
  readonly category: MockupCategoryName;
  /** The pack's surface material (the catalogue box's; a group's first pack's). */
  readonly material: MaterialType;
  readonly keywords: readonly string[];
  readonly render: LibraryTemplateRender;
}

/** Named camera angles of the library. */
export const TEMPLATE_ANGLES = {
  front: { yawDeg: 0, pitchDeg: 6, label: 'front view', slug: 'front' },
  'three-quarter-left': { yawDeg: -32, pitchDeg: 12, label: 'three-quarter view from the left', slug: 'three-quarter-left' },
  'three-quarter-right': { yawDeg: 32, pitchDeg: 12, label: 'three-quarter view from the right', slug: 'three-quarter-right' },
  low: { yawDeg: 24, pitchDeg: 2, label: 'low angle', slug: 'low' },
  high: { yawDeg: 28, pitchDeg: 34, label: 'high angle', slug: 'high' },
} as const;
export type TemplateAngle = keyof typeof TEMPLATE_ANGLES;

/** Named studio sweep colours of the library. */
export const TEMPLATE_BACKGROUNDS = {
  grey: { hex: '#e6e6e3', label: 'light grey' },
  cream: { hex: '#f3ede2', label: 'cream' },
  blue: { hex: '#dbe5ee', label: 'pale blue' },
  sage: { hex: '#dfe9dc', label: 'sage' },
  blush: { hex: '#f1dfe2', label: 'blush' },
  sand: { hex: '#d8c9b1', label: 'sand' },
  charcoal: { hex: '#34363b', label: 'charcoal' },
} as const;
export type TemplateBackground = keyof typeof TEMPLATE_BACKGROUNDS;

/** [category slug, box id (a group: 2–3 ids), angle, light, background] */
type Row = readonly [MockupCategorySlug, number | readonly number[], TemplateAngle, TemplateLight, TemplateBackground];

/*
 * The catalogue has 5 can/jar types, 4 tube types and 5 cup/bowl/container types: those
 * categories reach 8 templates with a second angle, light or background of the same pack.
 */
const ROWS: readonly Row[] = [
  // Boxes: the product cartons.
  ['boxes', 101, 'three-quarter-right', 'studio', 'grey'],
  ['boxes', 101, 'front', 'daylight', 'cream'],
  ['boxes', 102, 'three-quarter-left', 'studio', 'blue'],
  ['boxes', 103, 'high', 'daylight', 'grey'],
  ['boxes', 104, 'three-quarter-right', 'studio', 'blush'],
  ['boxes', 104, 'high', 'studio', 'charcoal'],
  ['boxes', 106, 'low', 'daylight', 'sage'],
  ['boxes', 202, 'three-quarter-left', 'studio', 'sand'],
  // Bottles & Jugs: every beverage and cosmetic bottle.
  ['bottles-jugs', 301, 'front', 'studio', 'grey'],
  ['bottles-jugs', 302, 'three-quarter-right', 'daylight', 'sand'],
  ['bottles-jugs', 303, 'low', 'daylight', 'blue'],
  ['bottles-jugs', 304, 'front', 'daylight', 'sage'],
  ['bottles-jugs', 305, 'three-quarter-left', 'studio', 'charcoal'],
  ['bottles-jugs', 401, 'front', 'studio', 'blush'],
  ['bottles-jugs', 402, 'three-quarter-right', 'studio', 'cream'],
  ['bottles-jugs', 403, 'low', 'daylight', 'grey'],
  ['bottles-jugs', 404, 'three-quarter-left', 'daylight', 'blue'],
  // Food Packaging: packs food comes in.
  ['food-packaging', 102, 'three-quarter-right', 'daylight', 'cream'],
  ['food-packaging', 103, 'front', 'studio', 'sand'],
  ['food-packaging', 105, 'three-quarter-left', 'daylight', 'sage'],
  ['food-packaging', 703, 'front', 'daylight', 'grey'],
  ['food-packaging', 903, 'high', 'studio', 'blush'],
  ['food-packaging', 904, 'high', 'daylight', 'cream'],
  ['food-packaging', 905, 'three-quarter-right', 'studio', 'blue'],
  ['food-packaging', 601, 'three-quarter-left', 'studio', 'sand'],
  ['food-packaging', 504, 'low', 'daylight', 'charcoal'],
  // Pouches & Sachets & Bags.
  ['pouches-sachets-bags', 501, 'three-quarter-right', 'studio', 'grey'],
  ['pouches-sachets-bags', 502, 'front', 'daylight', 'blush'],
  ['pouches-sachets-bags', 503, 'front', 'studio', 'cream'],
  ['pouches-sachets-bags', 504, 'three-quarter-left', 'studio', 'sage'],
  ['pouches-sachets-bags', 601, 'three-quarter-right', 'daylight', 'blue'],
  ['pouches-sachets-bags', 602, 'three-quarter-left', 'daylight', 'grey'],
  ['pouches-sachets-bags', 603, 'front', 'studio', 'sand'],
  ['pouches-sachets-bags', 604, 'low', 'studio', 'charcoal'],
  // Cans & Jars: 5 types, 3 repeated.
  ['cans-jars', 701, 'front', 'studio', 'grey'],
  ['cans-jars', 701, 'low', 'daylight', 'charcoal'],
  ['cans-jars', 702, 'three-quarter-right', 'studio', 'blue'],
  ['cans-jars', 702, 'front', 'daylight', 'sage'],
  ['cans-jars', 703, 'high', 'studio', 'sand'],
  ['cans-jars', 704, 'three-quarter-left', 'daylight', 'cream'],
  ['cans-jars', 704, 'high', 'studio', 'grey'],
  ['cans-jars', 705, 'high', 'daylight', 'blush'],
  // Tubes: 4 types, each twice.
  ['tubes', 801, 'front', 'studio', 'blush'],
  ['tubes', 801, 'three-quarter-right', 'daylight', 'grey'],
  ['tubes', 802, 'front', 'daylight', 'blue'],
  ['tubes', 802, 'low', 'studio', 'charcoal'],
  ['tubes', 803, 'three-quarter-left', 'studio', 'sand'],
  ['tubes', 803, 'high', 'daylight', 'cream'],
  ['tubes', 804, 'front', 'studio', 'sage'],
  ['tubes', 804, 'three-quarter-right', 'daylight', 'grey'],
  // Containers & Cups & Bowls: 5 types, 3 repeated.
  ['containers-cups-bowls', 901, 'front', 'studio', 'cream'],
  ['containers-cups-bowls', 901, 'high', 'daylight', 'charcoal'],
  ['containers-cups-bowls', 902, 'three-quarter-left', 'daylight', 'blue'],
  ['containers-cups-bowls', 902, 'low', 'studio', 'grey'],
  ['containers-cups-bowls', 903, 'front', 'daylight', 'blush'],
  ['containers-cups-bowls', 904, 'three-quarter-right', 'studio', 'sage'],
  ['containers-cups-bowls', 905, 'front', 'daylight', 'sand'],
  ['containers-cups-bowls', 905, 'high', 'studio', 'grey'],
  // Others: mailers, shipping cases, displays, sleeves.
  ['others', 201, 'three-quarter-right', 'studio', 'grey'],
  ['others', 201, 'high', 'daylight', 'sand'],
  ['others', 202, 'front', 'daylight', 'cream'],
  ['others', 203, 'three-quarter-left', 'studio', 'blue'],
  ['others', 204, 'three-quarter-right', 'daylight', 'sage'],
  ['others', 107, 'three-quarter-left', 'studio', 'blush'],
  ['others', 107, 'front', 'daylight', 'grey'],
  ['others', 105, 'low', 'studio', 'charcoal'],
  // Groups of two or three packs, side by side.
  ['boxes', [101, 102, 103], 'three-quarter-right', 'studio', 'grey'],
  ['boxes', [104, 104], 'high', 'daylight', 'blue'],
  ['bottles-jugs', [301, 302, 305], 'front', 'studio', 'sand'],
  ['bottles-jugs', [401, 402, 404], 'three-quarter-left', 'daylight', 'blush'],
  ['food-packaging', [903, 904, 905], 'high', 'daylight', 'cream'],
  ['pouches-sachets-bags', [501, 504], 'three-quarter-right', 'studio', 'sage'],
  ['pouches-sachets-bags', [602, 603], 'front', 'daylight', 'grey'],
  ['cans-jars', [701, 702], 'front', 'studio', 'charcoal'],
  ['cans-jars', [704, 705], 'high', 'daylight', 'sand'],
  ['tubes', [801, 802, 804], 'front', 'studio', 'blue'],
  ['containers-cups-bowls', [901, 902, 903], 'three-quarter-right', 'daylight', 'grey'],
  ['others', [201, 202], 'three-quarter-left', 'studio', 'cream'],
];

const listed = (names: readonly string[]): string => (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`);

function templateOf([categorySlug, ids, angleKey, light, bgKey]: Row): LibraryTemplateSpec {
  const boxIds = typeof ids === 'number' ? [ids] : ids;
  const boxes = boxIds.map((id) => {
    const box = boxById(id);
    // The rows are checked by the library's tests; a miss is a programming error.
    if (!box) throw new Error(`Library template names unknown box ${id}`);
    return box;
  });
  const box = boxes[0]!;
  const group = boxes.length > 1;
  const category = MOCKUP_CATEGORIES.find((c) => c.slug === categorySlug)!;
  const angle = TEMPLATE_ANGLES[angleKey];
  const bg = TEMPLATE_BACKGROUNDS[bgKey];
  const material = box.material as MaterialType;
  const distinct = [...new Set(boxes)];
  const keywords = [
    ...new Set(
      [
        ...distinct.flatMap((b) => b.synonyms.slice(0, group ? 2 : 4)),
        ...distinct.map((b) => b.name.toLowerCase()),
        ...(group ? ['group', 'set', 'range'] : []),
        category.name.toLowerCase(),
        angle.label,
        light,
        `${bg.label} background`,
        materialInfo(material).name.toLowerCase(),
      ].map((k) => k.trim()),
    ),
  ];
  const what = group
    ? distinct.length === 1
      ? `${boxes.length === 2 ? 'Pair' : 'Trio'}: ${box.name}`
      : `Group: ${listed(boxes.map((b) => b.name))}`
    : box.name;
  const slug = group ? `group-${boxes.map((b) => b.slug).join('-')}` : box.slug;
  return {
    id: `${category.slug}-${slug}-${angle.slug}-${light}-${bgKey}`,
    name: `${what}, ${angle.label}, ${light === 'daylight' ? 'daylight' : 'studio light'} on ${bg.label}`,
    category: category.name,
    material,
    keywords,
    render: { boxId: box.id, ...(group ? { boxIds } : {}), camera: { yawDeg: angle.yawDeg, pitchDeg: angle.pitchDeg }, light, background: bg.hex },
  };
}

const order = (t: LibraryTemplateSpec): number => MOCKUP_CATEGORIES.findIndex((c) => c.name === t.category);

/** Every library template, by category in `MOCKUP_CATEGORIES` order (single packs, then groups). */
export const MOCKUP_TEMPLATES: readonly LibraryTemplateSpec[] = ROWS.map(templateOf).sort((a, b) => order(a) - order(b));

const byId = new Map(MOCKUP_TEMPLATES.map((t) => [t.id, t]));

export function libraryTemplate(id: string): LibraryTemplateSpec | undefined {
  return byId.get(id);
}

/** The templates of one category, in library order. */
export function libraryTemplatesIn(category: MockupCategoryName): LibraryTemplateSpec[] {
  return MOCKUP_TEMPLATES.filter((t) => t.category === category);
}
