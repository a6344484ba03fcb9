/**
 * The colours a brief names, as the design must show them: each with the key it is reported
 * under, its catalogue hex, how light it is and whether it is a metal. Palette roles, the colour
 * treatment of the layouts and the share measured on the packshot all start from this list.
 */
import { lookupColour } from '@packsmith/contracts';
import { type Hex, hexToOklch, parseHex } from './color.js';
import { COLOR_NAMES } from './color-names.js';

export type Metal = 'gold' | 'silver' | 'copper' | 'rose-gold' | 'bronze' | 'champagne';

/**
 * How a colour must read: light names stay light (pastel pink is pale pink), deep names stay
 * deep (navy is not black), mid tones keep their colour.
 */
export type Tone = 'light' | 'mid' | 'deep';

export interface NamedColour {
  /** What the share is reported under: the catalogue slug, else the tag as written (a hex code, a plain word the catalogue lacks). */
  readonly key: string;
  readonly hex: Hex;
  readonly tone: Tone;
  /** Set for metallic names: shown as a foil (gradient and sheen) rather than a flat ink. */
  readonly metal: Metal | null;
}

/** Colours that only read as themselves as a metal. */
const METALS: Readonly<Record<string, Metal>> = {
  gold: 'gold',
  golden: 'gold',
  silver: 'silver',
  copper: 'copper',
  bronze: 'bronze',
  champagne: 'champagne',
  'rose-gold': 'rose-gold',
};

/** OKLab lightness at or above which a name is a light colour (sky, lavender, blush, cream…). */
export const LIGHT_TONE = 0.76;
/** At or below: a deep colour (navy, forest, burgundy, plum, charcoal, chocolate…). */
export const DEEP_TONE = 0.42;

export function toneOf(hex: Hex): Tone {
  const l = hexToOklch(hex).l;
  return l >= LIGHT_TONE ? 'light' : l <= DEEP_TONE ? 'deep' : 'mid';
}

const normalise = (tag: string) =>
  tag
    .trim()
    .toLowerCase()
    .replace(/colou?r$/, '')
    .replace(/[_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The named colour of one tag, or null for words that name none ("pastel", "earthy", "luxury"). */
export function namedColour(tag: string): NamedColour | null {
  const hex = parseHex(tag);
  if (hex) return { key: hex, hex, tone: toneOf(hex), metal: null };
  const t = normalise(tag);
  if (!t) return null;
  const entry = lookupColour(t.replace(/-/g, ' '));
  if (entry) {
    const h = parseHex(entry.hex);
    if (h) return { key: entry.slug, hex: h, tone: toneOf(h), metal: METALS[entry.slug] ?? null };
  }
  // Plain words the catalogue does not list ("pistachio"); "dark green" and the like the
  // catalogue resolves above, so the last colour word of a phrase is a fair reading here.
  const words = t.split(/[\s&/,+-]+/);
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i] ?? '';
    const h = COLOR_NAMES[w];
    if (h) return { key: w, hex: h, tone: toneOf(h), metal: METALS[w] ?? null };
  }
  return null;
}

/** The distinct colours the tags name, in the order given. */
export function namedColours(tags: readonly string[]): NamedColour[] {
  const out: NamedColour[] = [];
  for (const tag of tags) {
    const c = namedColour(tag);
    if (c && !out.some((o) => o.key === c.key)) out.push(c);
  }
  return out;
}

/**
 * The share of the pack's visible surface each named colour should hold: a tenth each for the
 * first two, a twentieth for a third; further colours are shown but not held to a share.
 */
export function targetShare(index: number): number {
  return index < 2 ? 0.1 : index === 2 ? 0.05 : 0;
}
