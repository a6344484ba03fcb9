/**
 * Typography: the TTF faces shipped in `@expo-google-fonts/*` packages (OFL), measured with
 * our own TTF reader so text can be fitted to a box before it is drawn, and the style →
 * type-system pairings.
 *
 * resvg draws no text from woff2, so only the packages' `.ttf` files are used.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Rng } from './random.js';
import type { StyleFamily } from './styles.js';
import { type TtfFont, parseTtf } from './ttf.js';

const require = createRequire(import.meta.url);

/** The font packages the engine uses, by npm package suffix. */
export const FONT_PACKAGES = [
  'inter',
  'space-grotesk',
  'playfair-display',
  'cormorant-garamond',
  'dm-serif-display',
  'montserrat',
  'fredoka',
  'pacifico',
  'poppins',
  'abril-fatface',
  'bebas-neue',
  'oswald',
  'lora',
  'josefin-sans',
] as const;
export type FontPackage = (typeof FONT_PACKAGES)[number];

const WEIGHT_DIRS: Readonly<Record<number, string>> = {
  100: '100Thin',
  200: '200ExtraLight',
  300: '300Light',
  400: '400Regular',
  500: '500Medium',
  600: '600SemiBold',
  700: '700Bold',
  800: '800ExtraBold',
  900: '900Black',
};

export interface FontFace {
  /** Stable id, e.g. `playfair-display:700i`. */
  id: string;
  pkg: FontPackage;
  /** The family name resvg matches against (read from the file's name table). */
  family: string;
  weight: number;
  italic: boolean;
  file: string;
  metrics: TtfFont;
}

const faces = new Map<string, FontFace>();

function faceFile(pkg: FontPackage, weight: number, italic: boolean): string {
  const root = dirname(require.resolve(`@expo-google-fonts/${pkg}/package.json`));
  const dirName = `${WEIGHT_DIRS[weight] ?? '400Regular'}${italic ? '_Italic' : ''}`;
  const dir = join(root, dirName);
  const ttf = readdirSync(dir).find((f) => f.endsWith('.ttf'));
  if (!ttf) throw new Error(`no .ttf in ${dir}`);
  return join(dir, ttf);
}

/** Loads (once) and returns one face. Throws if the package lacks that weight. */
export function fontFace(pkg: FontPackage, weight = 400, italic = false): FontFace {
  const id = `${pkg}:${weight}${italic ? 'i' : ''}`;
  const cached = faces.get(id);
  if (cached) return cached;
  const file = faceFile(pkg, weight, italic);
  const metrics = parseTtf(readFileSync(file));
  const face: FontFace = { id, pkg, family: metrics.family, weight, italic, file, metrics };
  faces.set(id, face);
  return face;
}

/** A face plus how it is set: case, tracking (em) and line height (× size). */
export interface TextStyle {
  face: FontFace;
  uppercase: boolean;
  tracking: number;
  lineHeight: number;
  /** Extra space after each word space, em. */
  wordSpacing?: number;
}

/** The roles of type on a pack: wordmark, product name, small label lines, body copy. */
export interface TypeSystem {
  id: string;
  brand: TextStyle;
  product: TextStyle;
  label: TextStyle;
  body: TextStyle;
}

type StyleDef = [pkg: FontPackage, weight: number, opts?: { italic?: boolean; upper?: boolean; tracking?: number; lineHeight?: number }];

function style([pkg, weight, opts = {}]: StyleDef): TextStyle {
  return {
    face: fontFace(pkg, weight, opts.italic ?? false),
    uppercase: opts.upper ?? false,
    tracking: opts.tracking ?? 0,
    lineHeight: opts.lineHeight ?? 1.12,
  };
}

/** Wordmarks are set with open word spaces so multi-word names never read as one word. */
const BRAND_WORD_SPACING = 0.14;

interface PairingDef {
  id: string;
  brand: StyleDef;
  product: StyleDef;
  label: StyleDef;
  body: StyleDef;
}

/**
 * Classic pairings per style family: a characterful display face for the wordmark with a
 * quiet, highly legible companion for everything else. Script faces (Pacifico) are kept to
 * secondary lines so the brand always stays easy to read.
 */
const PAIRINGS: Readonly<Record<StyleFamily, readonly PairingDef[]>> = {
  minimalist: [
    {
      id: 'inter-light',
      brand: ['inter', 600, { upper: true, tracking: 0.16 }],
      product: ['inter', 400, {}],
      label: ['inter', 500, { upper: true, tracking: 0.22 }],
      body: ['inter', 400, {}],
    },
    {
      id: 'grotesk',
      brand: ['space-grotesk', 500, { tracking: -0.01 }],
      product: ['space-grotesk', 400, {}],
      label: ['inter', 500, { upper: true, tracking: 0.2 }],
      body: ['inter', 400, {}],
    },
    {
      id: 'josefin',
      brand: ['josefin-sans', 600, { upper: true, tracking: 0.2 }],
      product: ['josefin-sans', 400, {}],
      label: ['josefin-sans', 600, { upper: true, tracking: 0.24 }],
      body: ['inter', 400, {}],
    },
  ],
  luxury: [
    {
      id: 'playfair-montserrat',
      brand: ['playfair-display', 600, { upper: true, tracking: 0.08 }],
      product: ['playfair-display', 400, { italic: true }],
      label: ['montserrat', 500, { upper: true, tracking: 0.3 }],
      body: ['montserrat', 400, {}],
    },
    {
      id: 'cormorant-montserrat',
      brand: ['cormorant-garamond', 600, { upper: true, tracking: 0.14 }],
      product: ['cormorant-garamond', 500, { italic: true }],
      label: ['montserrat', 500, { upper: true, tracking: 0.32 }],
      body: ['montserrat', 400, {}],
    },
    {
      id: 'dmserif-montserrat',
      brand: ['dm-serif-display', 400, { tracking: 0.01 }],
      product: ['dm-serif-display', 400, { italic: true }],
      label: ['montserrat', 500, { upper: true, tracking: 0.3 }],
      body: ['montserrat', 400, {}],
    },
  ],
  vintage: [
    {
      id: 'abril-lora',
      brand: ['abril-fatface', 400, { tracking: 0.01 }],
      product: ['lora', 500, { italic: true }],
      label: ['lora', 600, { upper: true, tracking: 0.18 }],
      body: ['lora', 400, {}],
    },
    {
      id: 'bebas-lora',
      brand: ['bebas-neue', 400, { upper: true, tracking: 0.06, lineHeight: 1.0 }],
      product: ['lora', 500, { italic: true }],
      label: ['lora', 600, { upper: true, tracking: 0.2 }],
      body: ['lora', 400, {}],
    },
    {
      id: 'dmserif-lora',
      brand: ['dm-serif-display', 400, { upper: true, tracking: 0.04 }],
      product: ['lora', 400, { italic: true }],
      label: ['montserrat', 600, { upper: true, tracking: 0.24 }],
      body: ['lora', 400, {}],
    },
  ],
  playful: [
    {
      id: 'fredoka-poppins',
      brand: ['fredoka', 600, { tracking: 0.01, lineHeight: 1.02 }],
      product: ['pacifico', 400, {}],
      label: ['poppins', 600, { upper: true, tracking: 0.14 }],
      body: ['poppins', 400, {}],
    },
    {
      id: 'fredoka-bold',
      brand: ['fredoka', 700, { lineHeight: 1.0 }],
      product: ['fredoka', 500, {}],
      label: ['poppins', 600, { upper: true, tracking: 0.12 }],
      body: ['poppins', 400, {}],
    },
    {
      id: 'poppins-pacifico',
      brand: ['poppins', 800, { tracking: -0.01, lineHeight: 1.02 }],
      product: ['pacifico', 400, {}],
      label: ['poppins', 600, { upper: true, tracking: 0.14 }],
      body: ['poppins', 400, {}],
    },
  ],
  botanical: [
    {
      id: 'cormorant-josefin',
      brand: ['cormorant-garamond', 600, { tracking: 0.02, lineHeight: 1.0 }],
      product: ['cormorant-garamond', 500, { italic: true }],
      label: ['josefin-sans', 600, { upper: true, tracking: 0.26 }],
      body: ['josefin-sans', 400, {}],
    },
    {
      id: 'lora-josefin',
      brand: ['lora', 600, { tracking: 0.01 }],
      product: ['lora', 400, { italic: true }],
      label: ['josefin-sans', 600, { upper: true, tracking: 0.24 }],
      body: ['josefin-sans', 400, {}],
    },
    {
      id: 'playfair-josefin',
      brand: ['playfair-display', 500, { tracking: 0.01 }],
      product: ['playfair-display', 400, { italic: true }],
      label: ['josefin-sans', 600, { upper: true, tracking: 0.26 }],
      body: ['josefin-sans', 400, {}],
    },
  ],
  geometric: [
    {
      id: 'grotesk-bold',
      brand: ['space-grotesk', 700, { tracking: -0.02, lineHeight: 1.0 }],
      product: ['space-grotesk', 500, {}],
      label: ['space-grotesk', 500, { upper: true, tracking: 0.16 }],
      body: ['inter', 400, {}],
    },
    {
      id: 'montserrat-heavy',
      brand: ['montserrat', 800, { upper: true, tracking: 0.02, lineHeight: 1.0 }],
      product: ['montserrat', 500, {}],
      label: ['montserrat', 600, { upper: true, tracking: 0.2 }],
      body: ['montserrat', 400, {}],
    },
    {
      id: 'josefin-geo',
      brand: ['josefin-sans', 700, { upper: true, tracking: 0.08 }],
      product: ['josefin-sans', 400, {}],
      label: ['josefin-sans', 600, { upper: true, tracking: 0.22 }],
      body: ['inter', 400, {}],
    },
  ],
  modern: [
    {
      id: 'inter-heavy',
      brand: ['inter', 800, { tracking: -0.035, lineHeight: 0.98 }],
      product: ['inter', 500, {}],
      label: ['inter', 600, { upper: true, tracking: 0.14 }],
      body: ['inter', 400, {}],
    },
    {
      id: 'grotesk-modern',
      brand: ['space-grotesk', 700, { tracking: -0.03, lineHeight: 0.98 }],
      product: ['space-grotesk', 400, {}],
      label: ['inter', 600, { upper: true, tracking: 0.16 }],
      body: ['inter', 400, {}],
    },
    {
      id: 'montserrat-modern',
      brand: ['montserrat', 700, { tracking: -0.02, lineHeight: 1.0 }],
      product: ['montserrat', 400, {}],
      label: ['montserrat', 600, { upper: true, tracking: 0.18 }],
      body: ['montserrat', 400, {}],
    },
  ],
  bold: [
    {
      id: 'bebas-poppins',
      brand: ['bebas-neue', 400, { upper: true, tracking: 0.03, lineHeight: 0.95 }],
      product: ['poppins', 600, {}],
      label: ['poppins', 600, { upper: true, tracking: 0.16 }],
      body: ['poppins', 400, {}],
    },
    {
      id: 'oswald-montserrat',
      brand: ['oswald', 700, { upper: true, tracking: 0.01, lineHeight: 1.0 }],
      product: ['montserrat', 600, {}],
      label: ['montserrat', 700, { upper: true, tracking: 0.18 }],
      body: ['montserrat', 400, {}],
    },
    {
      id: 'poppins-heavy',
      brand: ['poppins', 800, { upper: true, tracking: 0.01, lineHeight: 1.0 }],
      product: ['poppins', 500, {}],
      label: ['poppins', 600, { upper: true, tracking: 0.16 }],
      body: ['poppins', 400, {}],
    },
  ],
};

export function typeSystemIds(family: StyleFamily): string[] {
  return PAIRINGS[family].map((p) => p.id);
}

/** Display faces whose ampersand is too ornate to read reliably at wordmark sizes. */
const ORNATE_AMPERSAND: ReadonlySet<FontPackage> = new Set(['abril-fatface', 'dm-serif-display', 'playfair-display']);

/**
 * Picks (by seed) the type system for a style family, or the one named by `id`. A brand with
 * an ampersand never gets a wordmark face whose ampersand looks like another sign.
 */
export function typeSystemFor(family: StyleFamily, rng: Rng, id?: string, brand = ''): TypeSystem {
  const all = PAIRINGS[family];
  const safe = brand.includes('&') ? all.filter((p) => !ORNATE_AMPERSAND.has(p.brand[0])) : all;
  const options = safe.length ? safe : all;
  const def = options.find((p) => p.id === id) ?? rng.pick(options);
  return {
    id: def.id,
    brand: { ...style(def.brand), wordSpacing: BRAND_WORD_SPACING },
    product: style(def.product),
    label: style(def.label),
    body: style(def.body),
  };
}

/** Every face any pairing uses: the set resvg loads once. */
export function allFaces(): FontFace[] {
  const seen = new Map<string, FontFace>();
  for (const list of Object.values(PAIRINGS)) {
    for (const p of list) {
      for (const d of [p.brand, p.product, p.label, p.body]) {
        const f = style(d).face;
        seen.set(f.id, f);
      }
    }
  }
  return [...seen.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** Ink and advance of one line, in user units, relative to the pen origin on the baseline. */
export interface LineMetrics {
  text: string;
  /** Pen advance including tracking between glyphs (not after the last). */
  advance: number;
  inkLeft: number;
  inkRight: number;
  /** Highest ink above the baseline (positive up). */
  inkTop: number;
  /** Lowest ink below the baseline (positive down). */
  inkBottom: number;
}

export function applyCase(text: string, s: TextStyle): string {
  return s.uppercase ? text.toLocaleUpperCase('en-US') : text;
}

export function measureLine(text: string, s: TextStyle, size: number): LineMetrics {
  const m = s.face.metrics;
  const scale = size / m.unitsPerEm;
  const track = s.tracking * size;
  const wordGap = (s.wordSpacing ?? 0) * size;
  let pen = 0;
  let inkLeft = Number.POSITIVE_INFINITY;
  let inkRight = Number.NEGATIVE_INFINITY;
  let top = 0;
  let bottom = 0;
  const chars = Array.from(text);
  chars.forEach((ch, i) => {
    const g = m.glyphId(ch.codePointAt(0) ?? 32);
    const b = m.bounds(g);
    if (b) {
      inkLeft = Math.min(inkLeft, pen + b.xMin * scale);
      inkRight = Math.max(inkRight, pen + b.xMax * scale);
      top = Math.max(top, b.yMax * scale);
      bottom = Math.max(bottom, -b.yMin * scale);
    }
    pen += m.advance(g) * scale;
    if (i < chars.length - 1) pen += track + (ch === ' ' ? wordGap : 0);
  });
  if (!Number.isFinite(inkLeft)) {
    inkLeft = 0;
    inkRight = pen;
  }
  return { text, advance: pen, inkLeft, inkRight, inkTop: top, inkBottom: bottom };
}

/** A text block fitted into a box: its lines, size and ink extents. */
export interface FittedText {
  style: TextStyle;
  size: number;
  lines: LineMetrics[];
  /** Baseline-to-baseline distance. */
  leading: number;
  /** Widest line's ink width. */
  width: number;
  /** From the first line's ink top to the last line's ink bottom. */
  height: number;
  /** Distance from the block's ink top to the first baseline. */
  firstBaseline: number;
}

export interface FitOptions {
  maxWidth: number;
  maxHeight: number;
  maxSize: number;
  maxLines?: number;
  /** Above 1 favours more, shorter lines (stacked wordmarks); default 0.86 favours fewer. */
  lineBias?: number;
  /** Body copy: fill lines greedily at the largest size that fits, like a paragraph. */
  paragraph?: boolean;
}

function greedyWrap(words: string[], maxWidth: number, widthOf: (t: string) => number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const w of words) {
    const next = current ? `${current} ${w}` : w;
    if (current && widthOf(next) > maxWidth) {
      lines.push(current);
      current = w;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

function fitParagraph(words: string[], s: TextStyle, opts: FitOptions): { lines: string[]; size: number } {
  const unit = (t: string) => {
    const m = measureLine(t, s, 1);
    return Math.max(m.advance, m.inkRight) - Math.min(0, m.inkLeft);
  };
  const fits = (size: number) => {
    const lines = greedyWrap(words, opts.maxWidth / size, unit);
    const widest = Math.max(...lines.map(unit)) * size;
    const height = (0.95 + (lines.length - 1) * s.lineHeight) * size;
    return { lines, ok: widest <= opts.maxWidth && height <= opts.maxHeight && lines.length <= (opts.maxLines ?? 99) };
  };
  let lo = 0;
  let hi = opts.maxSize;
  let best = fits(hi).ok ? { lines: fits(hi).lines, size: hi } : null;
  if (!best) {
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (fits(mid).ok) lo = mid;
      else hi = mid;
    }
    best = { lines: fits(Math.max(lo, 0.01)).lines, size: Math.max(lo, 0.01) };
  }
  return best;
}

function wrapBalanced(words: string[], lines: number, widthOf: (t: string) => number): string[] {
  const n = words.length;
  if (lines >= n) return [...words];
  const join = (i: number, j: number) => words.slice(i, j).join(' ');
  // best[k][i]: least possible widest line when the first i words fill k lines.
  const best: number[][] = Array.from({ length: lines + 1 }, () => new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY));
  const cut: number[][] = Array.from({ length: lines + 1 }, () => new Array<number>(n + 1).fill(0));
  (best[0] as number[])[0] = 0;
  for (let k = 1; k <= lines; k++) {
    for (let i = 1; i <= n; i++) {
      for (let j = k - 1; j < i; j++) {
        const prev = (best[k - 1] as number[])[j] as number;
        if (!Number.isFinite(prev)) continue;
        const w = Math.max(prev, widthOf(join(j, i)));
        if (w < ((best[k] as number[])[i] as number)) {
          (best[k] as number[])[i] = w;
          (cut[k] as number[])[i] = j;
        }
      }
    }
  }
  const out: string[] = [];
  let i = n;
  for (let k = lines; k >= 1; k--) {
    const j = (cut[k] as number[])[i] as number;
    out.unshift(join(j, i));
    i = j;
  }
  return out.filter((l) => l.length > 0);
}

/**
 * Fits `text` (case already applied) into a box: tries 1…maxLines balanced line breaks at
 * word boundaries and keeps the arrangement that allows the largest size, preferring fewer
 * lines unless more lines make the type clearly bigger. Never overflows: when even the
 * smallest arrangement is too wide the size simply shrinks, and words are never split (the
 * name must stay spelled exactly).
 */
export function fitText(text: string, s: TextStyle, opts: FitOptions): FittedText {
  const words = text.split(/\s+/).filter(Boolean);
  if (opts.paragraph && words.length > 1) {
    const para = fitParagraph(words, s, opts);
    return finishFit(para.lines, para.size, s, opts);
  }
  const maxLines = Math.max(1, Math.min(opts.maxLines ?? 1, words.length));
  const unit = (t: string) => {
    const m = measureLine(t, s, 1);
    return Math.max(m.advance, m.inkRight) - Math.min(0, m.inkLeft);
  };
  let bestFit: { lines: string[]; size: number; score: number } | null = null;
  for (let k = 1; k <= maxLines; k++) {
    const lines = k === 1 ? [words.join(' ')] : wrapBalanced(words, k, unit);
    const metrics = lines.map((l) => measureLine(l, s, 1));
    const widest = Math.max(...lines.map(unit));
    const top = metrics[0]?.inkTop ?? 0.7;
    const bottom = metrics[metrics.length - 1]?.inkBottom ?? 0.2;
    const height = top + bottom + (lines.length - 1) * s.lineHeight;
    const size = Math.min(opts.maxSize, opts.maxWidth / widest, opts.maxHeight / height);
    const score = size * (opts.lineBias ?? 0.86) ** (lines.length - 1);
    if (!bestFit || score > bestFit.score) bestFit = { lines, size, score };
  }
  const chosen = bestFit ?? { lines: [text], size: opts.maxSize, score: 0 };
  return finishFit(chosen.lines, chosen.size, s, opts);
}

function finishFit(lineTexts: string[], rawSize: number, s: TextStyle, opts: FitOptions): FittedText {
  // The fitted block is measured from real ink; nudge down if ink outgrew the estimate.
  let size = Math.max(0.01, rawSize);
  let lines = lineTexts.map((l) => measureLine(l, s, size));
  const blockHeight = (ls: LineMetrics[], sz: number) => (ls[0]?.inkTop ?? 0) + (ls.length - 1) * s.lineHeight * sz + (ls[ls.length - 1]?.inkBottom ?? 0);
  const h0 = blockHeight(lines, size);
  if (h0 > opts.maxHeight) {
    size *= opts.maxHeight / h0;
    lines = lineTexts.map((l) => measureLine(l, s, size));
  }
  const leading = s.lineHeight * size;
  const firstBaseline = lines[0]?.inkTop ?? 0;
  const height = firstBaseline + (lines.length - 1) * leading + (lines[lines.length - 1]?.inkBottom ?? 0);
  const width = Math.max(...lines.map((l) => l.inkRight - Math.min(0, l.inkLeft)));
  return { style: s, size, lines, leading, width, height, firstBaseline };
}
