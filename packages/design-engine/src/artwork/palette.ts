/**
 * Palettes from colour tags with colour theory in OKLCH. Colours the brief names take the
 * principal roles as they are (the ground, the feature colour of bands and fields, the type) and
 * keep their own lightness: the text moves for contrast, never the named colour. Without named
 * colours a harmony scheme (chosen by style + seed) supplies the hues, the style's temperament
 * sets light/dark/colour-field mode and chroma. Text colours are pushed until they clear WCAG
 * 4.5:1 on the surfaces they are meant for.
 */
import { type Hex, type Oklch, adjust, hexToOklch, mix, oklch, parseHex } from './color.js';
import { type ColorModifier, type ParsedColorTags, parseColorTags } from './color-names.js';
import { MIN_TEXT_CONTRAST, contrastRatio, ensureContrast, minContrast, pickTextColor } from './contrast.js';
import { type NamedColour, namedColours } from './named-colours.js';
import type { Rng } from './random.js';
import type { StyleFamily } from './styles.js';

export const SCHEMES = ['monochrome', 'analogous', 'complementary', 'triadic', 'split-complementary'] as const;
export type Scheme = (typeof SCHEMES)[number];
export type PaletteMode = 'light' | 'dark' | 'color';

export interface Palette {
  /** Stable id: the six main colours joined. */
  id: string;
  scheme: Scheme | 'liked';
  mode: PaletteMode;
  background: Hex;
  surface: Hex;
  primary: Hex;
  accent: Hex;
  text: Hex;
  textOnPrimary: Hex;
  /** Quiet tone for patterns and hairlines: close to the background. */
  muted: Hex;
  /**
   * The roles the brief's named colours took: the ground (the background) and the feature
   * colours, in order (the first is the primary, of bands and fields). Absent when none is named.
   */
  roles?: NamedRoles;
  /**
   * Every field keeps the pack's text polarity, named colours too (they keep their share in the
   * bands): set when a front laid out with named fields left its wordmark unreadable to OCR.
   */
  strictFields?: boolean;
}

export interface NamedRoles {
  readonly ground: NamedColour | null;
  readonly features: readonly NamedColour[];
}

interface Temperament {
  modes: readonly (readonly [PaletteMode, number])[];
  schemes: readonly (readonly [Scheme, number])[];
  chroma: number;
  bgChroma: number;
  metallic: boolean;
}

const TEMPERAMENT: Readonly<Record<StyleFamily, Temperament>> = {
  minimalist: {
    modes: [
      ['light', 7],
      ['dark', 2],
      ['color', 1],
    ],
    schemes: [
      ['monochrome', 3],
      ['analogous', 2],
      ['complementary', 1],
    ],
    chroma: 0.1,
    bgChroma: 0.012,
    metallic: false,
  },
  luxury: {
    modes: [
      ['dark', 7],
      ['light', 3],
    ],
    schemes: [
      ['monochrome', 2],
      ['complementary', 2],
      ['analogous', 1],
    ],
    chroma: 0.09,
    bgChroma: 0.03,
    metallic: true,
  },
  vintage: {
    modes: [
      ['light', 7],
      ['dark', 2],
      ['color', 1],
    ],
    schemes: [
      ['complementary', 2],
      ['split-complementary', 2],
      ['analogous', 1],
      ['triadic', 1],
    ],
    chroma: 0.1,
    bgChroma: 0.035,
    metallic: false,
  },
  playful: {
    modes: [
      ['color', 5],
      ['light', 5],
    ],
    schemes: [
      ['triadic', 3],
      ['complementary', 2],
      ['split-complementary', 2],
    ],
    chroma: 0.17,
    bgChroma: 0.05,
    metallic: false,
  },
  botanical: {
    modes: [
      ['light', 6],
      ['dark', 3],
      ['color', 1],
    ],
    schemes: [
      ['analogous', 3],
      ['complementary', 1],
      ['split-complementary', 1],
    ],
    chroma: 0.08,
    bgChroma: 0.025,
    metallic: false,
  },
  geometric: {
    modes: [
      ['light', 5],
      ['color', 3],
      ['dark', 2],
    ],
    schemes: [
      ['triadic', 2],
      ['complementary', 2],
      ['split-complementary', 2],
    ],
    chroma: 0.15,
    bgChroma: 0.02,
    metallic: false,
  },
  modern: {
    modes: [
      ['light', 4],
      ['dark', 4],
      ['color', 2],
    ],
    schemes: [
      ['monochrome', 2],
      ['complementary', 2],
      ['analogous', 1],
    ],
    chroma: 0.16,
    bgChroma: 0.01,
    metallic: false,
  },
  bold: {
    modes: [
      ['color', 6],
      ['dark', 2],
      ['light', 2],
    ],
    schemes: [
      ['complementary', 3],
      ['split-complementary', 2],
      ['triadic', 1],
    ],
    chroma: 0.18,
    bgChroma: 0.04,
    metallic: false,
  },
};

const SCHEME_OFFSETS: Readonly<Record<Scheme, readonly number[]>> = {
  monochrome: [0, 0],
  analogous: [0, 32, -32],
  complementary: [0, 180],
  triadic: [0, 120, 240],
  'split-complementary': [0, 150, 210],
};

const GOLD = '#c8a45c';
const CHAMPAGNE = '#d9c08c';
const SILVER = '#c3c8cf';

export interface PaletteRequest {
  family: StyleFamily;
  colorTags: readonly string[];
  /** A colour suggested by the product (coffee → brown) used when no colour is tagged. */
  productColor?: Hex;
  /** A liked palette (six colours in {@link paletteColors} order) to start from. */
  liked?: readonly string[];
  /** Force a scheme (variety across designs of one brief). */
  scheme?: Scheme;
  mode?: PaletteMode;
  /** Key of the named colour that must be the ground (the colour-share loop moves a short colour there). */
  groundKey?: string;
}

/** The six main colours in a fixed order: what a "liked palette" stores. */
export function paletteColors(p: Palette): Hex[] {
  return [p.background, p.surface, p.primary, p.accent, p.text, p.textOnPrimary];
}

function finish(
  scheme: Palette['scheme'],
  mode: PaletteMode,
  base: Omit<Palette, 'id' | 'scheme' | 'mode' | 'text' | 'textOnPrimary' | 'muted' | 'roles'> & { text: Hex },
  roles?: NamedRoles,
): Palette {
  const { background, surface, primary, accent } = base;
  const text = ensureContrast(base.text, [background], MIN_TEXT_CONTRAST + 0.3);
  const dark = adjust(text, { l: 0.2 });
  const light = adjust(text, { l: 0.97, cScale: 0.4 });
  const lightFirst = hexToOklch(primary).l < 0.62;
  // (Type on a metal primary sits on flat metallic ink, not on the foil: see kit.ts inkField.)
  const textOnPrimary = pickTextColor(
    lightFirst ? [light, '#ffffff', dark, '#111111'] : [dark, '#111111', light, '#ffffff'],
    [primary],
    MIN_TEXT_CONTRAST + 0.3,
  );
  const muted = mix(background, primary, mode === 'dark' ? 0.22 : 0.16);
  const p: Omit<Palette, 'id'> = { scheme, mode, background, surface, primary, accent, text, textOnPrimary, muted, ...(roles ? { roles } : {}) };
  return { id: paletteColors({ ...p, id: '' }).join('-'), ...p };
}

function applyModifiers(o: Oklch, mods: readonly ColorModifier[]): Oklch {
  const { h } = o;
  let { l, c } = o;
  if (mods.includes('vivid')) c *= 1.3;
  if (mods.includes('muted')) c *= 0.55;
  if (mods.includes('earthy')) c *= 0.65;
  if (mods.includes('mono')) c *= 0.15;
  if (mods.includes('pastel')) {
    l = Math.max(l, 0.82);
    c = Math.min(c, 0.09);
  }
  return { l, c, h };
}

function fromLiked(colors: readonly string[]): Palette | null {
  const hexes = colors.map((c) => parseHex(c));
  if (hexes.length < 4 || hexes.some((h) => h === null)) return null;
  const [background, surface, primary, accent, text] = hexes as Hex[];
  if (!background || !surface || !primary || !accent) return null;
  const bl = hexToOklch(background).l;
  const mode: PaletteMode = bl < 0.4 ? 'dark' : bl > 0.85 ? 'light' : 'color';
  return finish('liked', mode, { background, surface, primary, accent, text: text ?? (bl < 0.5 ? '#f5f5f5' : '#1a1a1a') });
}

/**
 * Derives a palette for one design. Deterministic for one rng state.
 */
export function buildPalette(req: PaletteRequest, rng: Rng): Palette {
  if (req.liked) {
    const liked = fromLiked(req.liked);
    if (liked) return liked;
  }
  const t = TEMPERAMENT[req.family];
  const tags = parseColorTags(req.colorTags);
  const mods = tags.modifiers;
  const named = namedColours(req.colorTags);
  if (named.length > 0) return namedPalette(req, named, t, rng);
  const warmCool = mods.includes('warm') ? rng.range(20, 70) : mods.includes('cool') ? rng.range(200, 260) : null;
  const fallback =
    req.productColor ?? (req.family === 'botanical' ? oklch(0.5, 0.09, rng.range(130, 160)) : oklch(0.55, t.chroma, warmCool ?? rng.range(0, 360)));
  const anchorHex = tags.colors[0] ?? fallback;
  const anchorRaw = hexToOklch(anchorHex);
  const anchor = applyModifiers(anchorRaw, mods);
  const anchorTagged = tags.colors.length > 0;
  // Near-neutral anchors (black, white, grey) have no meaningful hue: borrow one for accents.
  const neutral = anchorRaw.c < 0.03;
  const h0 = neutral ? (warmCool ?? rng.pick([30, 60, 85, 200, 250])) : anchor.h;

  let scheme: Scheme = req.scheme ?? rng.weighted(t.schemes);
  if (mods.includes('mono')) scheme = 'monochrome';
  let mode: PaletteMode = req.mode ?? rng.weighted(t.modes);
  if (!req.mode) {
    if (mods.includes('dark')) mode = 'dark';
    else if (mods.includes('light') || mods.includes('pastel')) mode = mode === 'dark' ? 'light' : mode;
    // A very dark tagged colour reads as "a dark pack"; a very light one as a pale pack.
    if (anchorTagged && anchorRaw.l < 0.3 && rng.chance(0.7)) mode = 'dark';
    if (anchorTagged && anchorRaw.l > 0.9 && mode === 'dark') mode = 'light';
  }

  const offsets = SCHEME_OFFSETS[scheme];
  const hueAt = (i: number) => h0 + (offsets[i % offsets.length] ?? 0) + rng.range(-6, 6);
  const chroma = Math.max(0.02, Math.min(0.2, anchor.c > 0.03 ? (anchor.c + t.chroma) / 2 : t.chroma * (mods.includes('mono') ? 0.1 : 0.6)));
  const c2 = tags.colors[1] ? hexToOklch(tags.colors[1]) : null;
  const metallic = t.metallic || mods.includes('metallic');
  const metal = mods.includes('cool') || (hueAt(0) > 180 && hueAt(0) < 280) ? SILVER : rng.pick([GOLD, CHAMPAGNE]);
  const secondHue = scheme === 'monochrome' ? h0 : hueAt(1);
  const basis: HarmonyBasis = {
    req,
    t,
    tags,
    mods,
    rng,
    scheme,
    anchorHex,
    anchorRaw,
    anchor,
    anchorTagged,
    neutral,
    h0,
    hueAt,
    chroma,
    c2,
    metallic,
    metal,
    secondHue,
  };
  if (mode === 'light') return lightPalette(basis);
  if (mode === 'dark') return darkPalette(basis);
  return fieldPalette(basis);
}

/** What a harmony palette's colours are drawn from, whatever its mode. */
interface HarmonyBasis {
  readonly req: PaletteRequest;
  readonly t: Temperament;
  readonly tags: ParsedColorTags;
  readonly mods: readonly ColorModifier[];
  readonly rng: Rng;
  readonly scheme: Scheme;
  /** The anchor colour as given (tagged, from the product, or drawn) and after the modifiers. */
  readonly anchorHex: Hex;
  readonly anchorRaw: Oklch;
  readonly anchor: Oklch;
  readonly anchorTagged: boolean;
  /** The anchor has no meaningful hue: `h0` was borrowed. */
  readonly neutral: boolean;
  readonly h0: number;
  /** The scheme's i-th hue, jittered (draws from `rng`). */
  readonly hueAt: (i: number) => number;
  readonly chroma: number;
  /** The second tagged colour, if any. */
  readonly c2: Oklch | null;
  readonly metallic: boolean;
  readonly metal: Hex;
  readonly secondHue: number;
}

/** Light mode: a pale ground (or a light tagged colour) with the anchor as the primary. */
function lightPalette({
  req,
  t,
  tags,
  mods,
  rng,
  scheme,
  anchorHex,
  anchorRaw,
  anchor,
  anchorTagged,
  h0,
  chroma,
  c2,
  metallic,
  metal,
  secondHue,
}: HarmonyBasis): Palette {
  const lightTag = tags.colors.find((c) => hexToOklch(c).l > 0.88);
  const bgHue = req.family === 'vintage' ? rng.range(70, 90) : req.family === 'playful' ? secondHue : h0;
  const background =
    lightTag ?? oklch(rng.range(0.955, 0.985), req.family === 'modern' || req.family === 'minimalist' ? t.bgChroma : t.bgChroma + rng.range(0, 0.015), bgHue);
  const surface = mix(background, '#ffffff', 0.7);
  const primary =
    anchorTagged && anchorRaw.l >= 0.28 && anchorRaw.l <= 0.72 && !mods.includes('pastel')
      ? anchorHex
      : oklch(Math.min(0.62, Math.max(0.32, anchor.l > 0.72 ? anchor.l - 0.3 : anchor.l)), chroma, h0);
  const accent =
    c2 && c2.l < 0.9
      ? (tags.colors[1] as Hex)
      : metallic
        ? adjust(metal, { dl: -0.12 })
        : oklch(rng.range(0.58, 0.72), chroma * (scheme === 'monochrome' ? 0.6 : 1), secondHue);
  const text = oklch(0.24, Math.min(0.045, chroma * 0.4), h0);
  return finish(scheme, 'light', { background, surface, primary, accent, text });
}

/** Dark mode: a deep ground (or a dark tagged colour); metal or the anchor leads on it. */
function darkPalette({
  req,
  tags,
  rng,
  scheme,
  anchorHex,
  anchorRaw,
  anchorTagged,
  neutral,
  h0,
  chroma,
  c2,
  metallic,
  metal,
  secondHue,
}: HarmonyBasis): Palette {
  const darkTag = tags.colors.find((c) => hexToOklch(c).l < 0.36);
  const background =
    darkTag ??
    (req.family === 'luxury' && rng.chance(0.4) ? oklch(rng.range(0.17, 0.21), 0.012, h0) : oklch(rng.range(0.22, 0.3), Math.min(0.08, chroma * 0.55), h0));
  const surface = adjust(background, { dl: 0.07 });
  const primary = metallic
    ? metal
    : anchorTagged && anchorRaw.l >= 0.6 && !darkTag
      ? anchorHex
      : oklch(rng.range(0.72, 0.8), chroma, darkTag && !neutral ? secondHue : h0);
  const accent = c2 && c2.l > 0.45 ? (tags.colors[1] as Hex) : oklch(rng.range(0.7, 0.8), chroma * 0.9, secondHue);
  const text = oklch(0.96, 0.012, h0);
  return finish(scheme, 'dark', { background, surface, primary, accent, text });
}

/** Colour-field mode: the anchor colour fills the pack. */
function fieldPalette({ tags, rng, scheme, anchorHex, anchorRaw, anchorTagged, h0, hueAt, chroma, c2, secondHue }: HarmonyBasis): Palette {
  const fieldTag = anchorTagged && anchorRaw.l >= 0.4 && anchorRaw.l <= 0.86 && anchorRaw.c >= 0.04;
  const background = fieldTag ? anchorHex : oklch(rng.range(0.62, 0.78), Math.max(0.1, chroma), h0);
  const bgL = hexToOklch(background).l;
  const deep = bgL > 0.6;
  // A second tagged colour leads only if it stands out from the field; else it accents.
  const c2Leads = c2 !== null && contrastRatio(tags.colors[1] as Hex, background) >= 3;
  const primary = c2Leads ? (tags.colors[1] as Hex) : oklch(deep ? rng.range(0.28, 0.36) : rng.range(0.9, 0.95), deep ? chroma * 0.8 : 0.04, secondHue);
  const thirdHue = hueAt(2);
  const accent = c2 && !c2Leads ? (tags.colors[1] as Hex) : oklch(deep ? rng.range(0.88, 0.94) : rng.range(0.3, 0.38), deep ? 0.06 : chroma * 0.7, thirdHue);
  const surface = oklch(0.975, 0.015, h0);
  const darkText = oklch(0.2, 0.04, h0);
  const lightText = oklch(0.98, 0.01, h0);
  const text = minContrast(darkText, [background, surface]) >= minContrast(lightText, [background, surface]) ? darkText : lightText;
  return finish(scheme, 'color', { background, surface, primary, accent, text });
}

/** OKLab lightness under which a ground makes a dark pack (light type), over which a light one. */
const DARK_GROUND = 0.5;
const LIGHT_GROUND = 0.76;

/** How often a style fills the pack with a colour (its colour-field mode's weight). */
function colourFieldShare(t: Temperament): number {
  const total = t.modes.reduce((sum, [, w]) => sum + w, 0);
  return total > 0 ? (t.modes.find(([m]) => m === 'color')?.[1] ?? 0) / total : 0;
}

/** Least per-channel (0–255) distance between a wordmark and a ground that suits it. */
const GROUND_CHANNEL_MARGIN = 60;

/**
 * Whether some type colour reads on `hex` (WCAG 4.8:1) and stands clear of it in each of red,
 * green and blue — what text recognisers, binarising one channel at a time, need.
 */
export function easyGround(hex: Hex): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  const g = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const o = hexToOklch(hex);
  const inks: Hex[] = ['#111111', '#ffffff', oklch(0.2, Math.min(0.06, o.c), o.h), oklch(0.97, 0.015, o.h)];
  return inks.some((ink) => {
    if (contrastRatio(ink, hex) < MIN_TEXT_CONTRAST + 0.3) return false;
    const m = Number.parseInt(ink.slice(1), 16);
    const c = [(m >> 16) & 255, (m >> 8) & 255, m & 255];
    return c.every((v, i) => Math.abs(v - (g[i] ?? 0)) >= GROUND_CHANNEL_MARGIN);
  });
}

function modeOf(ground: Hex): PaletteMode {
  const l = hexToOklch(ground).l;
  return l <= DARK_GROUND ? 'dark' : l >= LIGHT_GROUND ? 'light' : 'color';
}

/**
 * The palette of a brief that names colours. The named colours are used as they are — their
 * hex is what the shopper asked for and what the packshot is measured against:
 * - the ground (background, and so every panel's field) is one of them: the first named flat
 *   colour more often than not, the second otherwise, so a set shows them both ways round;
 *   a brief naming only metals gets a deep or pale neutral ground for the foil to sit on;
 * - the next named colour is the primary (bands, fields, the wordmark where it reads), a third
 *   the accent; a light named colour that is not the ground becomes the cards' surface;
 * - the pack's text is a named colour when one reads on the ground (navy type on cream), else a
 *   deep or pale tint of the ground's hue. Contrast moves the text, never a named colour.
 */
function namedPalette(req: PaletteRequest, named: readonly NamedColour[], t: Temperament, rng: Rng): Palette {
  const flats = named.filter((c) => !c.metal);
  const metals = named.filter((c) => c.metal);
  const fits = (c: NamedColour, m: PaletteMode) => modeOf(c.hex) === m;
  let ground: NamedColour | null = null;
  if (req.groundKey !== undefined) ground = named.find((c) => c.key === req.groundKey) ?? null;
  else {
    // Saturated mid tones (red, yellow, green, blue, orange) carry a wordmark badly: no type
    // colour both reads on them and stands clear of them in every channel. They fill the pack in
    // the styles made of colour fields (playful, geometric, bold); in the others they lead as
    // bands and fields on a pale or deep ground of their own hue.
    const colourFields = colourFieldShare(t) >= 0.3;
    const pool = (req.mode ? flats.filter((c) => fits(c, req.mode as PaletteMode)) : flats).filter((c) => colourFields || easyGround(c.hex));
    ground = pool.length >= 2 && rng.chance(0.38) ? (pool[1] ?? null) : (pool[0] ?? null);
  }
  const features = named.filter((c) => c !== ground);
  const lead = ground ?? named[0] ?? null;
  const h0 = lead ? hexToOklch(lead.hex).h : rng.range(0, 360);
  const scheme: Scheme = req.scheme ?? rng.weighted(t.schemes);
  const offsets = SCHEME_OFFSETS[scheme];
  const hueAt = (i: number) => h0 + (offsets[i % offsets.length] ?? 0) + rng.range(-6, 6);
  const leadC = lead ? hexToOklch(lead.hex).c : t.chroma;
  const chroma = Math.max(0.04, Math.min(0.18, leadC > 0.03 ? (leadC + t.chroma) / 2 : t.chroma * 0.6));

  let background: Hex;
  let mode: PaletteMode;
  if (ground) {
    background = ground.hex;
    mode = modeOf(background);
  } else {
    // Only metals named (or none that fits a forced mode): a neutral ground for them to shine on.
    const metal = metals[0];
    // Silver on a pale ground reads as grey on white: it always gets a deep one.
    const dark = req.mode ? req.mode !== 'light' : metal?.metal === 'silver' || rng.chance(t.metallic ? 0.7 : 0.55);
    const mh = metal ? hexToOklch(metal.hex).h : h0;
    if (metal?.metal === 'silver') background = dark ? oklch(0.25, 0.035, 255) : oklch(0.975, 0.006, 250);
    else if (metal) background = dark ? oklch(0.19, 0.014, mh) : oklch(0.97, 0.014, mh);
    else {
      const deep = req.mode ? req.mode === 'dark' : rng.weighted(t.modes.filter(([m]) => m !== 'color').map(([m, w]) => [m === 'dark', w] as const));
      background = deep ? oklch(rng.range(0.2, 0.26), Math.min(0.06, chroma * 0.5), h0) : oklch(rng.range(0.955, 0.98), t.bgChroma + 0.01, h0);
    }
    mode = modeOf(background);
  }
  const bg = hexToOklch(background);
  // Hue for generated tints: the ground's own, or the first feature's when the ground is a neutral.
  const tintHue = bg.c < 0.03 && features[0] ? hexToOklch(features[0].hex).h : bg.c < 0.03 ? h0 : bg.h;

  const target = MIN_TEXT_CONTRAST + 0.3;
  const readable = flats
    .filter((c) => c !== ground && contrastRatio(c.hex, background) >= target)
    .sort((a, b) => contrastRatio(b.hex, background) - contrastRatio(a.hex, background));
  const darkText = oklch(0.24, Math.min(0.05, chroma * 0.4), tintHue);
  const lightText = oklch(0.97, 0.012, tintHue);
  const text =
    readable[0]?.hex ??
    (mode === 'light'
      ? darkText
      : mode === 'dark'
        ? lightText
        : contrastRatio(darkText, background) >= contrastRatio(lightText, background)
          ? darkText
          : lightText);

  const b = features[0];
  const secondHue = scheme === 'monochrome' ? h0 : hueAt(1);
  const metal = hueAt(0) > 180 && hueAt(0) < 280 ? SILVER : rng.pick([GOLD, CHAMPAGNE]);
  let primary: Hex;
  if (b) primary = b.hex;
  else if (mode === 'dark') primary = t.metallic ? metal : oklch(rng.range(0.74, 0.82), chroma, secondHue);
  // On a light named ground the generated primary stays in its family (blush gets a rose, not
  // a maroon): fields in it carry type of either tone, the wordmark goes dark on the ground.
  else if (mode === 'light') primary = oklch(rng.range(0.62, 0.7), Math.max(chroma, 0.08), h0);
  // On a mid-tone ground the generated primary takes the type's side (deep under dark type): a
  // text recogniser splits the image into two tones, and a pale field beside a mid ground would
  // put the ground and its dark wordmark on the same side.
  else
    primary =
      text === darkText || hexToOklch(text).l < 0.5 ? oklch(rng.range(0.3, 0.38), chroma * 0.8, secondHue) : oklch(rng.range(0.9, 0.95), 0.04, secondHue);

  const c = features[1];
  // A generated accent takes the scheme's next hue: the second when the primary is a named colour.
  const accentHue = scheme === 'monochrome' ? h0 : hueAt(b ? 1 : 2);
  const accent = c
    ? c.hex
    : b && t.metallic && !b.metal && metals.length === 0
      ? metal
      : oklch(rng.range(0.58, 0.72), chroma * (scheme === 'monochrome' ? 0.6 : 1), accentHue);
  // A light named colour other than the ground makes the cards (cream cards on a navy pack).
  const lightFeature = features.find((f) => !f.metal && hexToOklch(f.hex).l >= 0.85);
  const surface = lightFeature?.hex ?? (mode === 'light' ? mix(background, '#ffffff', 0.7) : oklch(0.975, 0.015, tintHue));
  return finish(scheme, mode, { background, surface, primary, accent, text }, { ground, features });
}
