/**
 * The drawing surface every layout writes to. It keeps four layers — background (may sit
 * under text and is sampled for contrast), ornaments (never inside a clear zone), logo and
 * text — and owns the two invariants the issue asks for: every text zone reaches WCAG
 * 4.5:1 against the pixels actually under it, and no ornament intersects a clear zone.
 */
import { type Hex, adjust, hexToOklch } from './color.js';
import { MIN_TEXT_CONTRAST, contrastRatioLum, ensureContrast, relativeLuminance, relativeLuminanceRgb } from './contrast.js';
import { type FitOptions, type FittedText, type TextStyle, applyCase, fitText } from './fonts.js';
import { type Rect, grow, intersects } from './geometry.js';
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
  /** Plates the contrast fixer had to put behind text (0 when the layout's colours sufficed). */
  plates: number;
}

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
/** Channel mid-point a wordmark's every channel must clear by a quarter margin (light above, dark below). */
const CHANNEL_MID = 128;

/** Target used while fixing colours: a hair above 4.5 so the final render never dips under. */
const FIX_TARGET = MIN_TEXT_CONTRAST + 0.15;

function rotateRect(r: Rect, cx: number, cy: number, deg: number): Rect {
  const rad = (deg * Math.PI) / 180;
  const cos = Math.round(Math.cos(rad));
  const sin = Math.round(Math.sin(rad));
  const pts = [[r.x, r.y], [r.x + r.w, r.y], [r.x, r.y + r.h], [r.x + r.w, r.y + r.h]].map(([x = 0, y = 0]) => [
    cx + (x - cx) * cos - (y - cy) * sin,
    cy + (x - cx) * sin + (y - cy) * cos,
  ]);
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
   * Decoration with the boxes it covers. Dropped at the end if any box meets a clear zone,
   * so a layout may place ornaments before or after its text.
   */
  ornament(svg: string, boxes: Rect | readonly Rect[]): void {
    this.ornaments.push({ svg, boxes: Array.isArray(boxes) ? [...boxes] : [boxes as Rect] });
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
    const fitted = fitText(text, spec.style, { maxWidth: frame.w, maxHeight: frame.h, maxSize, maxLines: spec.maxLines, lineBias: spec.lineBias, paragraph: spec.paragraph });
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
      const dx = align === 'center' ? t.ink.x + t.ink.w / 2 - (next.ink.x + next.ink.w / 2) : align === 'right' ? t.ink.x + t.ink.w - (next.ink.x + next.ink.w) : 0;
      const dy = t.ink.y + t.ink.h / 2 - (next.ink.y + next.ink.h / 2);
      const shift = (r: Rect): Rect => ({ ...r, x: r.x + dx, y: r.y + dy });
      this.texts[i] = { ...next, ink: shift(next.ink), zone: this.clampToPanel(shift(next.zone)), svgLines: next.svgLines.map((l) => ({ ...l, x: l.x + dx, y: l.y + dy })) };
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
    return this.ornaments.filter((o) => o.boxes.every((b) => this.isClear(b)));
  }

  private document(layers: { under: boolean; text: boolean }): string {
    const W = this.w;
    const H = this.h;
    const parts: string[] = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${num(W * this.scalePxPerMm)}" height="${num(H * this.scalePxPerMm)}" viewBox="0 0 ${num(W)} ${num(H)}">`,
    ];
    if (this.defsList.length) parts.push(`<defs>${this.defsList.join('')}</defs>`);
    if (layers.under) {
      parts.push(`<g data-layer="background">${this.bgList.join('')}${this.plates.join('')}</g><!--/background-->`);
      parts.push(`<g data-layer="ornaments">${this.keptOrnaments().map((o) => o.svg).join('')}</g><!--/ornaments-->`);
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
  private sampleZones(): { lums: number[]; rgb: number[] }[] {
    const longest = Math.max(this.w, this.h);
    const pxPerMm = Math.min(5, 640 / longest);
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
      return { lums: [...seen.values()], rgb: [...seen.keys()] };
    });
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
      this.texts.forEach((t, i) => {
        const lums = samples[i]?.lums ?? [];
        const worst = (hex: Hex) => {
          const l = relativeLuminance(hex);
          let min = Number.POSITIVE_INFINITY;
          for (const b of lums) min = Math.min(min, contrastRatioLum(l, b));
          return min;
        };
        const current = worst(t.fill);
        if (current >= FIX_TARGET) {
          t.contrast = current;
          return;
        }
        const darkest = lums.length ? Math.min(...lums) : 0;
        const lightest = lums.length ? Math.max(...lums) : 1;
        const grey = (l: number) => {
          const v = Math.round((l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055) * 255).toString(16).padStart(2, '0');
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
        // One plate tone per panel (opposite to the pack's text) so overlapping plates agree.
        const plateColor = adjustForPlate(p, relativeLuminance(p.text) > relativeLuminance(p.background) ? 'dark' : 'light');
        // Grown enough that the rounded corners still cover the zone's corners.
        const pz = grow(t.zone, 0.8);
        this.plates.push(`<rect x="${num(pz.x)}" y="${num(pz.y)}" width="${num(pz.w)}" height="${num(pz.h)}" rx="${num(Math.min(pz.h * 0.2, 2.4))}" fill="${plateColor}"/>`);
        platesAdded = true;
      });
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
   * The wordmark must also stand apart from its ground in each of red, green and blue, not
   * only in luminance: a saturated cyan on black passes WCAG yet nearly vanishes in the red
   * channel, which is what single-channel thresholding (print separations, OCR) sees.
   * Pushes the wordmark's lightness outwards until every channel clears the margin.
   */
  private separateChannels(samples: { lums: number[]; rgb: number[] }[]): void {
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
        let min = lighter ? Math.min(...c) - CHANNEL_MID - CHANNEL_MARGIN / 4 : CHANNEL_MID - CHANNEL_MARGIN / 4 - Math.max(...c);
        min += CHANNEL_MARGIN;
        for (const k of rgb) {
          const s = [(k >> 16) & 255, (k >> 8) & 255, k & 255];
          for (let ch = 0; ch < 3; ch++) min = Math.min(min, lighter ? (c[ch] ?? 0) - (s[ch] ?? 0) : (s[ch] ?? 0) - (c[ch] ?? 0));
        }
        return min;
      };
      if (separation(t.fill) >= CHANNEL_MARGIN) return;
      const base = hexToOklch(t.fill);
      for (let step = 1; step <= 30; step++) {
        const l = lighter ? base.l + (1 - base.l) * (step / 30) : base.l * (1 - step / 30);
        const next = adjust(t.fill, { l, cScale: 1 - step / 40 });
        if (separation(next) >= CHANNEL_MARGIN || step === 30) {
          t.fill = next;
          break;
        }
      }
      const lums = samples[i]?.lums ?? [];
      const l = relativeLuminance(t.fill);
      t.contrast = Math.min(...lums.map((b) => contrastRatioLum(l, b)));
    });
  }

  finish(): ArtResult {
    this.balanceHierarchy();
    this.enforceContrast();
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
    };
  }
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
