/**
 * How a design gives every named colour its share of the pack. The ground (the palette's
 * background) covers most of every panel on its own; each other named colour gets colour bands
 * across every panel — back, sides and lid included, continuous round a can — sized by how much
 * of the front the layout already paints in it. Layouts keep their text clear of the bands (the
 * content area shrinks), so a band never costs a contrast fix; metals are laid as foil.
 *
 * Planned before anything is rendered; the pipeline measures the packshot and, when a colour
 * still falls short, re-plans one level up (bigger bands, then the short colour as the ground).
 */
import type { Hex } from './color.js';
import { ciede2000, srgbToLab } from './delta-e.js';
import type { Metal, NamedColour } from './named-colours.js';
import type { Palette } from './palette.js';
import type { Rng } from './random.js';

export interface Band {
  /** The named colour's key. */
  readonly key: string;
  readonly hex: Hex;
  readonly metal: Metal | null;
  readonly edge: 'top' | 'bottom';
  /** Height as a share of the panel's height. */
  readonly share: number;
  /**
   * False where the layout's own front already paints a large field in this colour: the band then
   * runs on the other panels only, so the front's ground stays its largest colour — the wordmark
   * sits on it, and a text recogniser takes the largest colours as paper (see binarise.ts).
   */
  readonly onFront: boolean;
}

export interface ColourPlan {
  readonly named: readonly NamedColour[];
  readonly bands: readonly Band[];
  /** 0 as planned; the colour-share loop raises it when a colour falls short. */
  readonly level: number;
  /** Named colour (key) of a plastic bottle's or tube's body, when not the ground's. */
  readonly bodyKey?: string;
}

/**
 * Share of the front each layout paints in its primary colour (fields, blocks, discs, bands),
 * measured on 90 × 140 mm fronts. A colour that is the primary of a layout that gives it a big
 * field needs a slimmer band to reach its share.
 */
const PRIMARY_FIELD: Readonly<Record<string, number>> = {
  'modern/split': 0.6,
  'minimalist/block': 0.4,
  'playful/wave': 0.38,
  'geometric/diagonal': 0.42,
  'bold/sunburst': 0.22,
  'vintage/round-badge': 0.2,
  'geometric/bauhaus-grid': 0.15,
  'luxury/foil-band': 0.15,
};

/**
 * Share of the front each layout covers with anything but its ground (cards, labels, fields,
 * grids), estimated on 90 × 140 mm fronts: when the ground colour falls short, the design moves
 * to the layout of its family that covers it least.
 */
export const LAYOUT_COVER: Readonly<Record<string, number>> = {
  'minimalist/centered': 0.02,
  'minimalist/block': 0.4,
  'minimalist/hero-mark': 0.05,
  'luxury/framed-crest': 0.03,
  'luxury/foil-band': 0.3,
  'luxury/deco-fan': 0.03,
  'vintage/label': 0.45,
  'vintage/round-badge': 0.3,
  'vintage/awning': 0.55,
  'playful/blobs': 0.25,
  'playful/sticker': 0.6,
  'playful/wave': 0.38,
  'botanical/wreath': 0.05,
  'botanical/arch': 0.45,
  'botanical/corner-sprigs': 0.05,
  'geometric/bauhaus-grid': 0.45,
  'geometric/diagonal': 0.42,
  'modern/split': 0.6,
  'modern/gradient': 0,
  'modern/type-stack': 0.02,
  'bold/sunburst': 0.3,
  'bold/retro-stripes': 0.2,
};

/**
 * Band height (share of a panel's height) per level, for the first feature colour. Level −1 is
 * slim (the ground fell short under a layout that covers much of it), 0 as planned, 1 and 2
 * wider (a feature colour fell short).
 */
const FIRST_BAND: Readonly<Record<number, number>> = { [-1]: 0.1, 0: 0.17, 1: 0.25, 2: 0.3 };
/** The same where the layout already paints a large field in that colour. */
const FIRST_BAND_FIELD: Readonly<Record<number, number>> = { [-1]: 0.07, 0: 0.12, 1: 0.2, 2: 0.26 };
/** A second feature colour's band (its aim is half the first's). */
const SECOND_BAND: Readonly<Record<number, number>> = { [-1]: 0.06, 0: 0.085, 1: 0.13, 2: 0.16 };
/** Lowest and highest levels the plan knows: the loop stops there. */
export const MIN_COLOUR_LEVEL = -1;
export const MAX_COLOUR_LEVEL = 2;

const labOf = (hex: Hex) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return srgbToLab((n >> 16) & 255, (n >> 8) & 255, n & 255);
};

/** Whether the palette's ground already is the named colour (a liked palette may carry it too). */
function isGround(p: Palette, c: NamedColour): boolean {
  if (p.roles) return p.roles.ground?.key === c.key;
  return ciede2000(labOf(p.background), labOf(c.hex)) < 6;
}

/**
 * The bands of a design: every named colour that is not the ground, in the brief's order, gets
 * one — the first a wide one (the base of the pack, or a metal split into foil bands at top and
 * bottom), the second a slimmer one at the top. Later colours are left to the layout's accents.
 */
export function planColours(named: readonly NamedColour[], palette: Palette, layoutId: string, level: number, rng: Rng): ColourPlan {
  const lv = Math.max(MIN_COLOUR_LEVEL, Math.min(MAX_COLOUR_LEVEL, Math.floor(level)));
  const others = named.filter((c) => !isGround(palette, c));
  const bands: Band[] = [];
  const first = others[0];
  const second = others[1];
  if (first) {
    const field = palette.primary === first.hex ? (PRIMARY_FIELD[layoutId] ?? 0) : 0;
    const share = (field >= 0.3 ? FIRST_BAND_FIELD : FIRST_BAND)[lv] ?? 0.17;
    const band = { key: first.key, hex: first.hex, metal: first.metal, onFront: field < 0.3 };
    // Foil reads as deco trim top and bottom; a flat colour as the pack's base (or, now and then, its crown).
    if (first.metal && !second) {
      bands.push({ ...band, edge: 'top', share: share * 0.5 }, { ...band, edge: 'bottom', share: share * 0.5 + 0.02 });
    } else {
      bands.push({ ...band, edge: second || rng.chance(0.75) ? 'bottom' : 'top', share });
    }
  }
  if (second) {
    bands.push({ key: second.key, hex: second.hex, metal: second.metal, edge: 'top', share: SECOND_BAND[lv] ?? 0.085, onFront: true });
  }
  return { named, bands, level: lv };
}

/**
 * The bands a panel carries: all of them, except that a front panel standing on its own (not a
 * slice of a band round a body, where they must run on unbroken) leaves out those not `onFront`.
 */
export function panelBands(plan: ColourPlan | undefined, front: boolean, strip: boolean): Band[] {
  return (plan?.bands ?? []).filter((b) => b.onFront || !front || strip);
}

/** The space bands take at the top and bottom of a panel `h` mm tall, mm. */
export function bandInsets(bands: readonly Band[], h: number): { top: number; bottom: number } {
  let top = 0;
  let bottom = 0;
  for (const b of bands) {
    if (b.edge === 'top') top += b.share * h;
    else bottom += b.share * h;
  }
  return { top, bottom };
}
