/**
 * Colour words a brief may carry. Names resolve to sRGB hex; modifier words ("pastel",
 * "earthy", "neon", …) steer lightness and chroma instead of naming a hue.
 *
 * The shared tag catalogue (`@packsmith/contracts`) is asked first, so a colour chosen in
 * the web's tag picker (or any of its synonyms) resolves to the same hex the picker shows;
 * this table covers the plain words it does not list.
 */
import { lookupColour } from '@packsmith/contracts';
import { type Hex, parseHex } from './color.js';

export const COLOR_NAMES: Readonly<Record<string, Hex>> = {
  red: '#d7263d',
  crimson: '#b3123a',
  scarlet: '#e03424',
  cherry: '#b5172c',
  ruby: '#9b1b30',
  burgundy: '#6e1a2d',
  maroon: '#6b1f2a',
  wine: '#722f37',
  raspberry: '#c2185b',
  pink: '#ec6fa0',
  rose: '#e07a95',
  blush: '#f2b8c0',
  magenta: '#d6247f',
  fuchsia: '#c81d9a',
  coral: '#f2705e',
  salmon: '#f4937a',
  peach: '#f7b58f',
  apricot: '#f5a962',
  orange: '#f07c1b',
  tangerine: '#f58a1f',
  amber: '#f0a30a',
  rust: '#b5512a',
  terracotta: '#c2673f',
  copper: '#b8703e',
  bronze: '#a97142',
  gold: '#c9a227',
  golden: '#c9a227',
  yellow: '#f4c430',
  lemon: '#f5dc3a',
  mustard: '#d4a017',
  honey: '#e3a82b',
  cream: '#f4ecd8',
  ivory: '#f8f3e6',
  beige: '#e8dcc4',
  sand: '#dcc7a1',
  champagne: '#eadbb8',
  tan: '#c8a27a',
  camel: '#b98a5a',
  kraft: '#b58c5e',
  caramel: '#b86b2b',
  khaki: '#bdb07a',
  brown: '#7a4a2a',
  chocolate: '#4e2a1e',
  coffee: '#5b3a29',
  mocha: '#6f4e37',
  espresso: '#3b2419',
  green: '#2f9e44',
  emerald: '#11865a',
  forest: '#1f5130',
  olive: '#6b7a2a',
  sage: '#9caf88',
  mint: '#9ee6c2',
  lime: '#8cc63f',
  jade: '#2e8b6e',
  moss: '#5d7141',
  pistachio: '#a8c686',
  teal: '#0f7c80',
  turquoise: '#2ab5b0',
  aqua: '#3cc8d8',
  cyan: '#1eb4d4',
  blue: '#2563eb',
  navy: '#1b2a4a',
  cobalt: '#1f4fbf',
  sky: '#7cc0ea',
  azure: '#3a8ee6',
  denim: '#3d5a80',
  indigo: '#3f3a9c',
  royal: '#2346a8',
  steel: '#5b7a94',
  powder: '#b9d3ee',
  purple: '#7b3fb0',
  violet: '#7c4dff',
  lavender: '#b9a3e3',
  lilac: '#c8a2c8',
  plum: '#6d2e5b',
  mauve: '#b08aa6',
  grape: '#5b2a86',
  orchid: '#b565c8',
  eggplant: '#3f2140',
  black: '#111111',
  charcoal: '#2f3338',
  graphite: '#3b3f45',
  slate: '#4f5b66',
  grey: '#8a8f95',
  gray: '#8a8f95',
  silver: '#bfc5cc',
  stone: '#a8a29a',
  ash: '#b2b2ad',
  white: '#fbfbf8',
  snow: '#f7f8fa',
  pearl: '#efeae0',
  nude: '#e3bfa3',
};

/** Words that change how colours are used rather than naming one. */
export type ColorModifier = 'pastel' | 'vivid' | 'muted' | 'earthy' | 'dark' | 'light' | 'warm' | 'cool' | 'metallic' | 'mono';

const MODIFIER_WORDS: Readonly<Record<string, ColorModifier>> = {
  pastel: 'pastel',
  soft: 'pastel',
  baby: 'pastel',
  vivid: 'vivid',
  vibrant: 'vivid',
  bright: 'vivid',
  neon: 'vivid',
  bold: 'vivid',
  saturated: 'vivid',
  colorful: 'vivid',
  colourful: 'vivid',
  muted: 'muted',
  dusty: 'muted',
  desaturated: 'muted',
  subtle: 'muted',
  earthy: 'earthy',
  earth: 'earthy',
  natural: 'earthy',
  organic: 'earthy',
  dark: 'dark',
  deep: 'dark',
  moody: 'dark',
  night: 'dark',
  light: 'light',
  pale: 'light',
  airy: 'light',
  warm: 'warm',
  cool: 'cool',
  cold: 'cool',
  metallic: 'metallic',
  foil: 'metallic',
  monochrome: 'mono',
  mono: 'mono',
  monochromatic: 'mono',
  'black & white': 'mono',
  'black and white': 'mono',
};

export interface ParsedColorTags {
  colors: Hex[];
  modifiers: ColorModifier[];
}

function normalise(tag: string): string {
  return tag
    .trim()
    .toLowerCase()
    .replace(/colou?r$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Reads colour tags: hex codes and colour names become colours (in the order given),
 * modifier words become modifiers; "dark green" gives both. Unknown words are ignored.
 */
export function parseColorTags(tags: readonly string[]): ParsedColorTags {
  const colors: Hex[] = [];
  const modifiers: ColorModifier[] = [];
  const addModifier = (m: ColorModifier | undefined) => {
    if (m && !modifiers.includes(m)) modifiers.push(m);
  };
  for (const raw of tags) {
    const hex = parseHex(raw);
    if (hex) {
      colors.push(hex);
      continue;
    }
    const tag = normalise(raw);
    if (!tag) continue;
    addModifier(MODIFIER_WORDS[tag]);
    if (MODIFIER_WORDS[tag] === 'mono') {
      if (tag.includes('black')) colors.push(COLOR_NAMES.black as Hex);
      continue;
    }
    const catalogued = lookupColour(tag)?.hex;
    const direct = (catalogued ? parseHex(catalogued) : null) ?? COLOR_NAMES[tag.replace(/\s+/g, '')];
    if (direct) {
      for (const word of tag.split(/[\s&/,+]+/)) addModifier(MODIFIER_WORDS[word]);
      colors.push(direct);
      continue;
    }
    // "dark green", "pastel pink", "rose gold": modifiers plus the last colour word named.
    let found: Hex | undefined;
    for (const word of tag.split(/[\s&/,+]+/)) {
      addModifier(MODIFIER_WORDS[word]);
      const c = COLOR_NAMES[word];
      if (c) found = c;
    }
    if (found) colors.push(found);
  }
  return { colors, modifiers };
}
