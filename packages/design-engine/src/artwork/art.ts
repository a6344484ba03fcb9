/**
 * The drawing surface every layout writes to. It keeps four layers — background (may sit
 * under text and is sampled for contrast), ornaments (never inside a clear zone), logo and
 * text — and owns the two invariants every design keeps: every text zone reaches WCAG
 * 4.5:1 against the pixels actually under it, and no ornament intersects a clear zone.
 */
import { type Binariser, binariser, isInk } from './binarise.js';
import { type Hex, adjust, hexToOklch, oklch } from './color.js';
import {
  type Channels,
  MIN_TEXT_CONTRAST,
  contrastRatio,
  contrastRatioLum,
  ensureContrast,
  relativeLuminance,
  relativeLuminanceRgb,
  scrimOpacity,
} from './contrast.js';
import { type FittedText, type TextStyle, applyCase, fitText } from './fonts.js';
import { type Rect, grow, intersects } from './geometry.js';
import { foilGradient } from './foil.js';
import { type ImageZone, type RasterImage, CENTRED, coverRect, imageElement, zoneOf } from './imagery.js';
import type { Metal } from './named-colours.js';
import type { Palette } from './palette.js';
import { svgToPixels } from './render.js';
import { escapeXml, num } from './svg.js';

export type TextRole = 'brand' | 'product' | 'descriptor' | 'label' | 'body' | 'code';

/** A text element's clear zone (ink box plus padding), in panel mm, with what was checked. */
export interface TextZone extends Rect {
  role: TextRole;
  /** The text exactly as drawn (after case styling), lines joined by a space. */
  text: string;
  /** The drawn lines, top to bottom. */
  lines: string[];
  fill: Hex;
  /** Lowest WCAG contrast of the fill against the sampled pixels under the zone. */
  contrast: number;
  sizeMm: number;
  fontFamily: string;
}

export interface LogoInput {
  /** `data:` URL of the logo image (PNG, JPEG or SVG). */
  href: string;
  width: number;
  height: number;
}

export interface TextSpec {
  role: TextRole;
  text: string;
  style: TextStyle;
  /** Area the text may occupy. */
  box: Rect;
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
  maxSize: number;
  maxLines?: number;
  fill: Hex;
  /** Other colours the layout is happy with, tried before the fill is adjusted. */
  alternatives?: readonly Hex[];
  /** Clear-zone padding around the ink, mm (default: a quarter of the type size). */
  pad?: number;
  /** Quarter turns for text running up (-90) or down (90) a narrow panel. */
  rotate?: -90 | 90;
  /** See {@link FitOptions.lineBias}. */
  lineBias?: number;
  /** See {@link FitOptions.paragraph}. */
  paragraph?: boolean;
}

export interface PlacedText {
  zone: Rect;
  ink: Rect;
  fitted: FittedText;
}

interface TextItem {
  spec: TextSpec;
  fitted: FittedText;
  zone: Rect;
  ink: Rect;
  fill: Hex;
  contrast: number;
  svgLines: { x: number; y: number; text: string }[];
  transform: string;
}

export interface ArtResult {
  svg: string;
  textZones: TextZone[];
  logoZone: Rect | null;
  /** Boxes of the ornaments kept (none intersects a text or logo zone). */
  ornamentBoxes: Rect[];
  /** Plates (or, over imagery, scrims) the contrast fixer had to put behind text (0 when the layout's colours sufficed). */
  plates: number;
  /**
   * On the principal panel: whether the wordmark survives a text recogniser's binarisation of the
   * whole panel (ink on paper, see binarise.ts); null where it was not judged.
   */
  wordmarkApart: boolean | null;
  /** Where the illustration went (panel mm) and the part of its image shown; null without one. */
  illustration: { rect: Rect; zone: ImageZone } | null;
}

/** The shape an art zone crops an opaque illustration to. */
export type ArtZoneShape = 'circle' | 'rounded';

/**
 * Largest brand type size as a share of the panel's longest side. OCR engines (and shoppers
 * at arm's length) read a wordmark best when it is big but not a poster: tesseract, for one,
 * drops glyphs several times taller than the surrounding text as non-text.
 */
export const BRAND_MAX_OF_LONGEST = 0.085;

/** Largest wordmark size as a multiple of the product name's size on the same panel. */
export const BRAND_TO_PRODUCT_MAX = 1.9;

/**
 * The style a text is actually set in. Very short wordmarks lose their wide tracking: three
 * letters spaced a third of an em apart stop reading as one word.
 */
export function effectiveStyle(role: TextRole, text: string, style: TextStyle): TextStyle {
  if (role === 'brand' && text.replace(/\s+/g, '').length <= 4 && style.tracking > 0.06) return { ...style, tracking: 0.06 };
  return style;
}

/** Least per-channel (0–255) difference between a wordmark and what lies under it. */
const CHANNEL_MARGIN = 80;
/**
 * The same margin over imagery. A recogniser binarises the whole picture at once, and a
 * photograph puts mid-tones everywhere round the label: a mid-tone wordmark (gold on a dark band)
 * then falls on the wrong side of the threshold. Over imagery the name goes near white or near black.
 */
const CHANNEL_MARGIN_IMAGERY = 200;
/** Channel mid-point a wordmark's every channel must clear by a quarter margin (light above, dark below). */
const CHANNEL_MID = 128;

/** Target used while fixing colours: a hair above 4.5 so the final render never dips under. */
const FIX_TARGET = MIN_TEXT_CONTRAST + 0.15;

/** Scrims over imagery aim a little higher still: the channel bound they are computed for is sampled. */
const SCRIM_TARGET = FIX_TARGET + 0.25;
/** Least scrim opacity: a fainter veil reads as a smudge, not as a deliberate plate. */
const SCRIM_MIN = 0.45;
/**
 * The wordmark's scrim is a solid plate: at 92 % the finest detail of a busy photo still showed
 * through and was read as parts of letters.
 */
const BRAND_SCRIM_MIN = 1;
/** Distinct colours above which the ground round a wordmark counts as busy imagery. */
const BUSY_COLOURS = 256;
/** Distinct colours above which one pixel column beside a wordmark counts as imagery. */
const BUSY_LINE_COLOURS = 8;

/** What lies under one text zone: its colours, and over imagery how busy its surroundings are. */
interface ZoneSample {
  lums: number[];
  rgb: number[];
  /** Distinct colours in the wordmark's quiet zone (0 for other texts or without imagery). */
  quietColours: number;
  /** How far busy imagery runs on before and after the wordmark along its lines, mm. */
  reach: [number, number];
}

function rotateRect(r: Rect, cx: number, cy: number, deg: number): Rect {
  const rad = (deg * Math.PI) / 180;
  const cos = Math.round(Math.cos(rad));
  const sin = Math.round(Math.sin(rad));
  const pts = [
    [r.x, r.y],
    [r.x + r.w, r.y],
    [r.x, r.y + r.h],
    [r.x + r.w, r.y + r.h],
  ].map(([x = 0, y = 0]) => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos]);
  const xs = pts.map((p) => p[0] ?? 0);
  const ys = pts.map((p) => p[1] ?? 0);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

export class Art {
  private readonly defsList: string[] = [];
  private readonly bgList: string[] = [];
  private readonly plates: string[] = [];
  private readonly ornaments: { svg: string; boxes: Rect[] }[] = [];
  private readonly texts: TextItem[] = [];
  private readonly reserved: Rect[] = [];
  private logoSvg = '';
  private logoRect: Rect | null = null;
  private ids = 0;
  /** A raster image lies under the layers (imagery): text over it gets scrims, sampled finely. */
  private imageBehind = false;
  private readonly artZones: { rect: Rect; shape: ArtZoneShape }[] = [];
  private illustrationImage: RasterImage | null = null;
  private placedIllustration: { rect: Rect; zone: ImageZone; svg: string } | null = null;
  /** The one scrim tone of this panel, fixed by its first scrim (see addScrims). */
  private scrimTone: 'dark' | 'light' | null = null;
  /** The wordmark got its quiet zone over imagery (see enforceContrast). */
  private brandQuiet = false;
  /** This panel's wordmark is the one a shopper reads the pack by: it gets a quiet zone over imagery. */
  private principal = false;
  /** Metal colours laid as foil: hex → id of its gradient. */
  private readonly foils = new Map<Hex, string>();
  /** Indices in the background list of the named colours' bands (see {@link band}). */
  private readonly bandIndices: number[] = [];
  private bandsLocked = false;

  constructor(
    readonly w: number,
    readonly h: number,
    readonly palette: Palette,
    private readonly scalePxPerMm: number,
  ) {}

  /** A document-unique id for gradients, clip paths and patterns. */
  uid(prefix: string): string {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  def(svg: string): void {
    this.defsList.push(svg);
  }

  /** Full-bleed fills, colour fields and plates: may lie under text (contrast is sampled). */
  background(svg: string): void {
    this.bgList.push(svg);
  }

  /**
   * A colour band of the named colours (colour-plan.ts): background like any other, but the
   * front may give it up when it would leave the wordmark's ground a minority colour (see
   * {@link keepWordmarkApart}).
   */
  band(svg: string): void {
    if (!this.bandsLocked) this.bandIndices.push(this.bgList.length);
    this.bgList.push(svg);
  }

  /** Bands stay whatever happens: a slice of a band round a body must run on into the next. */
  lockBands(): void {
    this.bandsLocked = true;
  }

  /**
   * Decoration with the boxes it covers. Dropped at the end if any box meets a clear zone,
   * so a layout may place ornaments before or after its text.
   */
  ornament(svg: string, boxes: Rect | readonly Rect[]): void {
    this.ornaments.push({ svg, boxes: isRectList(boxes) ? [...boxes] : [boxes] });
  }

  /**
   * A raster backdrop (imagery) under every other layer. Its pixels are measured like any
   * background; where no text colour reads on them, the text gets a scrim instead of a plate.
   */
  imageBackground(svg: string): void {
    this.bgList.push(svg);
    this.imageBehind = true;
  }

  /**
   * Lays every background and ornament fill or stroke in `hex` as a foil of `metal` (a gradient
   * with sheen across the panel). Text keeps the flat colour: its contrast is checked on it.
   */
  foil(hex: Hex, metal: Metal): void {
    if (this.foils.has(hex)) return;
    const id = this.uid('foil');
    this.foils.set(hex, id);
    this.def(foilGradient(id, hex, metal, this.w, this.h));
  }

  private foiled(svg: string): string {
    let out = svg;
    for (const [hex, id] of this.foils) out = out.split(`fill="${hex}"`).join(`fill="url(#${id})"`).split(`stroke="${hex}"`).join(`stroke="url(#${id})"`);
    return out;
  }

  /** Marks the principal display panel (the front): its wordmark gets a quiet zone over imagery. */
  markPrincipal(): void {
    this.principal = true;
  }

  /** True once imagery lies under the layers. */
  get hasImageBehind(): boolean {
    return this.imageBehind;
  }

  /**
   * The spot a layout keeps for its hero mark (an emblem, a large icon). A design with an
   * illustration shows it there instead, when the spot stays clear of every text and logo zone.
   */
  artZone(rect: Rect, shape: ArtZoneShape = 'rounded'): void {
    this.artZones.push({ rect, shape });
  }

  /** The design's illustration: placed at {@link finish} in the best clear art zone. */
  illustrate(image: RasterImage): void {
    this.illustrationImage = image;
  }

  /** Keeps ornaments out of an area that holds no text (an emblem, a product window). */
  reserve(rect: Rect): void {
    this.reserved.push(rect);
  }

  /** True if `rect` is clear of every zone reserved so far. */
  isClear(rect: Rect): boolean {
    return !this.reserved.some((z) => intersects(z, rect)) && !this.texts.some((t) => intersects(t.zone, rect));
  }

  /** The size cap a role is held to on this panel (see {@link BRAND_MAX_OF_LONGEST}). */
  governedMax(role: TextRole, maxSize: number): number {
    const cap = BRAND_MAX_OF_LONGEST * Math.max(this.w, this.h);
    if (role === 'brand') return Math.min(maxSize, cap);
    // The product name stays clearly below the wordmark even when the wordmark is capped.
    if (role === 'product') return Math.min(maxSize, cap * 0.62);
    return maxSize;
  }

  text(spec: TextSpec): PlacedText {
    const item = this.layoutText(spec, this.governedMax(spec.role, spec.maxSize));
    this.texts.push(item);
    return { zone: item.zone, ink: item.ink, fitted: item.fitted };
  }

  private layoutText(specIn: TextSpec, maxSize: number): TextItem {
    const spec = { ...specIn, style: effectiveStyle(specIn.role, specIn.text, specIn.style) };
    const text = applyCase(spec.text, spec.style).replace(/\s+/g, ' ').trim();
    const b = spec.box;
    const cx = b.x + b.w / 2;
    const cy = b.y + b.h / 2;
    const turned = spec.rotate !== undefined;
    const frame: Rect = turned ? { x: cx - b.h / 2, y: cy - b.w / 2, w: b.h, h: b.w } : b;
    const fitted = fitText(text, spec.style, {
      maxWidth: frame.w,
      maxHeight: frame.h,
      maxSize,
      maxLines: spec.maxLines,
      lineBias: spec.lineBias,
      paragraph: spec.paragraph,
    });
    const align = spec.align ?? 'center';
    const valign = spec.valign ?? 'top';
    const top = valign === 'top' ? frame.y : valign === 'bottom' ? frame.y + frame.h - fitted.height : frame.y + (frame.h - fitted.height) / 2;
    let ink: Rect | null = null;
    const svgLines = fitted.lines.map((line, i) => {
      const lead = Math.min(0, line.inkLeft);
      const lineWidth = Math.max(line.advance, line.inkRight) - lead;
      const x = align === 'left' ? frame.x - lead : align === 'right' ? frame.x + frame.w - lineWidth - lead : frame.x + (frame.w - lineWidth) / 2 - lead;
      const y = top + fitted.firstBaseline + i * fitted.leading;
      const lineInk: Rect = { x: x + line.inkLeft, y: y - line.inkTop, w: line.inkRight - line.inkLeft, h: line.inkTop + line.inkBottom };
      if (!ink) ink = lineInk;
      else {
        const x0 = Math.min(ink.x, lineInk.x);
        const y0 = Math.min(ink.y, lineInk.y);
        ink = { x: x0, y: y0, w: Math.max(ink.x + ink.w, lineInk.x + lineInk.w) - x0, h: Math.max(ink.y + ink.h, lineInk.y + lineInk.h) - y0 };
      }
      return { x, y, text: line.text };
    });
    let inkRect: Rect = ink ?? { x: frame.x, y: top, w: 0, h: 0 };
    let transform = '';
    if (turned) {
      inkRect = rotateRect(inkRect, cx, cy, spec.rotate ?? 0);
      transform = ` transform="rotate(${spec.rotate} ${num(cx)} ${num(cy)})"`;
    }
    const pad = spec.pad ?? Math.max(0.4, fitted.size * 0.25);
    let zone = grow(inkRect, pad);
    // A wordmark gets extra air along its lines: nothing should read as part of the name.
    if (spec.role === 'brand') {
      // The extra air stays inside the box the layout gave the name (a card, a band).
      const extra = fitted.size * 0.5;
      if (turned) {
        const y0 = Math.min(zone.y, Math.max(b.y, zone.y - extra));
        const y1 = Math.max(zone.y + zone.h, Math.min(b.y + b.h, zone.y + zone.h + extra));
        zone = { ...zone, y: y0, h: y1 - y0 };
      } else {
        const x0 = Math.min(zone.x, Math.max(b.x, zone.x - extra));
        const x1 = Math.max(zone.x + zone.w, Math.min(b.x + b.w, zone.x + zone.w + extra));
        zone = { ...zone, x: x0, w: x1 - x0 };
      }
    }
    return { spec, fitted, zone: this.clampToPanel(zone), ink: inkRect, fill: spec.fill, contrast: 0, svgLines, transform };
  }

  /**
   * Keeps the wordmark within {@link BRAND_TO_PRODUCT_MAX} of the product name's size so the
   * hierarchy reads as one label (and text recognisers do not discard the giant glyphs as
   * artwork). A brand that is too large is refitted smaller, centred where it was.
   */
  private balanceHierarchy(): void {
    const products = this.texts.filter((t) => t.spec.role === 'product' && !t.transform);
    if (products.length === 0) return;
    const productSize = Math.max(...products.map((t) => t.fitted.size));
    this.texts.forEach((t, i) => {
      if (t.spec.role !== 'brand' || t.transform) return;
      // A name of two or three letters is a handful of glyphs: it needs less scale to lead.
      const letters = t.spec.text.replace(/\s+/g, '').length;
      const cap = productSize * (letters <= 3 ? BRAND_TO_PRODUCT_MAX * 0.72 : BRAND_TO_PRODUCT_MAX);
      if (t.fitted.size <= cap) return;
      const next = this.layoutText(t.spec, cap);
      const align = t.spec.align ?? 'center';
      const dx =
        align === 'center' ? t.ink.x + t.ink.w / 2 - (next.ink.x + next.ink.w / 2) : align === 'right' ? t.ink.x + t.ink.w - (next.ink.x + next.ink.w) : 0;
      const dy = t.ink.y + t.ink.h / 2 - (next.ink.y + next.ink.h / 2);
      const shift = (r: Rect): Rect => ({ ...r, x: r.x + dx, y: r.y + dy });
      this.texts[i] = {
        ...next,
        ink: shift(next.ink),
        zone: this.clampToPanel(shift(next.zone)),
        svgLines: next.svgLines.map((l) => ({ ...l, x: l.x + dx, y: l.y + dy })),
      };
    });
  }

  /** Places the logo inside `box` with its aspect ratio kept; returns the rectangle used. */
  logo(box: Rect, logo: LogoInput, align: 'left' | 'center' | 'right' = 'center', plate?: Hex): Rect {
    const scale = Math.min(box.w / logo.width, box.h / logo.height);
    const w = logo.width * scale;
    const h = logo.height * scale;
    const x = align === 'left' ? box.x : align === 'right' ? box.x + box.w - w : box.x + (box.w - w) / 2;
    const y = box.y + (box.h - h) / 2;
    const r: Rect = { x, y, w, h };
    if (plate) {
      const p = grow(r, Math.min(w, h) * 0.18);
      this.background(`<rect x="${num(p.x)}" y="${num(p.y)}" width="${num(p.w)}" height="${num(p.h)}" rx="${num(Math.min(p.w, p.h) * 0.2)}" fill="${plate}"/>`);
    }
    this.logoSvg = `<image href="${logo.href}" x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" preserveAspectRatio="xMidYMid meet"/>`;
    this.logoRect = r;
    this.reserved.push(grow(r, Math.min(w, h) * 0.12));
    return r;
  }

  private clampToPanel(r: Rect): Rect {
    const x = Math.max(0, r.x);
    const y = Math.max(0, r.y);
    return { x, y, w: Math.min(this.w, r.x + r.w) - x, h: Math.min(this.h, r.y + r.h) - y };
  }

  private keptOrnaments(): { svg: string; boxes: Rect[] }[] {
    const ill = this.placedIllustration?.rect;
    // The illustration takes its spot: the icons it replaces (and patterns under it) make way.
    return this.ornaments.filter((o) => o.boxes.every((b) => this.isClear(b) && !(ill && intersects(b, ill))));
  }

  /**
   * Puts the illustration in the largest clear square: the layout's own art zones first (kept
   * when at least three quarters the size of the best free spot), else the free square nearest
   * the panel's centre. Clear means inside the margins, off every text zone (with a gap) and off
   * reserved areas (the logo). Too little room leaves the panel without it.
   */
  private placeIllustration(): void {
    const img = this.illustrationImage;
    if (!img) return;
    const unit = Math.min(this.w, this.h);
    const gap = unit * 0.03;
    const m = Math.max(2.5, unit * 0.085);
    const minSide = unit * 0.2;
    const zones = this.texts.map((t) => grow(t.zone, gap));
    const clear = (r: Rect) =>
      r.x >= -1e-6 &&
      r.y >= -1e-6 &&
      r.x + r.w <= this.w + 1e-6 &&
      r.y + r.h <= this.h + 1e-6 &&
      !zones.some((z) => intersects(z, r)) &&
      !this.reserved.some((z) => intersects(z, r));

    let declared: { rect: Rect; shape: ArtZoneShape } | null = null;
    for (const z of this.artZones) {
      const side = Math.min(z.rect.w, z.rect.h);
      const rect = { x: z.rect.x + (z.rect.w - side) / 2, y: z.rect.y + (z.rect.h - side) / 2, w: side, h: side };
      if (side >= minSide && clear(rect) && (!declared || side > declared.rect.w)) declared = { rect, shape: z.shape };
    }
    let free: Rect | null = null;
    for (let side = Math.min(this.w, this.h) - 2 * m; side >= minSide && !free; side -= unit * 0.03) {
      const step = Math.max(side / 6, 0.5);
      let best = Number.POSITIVE_INFINITY;
      for (let y = m; y + side <= this.h - m + 1e-6; y += step) {
        for (let x = m; x + side <= this.w - m + 1e-6; x += step) {
          const r = { x, y, w: side, h: side };
          if (!clear(r)) continue;
          const d = Math.hypot(x + side / 2 - this.w / 2, y + side / 2 - this.h / 2);
          if (d < best - 1e-9) {
            best = d;
            free = r;
          }
        }
      }
    }
    const chosen = declared && (!free || declared.rect.w >= free.w * 0.75) ? declared : free ? { rect: free, shape: 'rounded' as ArtZoneShape } : null;
    if (!chosen) return;
    const { rect, shape } = chosen;
    const hl = Math.max(0.2, unit * 0.0045);
    if (!img.opaque) {
      // A cut-out illustration keeps its own silhouette: fitted whole, no frame.
      const scale = Math.min(rect.w / img.width, rect.h / img.height);
      const placed = {
        x: rect.x + (rect.w - img.width * scale) / 2,
        y: rect.y + (rect.h - img.height * scale) / 2,
        w: img.width * scale,
        h: img.height * scale,
      };
      this.placedIllustration = { rect, zone: zoneOf(placed, placed, 'rect'), svg: imageElement(img, placed) };
      return;
    }
    const cover = coverRect(img, rect.w, rect.h, CENTRED);
    const placed = { x: rect.x + cover.x, y: rect.y + cover.y, w: cover.w, h: cover.h };
    const id = this.uid('illo');
    const r = rect.w / 2;
    const outline =
      shape === 'circle'
        ? `<circle cx="${num(rect.x + r)}" cy="${num(rect.y + r)}" r="${num(r)}"`
        : `<rect x="${num(rect.x)}" y="${num(rect.y)}" width="${num(rect.w)}" height="${num(rect.h)}" rx="${num(rect.w * 0.12)}"`;
    // The shape is filled with the image as a pattern rather than clipped: resvg 2.6 panics on
    // a clipped image nested in the clipped artwork of a small 3D texture (resvg-js issue #413).
    const tile = `x="${num(placed.x, 3)}" y="${num(placed.y, 3)}" width="${num(placed.w, 3)}" height="${num(placed.h, 3)}"`;
    this.def(`<pattern id="${id}" patternUnits="userSpaceOnUse" ${tile}>${imageElement(img, { x: 0, y: 0, w: placed.w, h: placed.h })}</pattern>`);
    const svg = `${outline} fill="url(#${id})"/>${outline} fill="none" stroke="${this.palette.primary}" stroke-width="${num(hl, 3)}"/>`;
    this.placedIllustration = { rect, zone: zoneOf(placed, rect, shape), svg };
  }

  private document(layers: { under: boolean; text: boolean }): string {
    const W = this.w;
    const H = this.h;
    const parts: string[] = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${num(W * this.scalePxPerMm)}" height="${num(H * this.scalePxPerMm)}" viewBox="0 0 ${num(W)} ${num(H)}">`,
    ];
    if (this.defsList.length) parts.push(`<defs>${this.defsList.join('')}</defs>`);
    if (layers.under) {
      parts.push(`<g data-layer="background">${this.foiled(this.bgList.join(''))}${this.plates.join('')}</g><!--/background-->`);
      parts.push(
        `<g data-layer="ornaments">${this.foiled(
          this.keptOrnaments()
            .map((o) => o.svg)
            .join(''),
        )}</g><!--/ornaments-->`,
      );
      if (this.placedIllustration) parts.push(`<g data-layer="illustration">${this.placedIllustration.svg}</g><!--/illustration-->`);
    }
    if (layers.text) {
      if (this.logoSvg) parts.push(`<g data-layer="logo">${this.logoSvg}</g><!--/logo-->`);
      parts.push(`<g data-layer="text">${this.texts.map((t) => this.textSvg(t)).join('')}</g><!--/text-->`);
    }
    parts.push('</svg>');
    return parts.join('');
  }

  private textSvg(t: TextItem): string {
    const s = t.spec.style;
    const f = t.fitted;
    const common = `font-family="${escapeXml(s.face.family)}" font-weight="${s.face.weight}"${s.face.italic ? ' font-style="italic"' : ''} font-size="${num(f.size, 3)}"${s.tracking ? ` letter-spacing="${num(s.tracking * f.size, 3)}"` : ''}${s.wordSpacing ? ` word-spacing="${num(s.wordSpacing * f.size, 3)}"` : ''} fill="${t.fill}"`;
    const lines = t.svgLines.map((l) => `<text x="${num(l.x, 3)}" y="${num(l.y, 3)}" ${common}>${escapeXml(l.text)}</text>`).join('');
    return t.transform ? `<g${t.transform}>${lines}</g>` : lines;
  }

  /** Luminances of the background/ornament pixels inside each text zone. */
  private sampleZones(): ZoneSample[] {
    const longest = Math.max(this.w, this.h);
    // Imagery has detail at every scale: measure it at least as finely as the 1024 px front shows it.
    const pxPerMm = this.imageBehind ? Math.min(12, 1024 / longest) : Math.min(5, 640 / longest);
    const widthPx = Math.max(8, Math.round(this.w * pxPerMm));
    const px = svgToPixels(this.document({ under: true, text: false }), widthPx);
    const sx = px.width / this.w;
    const sy = px.height / this.h;
    return this.texts.map((t) => {
      const x0 = Math.max(0, Math.floor(t.zone.x * sx));
      const y0 = Math.max(0, Math.floor(t.zone.y * sy));
      const x1 = Math.min(px.width, Math.ceil((t.zone.x + t.zone.w) * sx));
      const y1 = Math.min(px.height, Math.ceil((t.zone.y + t.zone.h) * sy));
      const seen = new Map<number, number>();
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * px.width + x) * 4;
          const key = ((px.data[i] ?? 0) << 16) | ((px.data[i + 1] ?? 0) << 8) | (px.data[i + 2] ?? 0);
          if (!seen.has(key)) seen.set(key, relativeLuminanceRgb({ r: ((key >> 16) & 255) / 255, g: ((key >> 8) & 255) / 255, b: (key & 255) / 255 }));
        }
      }
      const sample: ZoneSample = { lums: [...seen.values()], rgb: [...seen.keys()], quietColours: 0, reach: [0, 0] };
      if (this.imageBehind && this.principal && t.spec.role === 'brand') this.measureQuiet(t, px, sample);
      return sample;
    });
  }

  /**
   * Over imagery: how busy the wordmark's quiet zone is, in distinct colours (flat fields and
   * their anti-aliased edges have tens, a photograph thousands), and how far the busy ground
   * runs on along the name's lines before a calm field or the panel's edge. A recogniser reads
   * detail on a name's own row as letters, so the quiet zone runs out to there.
   */
  private measureQuiet(t: TextItem, px: { width: number; height: number; data: Uint8Array }, out: ZoneSample): void {
    const sx = px.width / this.w;
    const sy = px.height / this.h;
    const key = (x: number, y: number) => {
      const i = (y * px.width + x) * 4;
      return ((px.data[i] ?? 0) << 16) | ((px.data[i + 1] ?? 0) << 8) | (px.data[i + 2] ?? 0);
    };
    const q = this.quietRect(t, 0, [0, 0]);
    const colours = new Set<number>();
    for (let y = Math.max(0, Math.floor(q.y * sy)); y < Math.min(px.height, Math.ceil((q.y + q.h) * sy)); y++) {
      for (let x = Math.max(0, Math.floor(q.x * sx)); x < Math.min(px.width, Math.ceil((q.x + q.w) * sx)); x++) colours.add(key(x, y));
    }
    out.quietColours = colours.size;
    // Walk outwards along the lines, one pixel column (or row, for turned type) at a time.
    const turned = t.transform !== '';
    const z = t.zone;
    const maxMm = t.fitted.size * 5;
    const busyLine = (along: number) => {
      const seen = new Set<number>();
      if (turned) {
        const y = Math.round(along * sy);
        if (y < 0 || y >= px.height) return false;
        for (let x = Math.max(0, Math.floor(z.x * sx)); x < Math.min(px.width, Math.ceil((z.x + z.w) * sx)); x++) seen.add(key(x, y));
      } else {
        const x = Math.round(along * sx);
        if (x < 0 || x >= px.width) return false;
        for (let y = Math.max(0, Math.floor(z.y * sy)); y < Math.min(px.height, Math.ceil((z.y + z.h) * sy)); y++) seen.add(key(x, y));
      }
      return seen.size > BUSY_LINE_COLOURS;
    };
    const start = turned ? z.y : z.x;
    const end = turned ? z.y + z.h : z.x + z.w;
    const step = 1 / (turned ? sy : sx);
    const limit = turned ? this.h : this.w;
    for (const [dir, from, i] of [
      [-1, start, 0],
      [1, end, 1],
    ] as const) {
      let d = 0;
      while (d < maxMm && busyLine(from + dir * (d + step / 2))) d += step;
      // Busy right up to the panel's edge: the quiet zone runs off it (bled, like the artwork).
      const edge = dir < 0 ? from : limit - from;
      out.reach[i] = d >= maxMm || d >= edge - step ? Math.max(d, edge + 1) : d;
    }
  }

  /**
   * The wordmark's quiet zone over imagery: its clear zone plus a margin, longer along its lines
   * than across them. Text recognisers (and eyes) pick up detail on a name's own row as letters.
   */
  private quietRect(t: TextItem, pad: number, reach: readonly [number, number]): Rect {
    const before = Math.max(t.fitted.size * 1.2, reach[0]);
    const after = Math.max(t.fitted.size * 1.2, reach[1]);
    const across = t.fitted.size * 0.8;
    const z = grow(t.zone, pad);
    return t.transform !== ''
      ? { x: z.x - across, y: z.y - before, w: z.w + 2 * across, h: z.h + before + after }
      : { x: z.x - before, y: z.y - across, w: z.w + before + after, h: z.h + 2 * across };
  }

  /**
   * Makes every text legible: samples what lies under each zone, keeps the layout's colour
   * if it passes, else tries its alternatives, a lightness-shifted version of it and the
   * palette's text colours; as a last resort puts a plate behind the text.
   */
  private enforceContrast(): void {
    const p = this.palette;
    for (let round = 0; round < 5; round++) {
      const samples = this.sampleZones();
      let platesAdded = false;
      const scrimmed: number[] = [];
      this.texts.forEach((t, i) => {
        const lums = samples[i]?.lums ?? [];
        const worst = (hex: Hex) => {
          const l = relativeLuminance(hex);
          let min = Number.POSITIVE_INFINITY;
          for (const b of lums) min = Math.min(min, contrastRatioLum(l, b));
          return min;
        };
        const current = worst(t.fill);
        // Over imagery the wordmark always gets a quiet zone, even where its colour already
        // reads (on a band, a card): text recognisers — and eyes — lose a name in busy detail
        // right up to its letters, which a contrast check of the zone alone does not see.
        if (this.imageBehind && this.principal && !this.brandQuiet && t.spec.role === 'brand' && (samples[i]?.quietColours ?? 0) > BUSY_COLOURS) {
          this.brandQuiet = true;
          scrimmed.push(i);
          return;
        }
        if (current >= FIX_TARGET) {
          t.contrast = current;
          return;
        }
        const darkest = lums.length ? Math.min(...lums) : 0;
        const lightest = lums.length ? Math.max(...lums) : 1;
        const grey = (l: number) => {
          const v = Math.round((l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055) * 255)
            .toString(16)
            .padStart(2, '0');
          return `#${v}${v}${v}`;
        };
        const candidates = [
          ...(t.spec.alternatives ?? []),
          ensureContrast(t.spec.fill, [grey(darkest), grey(lightest)], FIX_TARGET),
          p.text,
          p.textOnPrimary,
          p.background,
          p.surface,
          '#111111',
          '#ffffff',
        ];
        const ok = candidates.find((c) => worst(c) >= FIX_TARGET);
        if (ok) {
          t.fill = ok;
          t.contrast = worst(ok);
          return;
        }
        if (this.imageBehind) {
          scrimmed.push(i);
          return;
        }
        // One plate tone per panel (opposite to the pack's text) so overlapping plates agree.
        const plateColor = adjustForPlate(p, relativeLuminance(p.text) > relativeLuminance(p.background) ? 'dark' : 'light');
        // Grown enough that the rounded corners still cover the zone's corners.
        const pz = grow(t.zone, 0.8);
        this.plates.push(
          `<rect x="${num(pz.x)}" y="${num(pz.y)}" width="${num(pz.w)}" height="${num(pz.h)}" rx="${num(Math.min(pz.h * 0.2, 2.4))}" fill="${plateColor}"/>`,
        );
        platesAdded = true;
      });
      if (scrimmed.length > 0) {
        this.addScrims(scrimmed, samples);
        platesAdded = true;
      }
      if (!platesAdded) {
        this.separateChannels(samples);
        return;
      }
    }
    // Out of rounds (plates still being added): report what was reached, never a guess.
    const samples = this.sampleZones();
    this.texts.forEach((t, i) => {
      const l = relativeLuminance(t.fill);
      t.contrast = Math.min(...(samples[i]?.lums ?? [1]).map((b) => contrastRatioLum(l, b)));
    });
  }

  /**
   * Scrims between imagery and the texts `indices`, at the least opacity that brings each text to
   * {@link SCRIM_TARGET} against the channel bound of the pixels measured under it (see
   * {@link scrimOpacity}). One tone per panel — the one the wordmark's colour reads on best — as
   * one text polarity per face: names stacked close together would otherwise each sit half on
   * the other's scrim. A text of the other polarity changes colour to read on it. Small copy
   * gets one translucent veil at the largest opacity its texts need (one path, so overlapping
   * veils do not darken twice); the wordmark a solid plate over its quiet zone. (Not a group
   * with `opacity`: resvg 2.6 panics on such a group over an image inside a squashed 3D face
   * texture. Blurred edges were tried too: they tripled the cost of every measurement.)
   */
  private addScrims(indices: readonly number[], samples: readonly ZoneSample[]): void {
    const p = this.palette;
    const tones = { dark: adjustForPlate(p, 'dark'), light: adjustForPlate(p, 'light') };
    // Veils behind small copy, then the wordmark's solid plate over them.
    const groups = { veil: { opacity: 0, rects: [] as Rect[] }, plate: { opacity: 0, rects: [] as Rect[] } };
    const better = (fill: Hex): 'dark' | 'light' => (contrastRatio(fill, tones.dark) >= contrastRatio(fill, tones.light) ? 'dark' : 'light');
    const leader = this.texts.find((t) => t.spec.role === 'brand') ?? this.texts[indices[0] ?? 0];
    this.scrimTone ??= leader ? better(leader.fill) : 'dark';
    const tone = this.scrimTone;
    const unit = Math.min(this.w, this.h);
    const pad = Math.max(0.6, Math.min(2, unit * 0.015));
    for (const i of indices) {
      const t = this.texts[i];
      if (!t) continue;
      const rgb = samples[i]?.rgb ?? [];
      const lo = [255, 255, 255];
      const hi = [0, 0, 0];
      for (const k of rgb) {
        const c = [(k >> 16) & 255, (k >> 8) & 255, k & 255];
        for (let ch = 0; ch < 3; ch++) {
          lo[ch] = Math.min(lo[ch]!, c[ch]!);
          hi[ch] = Math.max(hi[ch]!, c[ch]!);
        }
      }
      const scrim = tones[tone];
      const bound = (tone === 'dark' ? hi : lo) as unknown as Channels;
      let opacity = scrimOpacity(t.fill, scrim, bound, SCRIM_TARGET);
      if (opacity === null) {
        // A mid-tone colour no scrim can carry: the text moves away from the scrim's tone first.
        t.fill = ensureContrast(t.fill, [scrim], SCRIM_TARGET + 1);
        opacity = scrimOpacity(t.fill, scrim, bound, SCRIM_TARGET) ?? 1;
      }
      const brand = t.spec.role === 'brand';
      const group = brand ? groups.plate : groups.veil;
      group.opacity = Math.max(group.opacity, Math.min(1, opacity + 0.03), brand ? BRAND_SCRIM_MIN : SCRIM_MIN);
      group.rects.push(brand ? this.quietRect(t, pad, samples[i]?.reach ?? [0, 0]) : grow(t.zone, pad));
    }
    for (const g of [groups.veil, groups.plate]) {
      if (g.rects.length === 0) continue;
      // One path, every shape wound the same way: the non-zero fill paints their union once.
      const d = g.rects.map((r) => roundedRectPath(r, Math.min(r.h * 0.3, pad * 2))).join('');
      this.plates.push(`<path d="${d}" fill="${tones[tone]}"${g.opacity < 1 ? ` fill-opacity="${num(g.opacity, 2)}"` : ''}/>`);
    }
  }

  /**
   * The wordmark must also stand apart from its ground in each of red, green and blue, not
   * only in luminance: a saturated cyan on black passes WCAG yet nearly vanishes in the red
   * channel, which is what single-channel thresholding (print separations, OCR) sees.
   * Pushes the wordmark's lightness outwards until every channel clears the margin.
   */
  private separateChannels(samples: { lums: number[]; rgb: number[] }[]): void {
    const margin = this.imageBehind ? CHANNEL_MARGIN_IMAGERY : CHANNEL_MARGIN;
    this.texts.forEach((t, i) => {
      if (t.spec.role !== 'brand') return;
      const rgb = samples[i]?.rgb ?? [];
      if (rgb.length === 0) return;
      const lighter = relativeLuminance(t.fill) > Math.max(...(samples[i]?.lums ?? [0]));
      // Margin to the ground under the name, and to mid-grey: images are thresholded as a
      // whole, so a light name must be light in every channel, a dark one dark in every one.
      const separation = (hex: Hex) => {
        const n = Number.parseInt(hex.slice(1), 16);
        const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
        let min = lighter ? Math.min(...c) - CHANNEL_MID - margin / 4 : CHANNEL_MID - margin / 4 - Math.max(...c);
        min += margin;
        for (const k of rgb) {
          const s = [(k >> 16) & 255, (k >> 8) & 255, k & 255];
          for (let ch = 0; ch < 3; ch++) min = Math.min(min, lighter ? (c[ch] ?? 0) - (s[ch] ?? 0) : (s[ch] ?? 0) - (c[ch] ?? 0));
        }
        return min;
      };
      if (separation(t.fill) >= margin) return;
      const base = hexToOklch(t.fill);
      for (let step = 1; step <= 30; step++) {
        const l = lighter ? base.l + (1 - base.l) * (step / 30) : base.l * (1 - step / 30);
        const next = adjust(t.fill, { l, cScale: 1 - step / 40 });
        if (separation(next) >= margin || step === 30) {
          t.fill = next;
          break;
        }
      }
      const lums = samples[i]?.lums ?? [];
      const l = relativeLuminance(t.fill);
      t.contrast = Math.min(...lums.map((b) => contrastRatioLum(l, b)));
    });
  }

  /**
   * The wordmark must survive a text recogniser's binarisation of the whole front (see
   * binarise.ts): its ink on one side, its ground on the other. Strong fields of two named
   * colours can decide the threshold so that type and ground fall together (black on yellow when
   * a blue field fills the rest). Then the wordmark takes the nearest colour that lands on the
   * other side and still reads at 4.5:1 — often a deep shade of the other colour. When the
   * ground itself comes out as ink, the front gives up its colour bands. Over imagery the scrims
   * and plates already see to it.
   */
  private keepWordmarkApart(): boolean | null {
    if (!this.principal || this.imageBehind) return null;
    const index = this.texts.findIndex((t) => t.spec.role === 'brand');
    const t = this.texts[index];
    if (!t) return null;
    const widthPx = Math.max(64, Math.round((320 * this.w) / Math.max(this.w, this.h)));
    let dropped: string[] | null = null;
    for (let round = 0; round < 4; round++) {
      const px = svgToPixels(this.document({ under: true, text: true }), widthPx);
      const data = new Uint8Array(px.data.buffer, px.data.byteOffset, px.data.byteLength);
      const bin = binariser(data, px.width, px.height);
      const verdict = this.wordmarkVerdict(t, data, px.width, px.height, bin);
      if (!verdict) return null;
      if (verdict.apart) return true;
      if (dropped) {
        // Giving the bands up did not set the wordmark apart: they come back.
        dropped.forEach((svg, k) => (this.bgList[this.bandIndices[k] ?? -1] = svg));
        return false;
      }
      if (verdict.groundInk && this.bandIndices.some((i) => this.bgList[i] !== '')) {
        // The ground came out as ink: the other colours outweigh it. The front gives up its
        // bands (the other panels keep theirs), which hands the ground its area back.
        dropped = this.bandIndices.map((i) => this.bgList[i] ?? '');
        for (const i of this.bandIndices) this.bgList[i] = '';
        continue;
      }
      // Type on a ground that comes out as ink cannot be recoloured apart from it.
      const canRecolour = round < 3 && !verdict.groundInk;
      const lums = this.sampleZones()[index]?.lums ?? [];
      const worst = (hex: Hex) => {
        const l = relativeLuminance(hex);
        let min = Number.POSITIVE_INFINITY;
        for (const b of lums) min = Math.min(min, contrastRatioLum(l, b));
        return min;
      };
      const inkOf = (hex: Hex) => {
        const n = Number.parseInt(hex.slice(1), 16);
        return isInk(bin, (n >> 16) & 255, (n >> 8) & 255, n & 255);
      };
      const from = hexToOklch(t.fill);
      const distance = (hex: Hex) => {
        const o = hexToOklch(hex);
        const dh = ((o.h - from.h + 540) % 360) - 180;
        return Math.abs(o.l - from.l) + Math.abs(o.c - from.c) + (Math.min(o.c, from.c) * Math.abs(dh)) / 60;
      };
      if (canRecolour) {
        const p = this.palette;
        const seeds = [
          t.fill,
          p.primary,
          p.accent,
          p.text,
          p.textOnPrimary,
          ...(p.roles ? [p.roles.ground?.hex ?? p.background, ...p.roles.features.map((f) => f.hex)] : []),
        ];
        const candidates: Hex[] = ['#000000', '#ffffff'];
        for (const hex of seeds) {
          const o = hexToOklch(hex);
          for (let l = 0.06; l < 0.99; l += 0.04) candidates.push(oklch(l, o.c, o.h));
        }
        const next = candidates.filter((c) => inkOf(c) && worst(c) >= FIX_TARGET).sort((a, b) => distance(a) - distance(b))[0];
        if (next) {
          t.fill = next;
          t.contrast = worst(next);
          continue;
        }
      }
      // No colour reads as ink on this ground. A plate was tried here: the recogniser then lost
      // the name more often than on the bare field (it reads some reversed type), so the
      // wordmark is left as the contrast rules made it, and the caller may lay the panel out
      // again with stricter colours.
      return false;
    }
    return false;
  }

  /**
   * Whether the wordmark's ink and its ground binarise apart: the glyph pixels (those close to the
   * fill) as ink, the zone's other pixels as paper. Null when too few glyph pixels are found to judge.
   */
  private wordmarkVerdict(t: TextItem, data: Uint8Array, width: number, height: number, bin: Binariser): { apart: boolean; groundInk: boolean } | null {
    const n = Number.parseInt(t.fill.slice(1), 16);
    const fr = (n >> 16) & 255;
    const fg = (n >> 8) & 255;
    const fb = n & 255;
    const sx = width / this.w;
    const sy = height / this.h;
    let glyph = 0;
    let glyphInk = 0;
    let ground = 0;
    let groundInk = 0;
    for (let y = Math.max(0, Math.floor(t.zone.y * sy)); y < Math.min(height, Math.ceil((t.zone.y + t.zone.h) * sy)); y++) {
      for (let x = Math.max(0, Math.floor(t.zone.x * sx)); x < Math.min(width, Math.ceil((t.zone.x + t.zone.w) * sx)); x++) {
        const i = (y * width + x) * 4;
        const r = data[i] ?? 0;
        const g = data[i + 1] ?? 0;
        const b = data[i + 2] ?? 0;
        const d = Math.abs(r - fr) + Math.abs(g - fg) + Math.abs(b - fb);
        if (d <= 30) {
          glyph++;
          if (isInk(bin, r, g, b)) glyphInk++;
        } else if (d >= 120) {
          ground++;
          if (isInk(bin, r, g, b)) groundInk++;
        }
      }
    }
    if (glyph < 12 || ground < 12) return null;
    const groundIsInk = groundInk * 2 > ground;
    // Apart when the glyphs come out as ink on a ground that does not: reversed type (paper
    // letters in an ink field) is not found as text by the recogniser's page layout.
    const apart = glyphInk / glyph >= 0.8 && groundInk / ground <= 0.2;
    return { apart, groundInk: groundIsInk };
  }

  finish(): ArtResult {
    this.balanceHierarchy();
    this.placeIllustration();
    this.enforceContrast();
    const wordmarkApart = this.keepWordmarkApart();
    return {
      svg: this.document({ under: true, text: true }),
      textZones: this.texts.map((t) => ({
        role: t.spec.role,
        text: t.svgLines.map((l) => l.text).join(' '),
        lines: t.svgLines.map((l) => l.text),
        fill: t.fill,
        contrast: Math.round(t.contrast * 100) / 100,
        sizeMm: Math.round(t.fitted.size * 1000) / 1000,
        fontFamily: t.spec.style.face.family,
        ...t.zone,
      })),
      logoZone: this.logoRect,
      ornamentBoxes: this.keptOrnaments().flatMap((o) => o.boxes),
      plates: this.plates.length,
      wordmarkApart,
      illustration: this.placedIllustration ? { rect: this.placedIllustration.rect, zone: this.placedIllustration.zone } : null,
    };
  }
}

/** A rounded rectangle as a clockwise subpath. */
function roundedRectPath(r: Rect, radius: number): string {
  const k = Math.max(0, Math.min(radius, r.w / 2, r.h / 2));
  const x1 = r.x + r.w;
  const y1 = r.y + r.h;
  return `M${num(r.x + k)} ${num(r.y)}H${num(x1 - k)}A${num(k)} ${num(k)} 0 0 1 ${num(x1)} ${num(r.y + k)}V${num(y1 - k)}A${num(k)} ${num(k)} 0 0 1 ${num(x1 - k)} ${num(y1)}H${num(r.x + k)}A${num(k)} ${num(k)} 0 0 1 ${num(r.x)} ${num(y1 - k)}V${num(r.y + k)}A${num(k)} ${num(k)} 0 0 1 ${num(r.x + k)} ${num(r.y)}Z`;
}

function adjustForPlate(p: Palette, tone: 'dark' | 'light'): Hex {
  const candidates = tone === 'light' ? [p.surface, p.background, '#ffffff'] : [p.text, p.primary, '#111111'];
  return candidates.find((c) => (tone === 'light' ? relativeLuminance(c) > 0.6 : relativeLuminance(c) < 0.12)) ?? (tone === 'light' ? '#ffffff' : '#111111');
}

/**
 * The clear-zone check: every ornament box that meets a text or logo zone, and every text
 * zone that leaves the panel. Empty when the artwork is clean.
 */
export function clearZoneViolations(result: ArtResult, widthMm: number, heightMm: number): string[] {
  const out: string[] = [];
  const zones: { name: string; rect: Rect }[] = result.textZones.map((z) => ({ name: `${z.role} "${z.text}"`, rect: z }));
  if (result.logoZone) zones.push({ name: 'logo', rect: result.logoZone });
  for (const z of zones) {
    for (const o of result.ornamentBoxes) if (intersects(o, z.rect)) out.push(`ornament at ${o.x.toFixed(1)},${o.y.toFixed(1)} meets ${z.name}`);
  }
  for (const z of result.textZones) {
    if (z.x < -1e-6 || z.y < -1e-6 || z.x + z.w > widthMm + 1e-6 || z.y + z.h > heightMm + 1e-6) out.push(`${z.role} "${z.text}" leaves the panel`);
  }
  return out;
}

function isRectList(boxes: Rect | readonly Rect[]): boxes is readonly Rect[] {
  return Array.isArray(boxes);
}
