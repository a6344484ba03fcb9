/**
 * The vocabulary layouts are written in: the context a layout receives, vertical text
 * stacks that shrink to fit, icon patterns and scatters, frames, dividers, badges, a
 * barcode and the logo slot. Everything is in panel millimetres.
 */
import { type Art, type LogoInput, type PlacedText, type TextSpec, effectiveStyle } from '../art.js';
import type { Hex } from '../color.js';
import type { BackCopy } from '../copy.js';
import { type TypeSystem, fitText, applyCase } from '../fonts.js';
import { type Rect, grow, intersects, squareAt } from '../geometry.js';
import { drawIcon } from '../icons.js';
import type { Band } from '../colour-plan.js';
import type { Palette } from '../palette.js';
import { adjust, hexToOklch } from '../color.js';
import { contrastRatioLum, ensureContrast, relativeLuminance } from '../contrast.js';
import { imageLuminance } from '../render.js';
import type { Rng } from '../random.js';
import type { StyleFamily } from '../styles.js';
import { circle, line, num, polygonPath, rect } from '../svg.js';

export type PanelRole = 'front' | 'back' | 'side' | 'top' | 'bottom' | 'wrap';

export interface LayoutContext {
  art: Art;
  w: number;
  h: number;
  role: PanelRole;
  palette: Palette;
  type: TypeSystem;
  rng: Rng;
  brand: string;
  product: string;
  descriptor: string;
  /** Icon names chosen for this design (at least one). */
  icons: readonly string[];
  logo: LogoInput | null;
  family: StyleFamily;
  copy: BackCopy;
  /**
   * Space colour bands take at the panel's top and bottom edges, mm (see colour-plan.ts): the
   * content area starts below and ends above them, so no text lands on a band.
   */
  inset?: { top: number; bottom: number };
}

/** One layout grammar: a background treatment shared by all panels and a front composition. */
export interface LayoutGrammar {
  /** `family/variant`, stable: stored with liked layouts. */
  id: string;
  family: StyleFamily;
  backdrop(ctx: LayoutContext): void;
  front(ctx: LayoutContext): void;
  /** The backdrop changes colour across the panel: small copy goes on a card. */
  busy?: boolean;
}

export function unit(ctx: LayoutContext): number {
  return Math.min(ctx.w, ctx.h);
}

export function margin(ctx: LayoutContext): number {
  return Math.max(2.5, unit(ctx) * 0.085);
}

export function content(ctx: LayoutContext): Rect {
  const m = margin(ctx);
  const top = ctx.inset?.top ?? 0;
  const bottom = ctx.inset?.bottom ?? 0;
  return { x: m, y: m + top, w: ctx.w - 2 * m, h: Math.max(ctx.h * 0.2, ctx.h - 2 * m - top - bottom) };
}

/**
 * The height `f` of the way down the panel's area between its colour bands — the whole panel
 * when it has none (then exactly `ctx.h * f`): layouts that place their parts by the panel's
 * height keep them, and the type in them, clear of the bands.
 */
export function downTo(ctx: LayoutContext, f: number): number {
  const top = ctx.inset?.top ?? 0;
  const bottom = ctx.inset?.bottom ?? 0;
  return top + (ctx.h - top - bottom) * f;
}

/** The height of the panel's area between its colour bands (the panel's height without bands). */
export function openHeight(ctx: LayoutContext): number {
  return ctx.h - (ctx.inset?.top ?? 0) - (ctx.inset?.bottom ?? 0);
}

export function isLandscape(ctx: LayoutContext): boolean {
  return ctx.w > ctx.h * 1.15;
}

export type StackItem = Omit<TextSpec, 'box'> & {
  /** Most height this item may take. */
  maxHeight: number;
  /** Space above the item (ignored for the first). */
  gap?: number;
};

function fittedHeight(art: Art, item: StackItem, width: number, sizeScale: number): number {
  const style = effectiveStyle(item.role, item.text, item.style);
  const text = applyCase(item.text, style).replace(/\s+/g, ' ').trim();
  return fitText(text, style, {
    maxWidth: width,
    maxHeight: item.maxHeight * sizeScale,
    maxSize: art.governedMax(item.role, item.maxSize) * sizeScale,
    maxLines: item.maxLines,
    lineBias: item.lineBias,
    paragraph: item.paragraph,
  }).height;
}

/**
 * Places text items one under the other inside `region`, aligned as asked. When the items
 * (long names wrap to more lines) do not fit, every item's size shrinks by the same factor,
 * so hierarchy is kept.
 */
export function stack(art: Art, region: Rect, items: readonly StackItem[], valign: 'top' | 'middle' | 'bottom' = 'middle'): PlacedText[] {
  let scale = 1;
  let heights: number[] = [];
  let total = 0;
  for (let i = 0; i < 6; i++) {
    heights = items.map((it) => fittedHeight(art, it, region.w, scale));
    total = heights.reduce((s, h) => s + h, 0) + items.slice(1).reduce((s, it) => s + (it.gap ?? 0) * scale, 0);
    if (total <= region.h + 1e-6) break;
    scale *= Math.max(0.5, (region.h / total) * 0.98);
  }
  let y = valign === 'top' ? region.y : valign === 'bottom' ? region.y + region.h - total : region.y + (region.h - total) / 2;
  return items.map((it, i) => {
    if (i > 0) y += (it.gap ?? 0) * scale;
    const h = heights[i] ?? 0;
    const placed = art.text({ ...it, maxSize: art.governedMax(it.role, it.maxSize) * scale, box: { x: region.x, y, w: region.w, h: h + 1e-6 }, valign: 'top' });
    y += h;
    return placed;
  });
}

export interface PatternOptions {
  icons: readonly string[];
  color: Hex;
  size: number;
  spacing: number;
  strokeMm: number;
  region?: Rect;
  /** Offset every other row by half a step (brick layout). */
  brick?: boolean;
  rotateJitter?: number;
  rng: Rng;
  /** Skip cells at random for an airy, hand-placed feel (0…1). */
  sparsity?: number;
}

/** A repeat pattern of icons; icons meeting a clear zone are dropped by the Art surface. */
export function iconPattern(ctx: LayoutContext, o: PatternOptions): void {
  const r = o.region ?? { x: 0, y: 0, w: ctx.w, h: ctx.h };
  const cols = Math.max(1, Math.round(r.w / o.spacing));
  const rows = Math.max(1, Math.round(r.h / o.spacing));
  const sx = r.w / cols;
  const sy = r.h / rows;
  for (let row = 0; row <= rows; row++) {
    for (let col = 0; col <= cols; col++) {
      const shift = o.brick && row % 2 === 1 ? sx / 2 : 0;
      const cx = r.x + col * sx + shift;
      const cy = r.y + row * sy;
      if (cx > r.x + r.w + 0.01 || cy > r.y + r.h + 0.01) continue;
      if (o.sparsity && o.rng.chance(o.sparsity)) continue;
      const name = o.icons[(row * 7 + col * 3) % o.icons.length] ?? 'star';
      const rotate = o.rotateJitter ? o.rng.range(-o.rotateJitter, o.rotateJitter) : 0;
      ctx.art.ornament(drawIcon({ name, cx, cy, size: o.size, color: o.color, strokeMm: o.strokeMm, rotate }), squareAt(cx, cy, o.size * 1.3));
    }
  }
}

/** Icons dropped at random free spots (not touching each other or any clear zone). */
export function scatterIcons(
  ctx: LayoutContext,
  o: { icons: readonly string[]; colors: readonly Hex[]; count: number; minSize: number; maxSize: number; strokeMm: number; rng: Rng; avoid?: readonly Rect[] },
): void {
  const placed: Rect[] = [...(o.avoid ?? [])];
  let n = 0;
  for (let attempt = 0; attempt < o.count * 12 && n < o.count; attempt++) {
    const size = o.rng.range(o.minSize, o.maxSize);
    const cx = o.rng.range(size * 0.4, ctx.w - size * 0.4);
    const cy = o.rng.range(size * 0.4, ctx.h - size * 0.4);
    const box = squareAt(cx, cy, size * 1.3);
    if (!ctx.art.isClear(box) || placed.some((p) => intersects(p, grow(box, size * 0.25)))) continue;
    placed.push(box);
    n++;
    const name = o.icons[n % o.icons.length] ?? 'star';
    const color = o.colors[n % o.colors.length] ?? ctx.palette.primary;
    ctx.art.ornament(drawIcon({ name, cx, cy, size, color, strokeMm: o.strokeMm, rotate: o.rng.range(-25, 25) }), box);
  }
}

/** A rectangular frame as four strips (so the clear-zone check sees thin boxes, not the whole panel). */
export function frame(ctx: LayoutContext, inset: number, color: Hex, width: number, radius = 0): void {
  const x0 = inset;
  const y0 = inset;
  const x1 = ctx.w - inset;
  const y1 = ctx.h - inset;
  const half = width / 2 + 0.2;
  const svg = `<rect x="${num(x0)}" y="${num(y0)}" width="${num(x1 - x0)}" height="${num(y1 - y0)}"${radius ? ` rx="${num(radius)}"` : ''} fill="none" stroke="${color}" stroke-width="${num(width, 3)}"/>`;
  ctx.art.ornament(svg, [
    { x: x0 - half, y: y0 - half, w: x1 - x0 + 2 * half, h: 2 * half + radius * 0.3 },
    { x: x0 - half, y: y1 - half - radius * 0.3, w: x1 - x0 + 2 * half, h: 2 * half + radius * 0.3 },
    { x: x0 - half, y: y0 - half, w: 2 * half + radius * 0.3, h: y1 - y0 + 2 * half },
    { x: x1 - half - radius * 0.3, y: y0 - half, w: 2 * half + radius * 0.3, h: y1 - y0 + 2 * half },
  ]);
}

/** A short horizontal rule, optionally with a centre diamond or dot. */
export function divider(
  ctx: LayoutContext,
  cx: number,
  cy: number,
  width: number,
  color: Hex,
  stroke: number,
  kind: 'line' | 'diamond' | 'dot' = 'line',
): void {
  const parts: string[] = [];
  const d = kind === 'line' ? stroke / 2 : Math.max(stroke * 3, width * 0.05);
  if (kind === 'line') parts.push(line(cx - width / 2, cy, cx + width / 2, cy, color, stroke));
  else {
    parts.push(line(cx - width / 2, cy, cx - d * 1.6, cy, color, stroke));
    parts.push(line(cx + d * 1.6, cy, cx + width / 2, cy, color, stroke));
    parts.push(
      kind === 'diamond'
        ? `<path d="${polygonPath([
            [cx, cy - d],
            [cx + d, cy],
            [cx, cy + d],
            [cx - d, cy],
          ])}" fill="${color}"/>`
        : circle(cx, cy, d * 0.7, color),
    );
  }
  ctx.art.ornament(parts.join(''), { x: cx - width / 2, y: cy - d - stroke, w: width, h: 2 * (d + stroke) });
}

/** An icon inside a circle: filled disc or a thin ring. */
export function iconBadge(
  ctx: LayoutContext,
  cx: number,
  cy: number,
  r: number,
  icon: string,
  o: { fill?: Hex; ring?: Hex; iconColor: Hex; strokeMm: number },
): void {
  const parts: string[] = [];
  if (o.fill) parts.push(circle(cx, cy, r, o.fill));
  if (o.ring) parts.push(circle(cx, cy, r - o.strokeMm / 2, 'none', ` stroke="${o.ring}" stroke-width="${num(o.strokeMm * 0.6, 3)}"`));
  parts.push(drawIcon({ name: icon, cx, cy, size: r * 1.05, color: o.iconColor, strokeMm: o.strokeMm }));
  ctx.art.ornament(parts.join(''), squareAt(cx, cy, 2 * r + o.strokeMm));
}

/** The logo (when the brief has one) fitted into `box`; returns its rectangle. */
export function logoSlot(ctx: LayoutContext, box: Rect, align: 'left' | 'center' | 'right' = 'center'): Rect | null {
  if (!ctx.logo) return null;
  // A logo that would melt into the ground sits on a quiet plate of the opposite tone.
  const tone = imageLuminance(ctx.logo.href, ctx.logo.width, ctx.logo.height);
  const ground = relativeLuminance(ctx.palette.background);
  let plate: Hex | undefined;
  // Over imagery the ground is unknown pixel by pixel: the logo always gets its plate there.
  if (tone !== null && (ctx.art.hasImageBehind || contrastRatioLum(tone, ground) < 2.2)) {
    plate =
      tone < 0.35
        ? relativeLuminance(ctx.palette.surface) > 0.6
          ? ctx.palette.surface
          : '#f7f5f0'
        : relativeLuminance(ctx.palette.text) < 0.1
          ? ctx.palette.text
          : '#161616';
  }
  return ctx.art.logo(box, ctx.logo, align, plate);
}

/** A barcode-like block of bars derived from the brand (decorative, with its digits). */
export function barcode(ctx: LayoutContext, box: Rect, ink: Hex, paper: Hex): void {
  const seedText = `${ctx.brand}|${ctx.product}`;
  let digits = '';
  for (let i = 0; i < 13; i++) digits += String((seedText.charCodeAt(i % seedText.length) * (i + 7)) % 10);
  ctx.art.background(rect(box.x, box.y, box.w, box.h, paper, ` rx="${num(Math.min(box.w, box.h) * 0.04)}"`));
  const barsTop = box.y + box.h * 0.08;
  const barsH = box.h * 0.62;
  const innerX = box.x + box.w * 0.08;
  const innerW = box.w * 0.84;
  const modules = 95;
  const mw = innerW / modules;
  let pattern = '101';
  for (const d of digits.slice(1, 7))
    pattern += ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'][Number(d)] ?? '0001101';
  pattern += '01010';
  for (const d of digits.slice(7))
    pattern += ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100'][Number(d)] ?? '1110010';
  pattern += '101';
  const bars: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '1') continue;
    let j = i;
    while (pattern[j + 1] === '1') j++;
    bars.push(`M${num(innerX + i * mw, 3)} ${num(barsTop, 3)}h${num((j - i + 1) * mw, 3)}v${num(barsH, 3)}h${num(-(j - i + 1) * mw, 3)}Z`);
    i = j;
  }
  ctx.art.background(`<path d="${bars.join('')}" fill="${ink}"/>`);
  ctx.art.text({
    role: 'code',
    text: `${digits.slice(0, 1)} ${digits.slice(1, 7)} ${digits.slice(7)}`,
    style: { ...ctx.type.body, tracking: 0.12, uppercase: false, lineHeight: 1 },
    box: { x: innerX, y: barsTop + barsH + Math.max(box.h * 0.07, 0.6), w: innerW, h: box.h * 0.17 },
    maxSize: box.h * 0.17,
    fill: ink,
    pad: 0.25,
  });
}

/** A smooth closed blob (Catmull-Rom through jittered points on a circle). */
export function blobPath(cx: number, cy: number, r: number, rng: Rng, points = 7, jitter = 0.22): string {
  const pts: [number, number][] = [];
  const phase = rng.range(0, Math.PI * 2);
  for (let i = 0; i < points; i++) {
    const a = phase + (i / points) * Math.PI * 2;
    const rr = r * (1 + rng.range(-jitter, jitter));
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  const at = (i: number) => pts[((i % points) + points) % points] as [number, number];
  let d = `M${num(at(0)[0])} ${num(at(0)[1])}`;
  for (let i = 0; i < points; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${num(c1x)} ${num(c1y)} ${num(c2x)} ${num(c2y)} ${num(p2[0])} ${num(p2[1])}`;
  }
  return `${d}Z`;
}

/** Full-panel flat fill. */
export function flat(ctx: LayoutContext, color: Hex): void {
  ctx.art.background(rect(0, 0, ctx.w, ctx.h, color));
}

/** Hairline weight that reads the same on small and large panels. */
export function hairline(ctx: LayoutContext, k = 1): number {
  return Math.max(0.2, unit(ctx) * 0.0045 * k);
}

/**
 * Whether the pack's text is dark on light or light on dark. Fields that carry text keep
 * that polarity: one polarity per face reads as one label (and is what text recognisers,
 * which binarise the whole image at once, cope with).
 */
export function textIsLight(p: Palette): boolean {
  return relativeLuminance(p.text) > relativeLuminance(p.background);
}

/**
 * A field that type is printed on, in `color`: a named metal becomes a flat metallic ink there
 * (the foil pass lays foil on the metal's exact hex only, so the stand-in is one step off in
 * blue) — type over a foil's sheen cannot hold its contrast. Other colours are returned as given.
 */
export function inkField(p: Palette, color: Hex): Hex {
  const metal = p.roles?.features.some((f) => f.metal && f.hex === color) || (p.roles?.ground?.metal && p.roles.ground.hex === color);
  if (!metal) return color;
  const n = Number.parseInt(color.slice(1), 16);
  return `#${(n ^ 1).toString(16).padStart(6, '0')}`;
}

/** True for a colour the brief named (the ground or a feature colour): it is shown as it is. */
export function isNamedColour(p: Palette, color: Hex): boolean {
  const r = p.roles;
  return r !== undefined && (r.ground?.hex === color || r.features.some((f) => f.hex === color));
}

/**
 * A version of `color` on which text of the pack's polarity reads (lightness moved as needed).
 * A colour the brief named keeps its lightness (pastel pink is not deepened to maroon): the
 * text on it changes instead ({@link inkOn}) — unless the field carries the wordmark.
 */
export function fieldFor(p: Palette, color: Hex, wordmark = false): Hex {
  // A named colour keeps its lightness, except under a wordmark: a text recogniser splits the
  // whole image into two tones, and a name on a field of the other tone class than the pack
  // comes out reversed, which it misses. Generated colours keep the pack's polarity: a large
  // field of the other class beside the wordmark's ground makes the recogniser's page layout
  // lose the name too.
  if (!wordmark && !p.strictFields && isNamedColour(p, color)) return inkField(p, color);
  const o = hexToOklch(color);
  if (textIsLight(p)) {
    if (o.l <= 0.42) return color;
    // Yellows and yellow-greens turn olive when darkened: deepen the page colour instead.
    // Near-greys deepen to drab too; both cases borrow the page's own hue.
    const source = (o.h > 60 && o.h < 135) || o.c < 0.06 ? p.background : color;
    return adjust(source, { l: 0.36 });
  }
  return o.l < 0.8 ? adjust(color, { l: 0.86, cScale: 0.7 }) : color;
}

/** The pack's text colour, made legible on `field`. */
export function inkOn(p: Palette, field: Hex): Hex {
  return ensureContrast(p.text, [field], 4.8);
}

/**
 * Wordmark colour on the pack's light card (surface): the accent colour on light packs, the
 * pack's own field colour on colour-field and dark packs, deepened until it reads.
 */
export function inkOnCard(p: Palette): Hex {
  return ensureContrast(p.mode === 'light' ? p.primary : p.background, [p.surface], 4.8);
}

/** Body colour on the light card: a deep shade of the pack's own hue rather than grey. */
export function textOnCard(p: Palette): Hex {
  if (p.mode === 'light') return p.text;
  return ensureContrast(adjust(p.background, { l: 0.24, cScale: 0.8 }), [p.surface], 4.8);
}

/**
 * Colour bands across the panel's full width at its top and bottom edges (colour-plan.ts): the
 * named colours' share of every panel. A metal band ends in a fine foil pinstripe, as trim.
 */
export function colourBands(ctx: LayoutContext, bands: readonly Band[]): void {
  let top = 0;
  let bottom = 0;
  for (const b of bands) {
    const h = b.share * ctx.h;
    const at = b.edge === 'top' ? top : ctx.h - bottom - h;
    if (b.edge === 'top') top += h;
    else bottom += h;
    if (!b.metal) {
      ctx.art.band(rect(0, at, ctx.w, h, b.hex));
      continue;
    }
    const stripe = hairline(ctx, 1.1);
    const gap = Math.min(h * 0.12, stripe * 2.5);
    const solid = Math.max(h * 0.5, h - gap - stripe);
    const solidY = b.edge === 'top' ? at : at + h - solid;
    const stripeY = b.edge === 'top' ? at + solid + gap : at + h - solid - gap - stripe;
    ctx.art.band(rect(0, solidY, ctx.w, solid, b.hex) + rect(0, stripeY, ctx.w, stripe, b.hex));
  }
}
