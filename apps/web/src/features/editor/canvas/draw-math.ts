/**
 * How each layer kind is drawn on the canvas, as numbers: the same rules as packages/editor's
 * render-svg (what is printed), so the screen matches the print. Kept apart from the Konva
 * nodes so they are tested without a canvas.
 */
import type { EditorDocument, EditorLayer, EditorPanel } from '@packsmith/contracts';
import {
  BARCODE_FONT,
  FIRST_BASELINE_EM,
  MAX_MAGNIFICATION,
  MIN_MAGNIFICATION,
  MM_PER_PT,
  barcodeGeometry,
  magnificationFor,
  type BarRect,
  type Box,
  type Point,
} from '@packsmith/editor';

type Of<K extends EditorLayer['kind']> = Extract<EditorLayer, { kind: K }>;

/** One line of a text layer: where its baseline starts (panel mm, the anchor for its alignment). */
export interface TextLine {
  text: string;
  x: number;
  baseline: number;
}

export interface TextLayout {
  sizeMm: number;
  /** Letter spacing, mm. */
  trackingMm: number;
  /** The canvas `font` shorthand (size in the drawing's units, mm). */
  font: string;
  align: CanvasTextAlign;
  lines: TextLine[];
}

/** A text layer's lines as render-svg sets them: no wrapping, first baseline 0.8 em below the top, then line_height × size apart. */
export function textLayout(l: Of<'text'>): TextLayout {
  const size = l.size_pt * MM_PER_PT;
  const x = l.align === 'left' ? l.x : l.align === 'right' ? l.x + l.w : l.x + l.w / 2;
  return {
    sizeMm: size,
    trackingMm: (l.tracking / 1000) * size,
    font: `${l.font.italic ? 'italic ' : ''}${l.font.weight} ${size}px "${l.font.family}"`,
    align: l.align,
    lines: l.text.split('\n').map((text, i) => ({ text, x, baseline: l.y + size * (FIRST_BASELINE_EM + i * l.line_height) })),
  };
}

export interface BarcodeDrawing {
  background: Box | null;
  bars: BarRect[];
  digits: { text: string; x: number; y: number; sizeMm: number }[];
  font: string;
}

/** The barcode's bars and digits in panel mm, scaled and centred in its box as render-svg does. */
export function barcodeDrawing(l: Of<'barcode'>): BarcodeDrawing | null {
  let g;
  try {
    const m = Math.max(MIN_MAGNIFICATION, Math.min(MAX_MAGNIFICATION, magnificationFor(l.w, l.h)));
    g = barcodeGeometry(l.symbology, l.digits, m);
  } catch {
    return null;
  }
  const k = Math.min(1, l.w / g.width, l.h / g.height);
  const ox = l.x + (l.w - g.width * k) / 2;
  const oy = l.y + (l.h - g.height * k) / 2;
  return {
    background: l.background ? { x: ox, y: oy, w: g.width * k, h: g.height * k } : null,
    bars: g.bars.map((b) => ({ x: ox + b.x * k, y: oy + b.y * k, w: b.w * k, h: b.h * k })),
    digits: g.text.map((t) => ({ text: t.text, x: ox + t.x * k, y: oy + t.y * k, sizeMm: t.sizeMm * k })),
    font: BARCODE_FONT,
  };
}

/** Konva linear-gradient end points for a background's fill over its box (SVG: left to right, turned by `angle` about the centre). */
export function gradientPoints(angleDeg: number, box: Box): { start: Point; end: Point } {
  const rad = (angleDeg * Math.PI) / 180;
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  // objectBoundingBox units: the unit vector is stretched by the box's sides.
  const hx = (Math.cos(rad) * box.w) / 2;
  const hy = (Math.sin(rad) * box.h) / 2;
  return { start: { x: cx - hx, y: cy - hy }, end: { x: cx + hx, y: cy + hy } };
}

/** The source crop that covers a box with an image (SVG `xMidYMid slice`), natural px. */
export function coverCrop(natural: { width: number; height: number }, box: { w: number; h: number }): { x: number; y: number; width: number; height: number } {
  const s = Math.max(box.w / natural.width, box.h / natural.height);
  const width = box.w / s;
  const height = box.h / s;
  return { x: (natural.width - width) / 2, y: (natural.height - height) / 2, width, height };
}

/** The box an image is drawn in to fit whole inside another, centred (SVG `xMidYMid meet`). */
export function containBox(natural: { width: number; height: number }, box: Box): Box {
  const s = Math.min(box.w / natural.width, box.h / natural.height);
  const w = natural.width * s;
  const h = natural.height * s;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

/**
 * An SVG document re-sized to `wPx × hPx` with its content fitted as render-svg nests it
 * (viewBox kept, `meet`), ready to load as an image. Without a viewBox its width/height make one.
 */
export function svgSizedTo(svg: string, wPx: number, hPx: number, fit: 'meet' | 'none' = 'meet'): string {
  const open = /<svg\b([^>]*)>/i.exec(svg);
  if (!open) return svg;
  let attrs = open[1] ?? '';
  const num = (name: string) => Number.parseFloat(new RegExp(`\\b${name}\\s*=\\s*"([0-9.]+)`, 'i').exec(attrs)?.[1] ?? '');
  if (!/viewBox\s*=/i.test(attrs)) {
    const w = num('width');
    const h = num('height');
    attrs += Number.isFinite(w) && Number.isFinite(h) ? ` viewBox="0 0 ${w} ${h}"` : ` viewBox="0 0 ${wPx} ${hPx}"`;
  }
  attrs = attrs.replace(/\s(width|height|preserveAspectRatio)\s*=\s*"[^"]*"/gi, '');
  if (!/xmlns\s*=/.test(attrs)) attrs += ' xmlns="http://www.w3.org/2000/svg"';
  const head = `<svg${attrs} width="${wPx}" height="${hPx}" preserveAspectRatio="${fit === 'meet' ? 'xMidYMid meet' : 'none'}">`;
  return svg.slice(0, open.index) + head + svg.slice(open.index + open[0].length);
}

/** An icon layer as a stand-alone SVG (render-svg's rule: the 24-unit grid, stroked, round caps). */
export function iconSvg(l: Of<'icon'>, wPx: number, hPx: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${wPx}" height="${hPx}" viewBox="0 0 24 24" fill="none" stroke="${l.colour}" ` +
    `stroke-width="${l.stroke_width}" stroke-linecap="round" stroke-linejoin="round">${l.body}</svg>`
  );
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The least raster px per mm SVG layers are drawn at (sharp to about 200 % zoom). */
export const SVG_RASTER_PX_PER_MM = 8;
const MAX_RASTER_PX_PER_MM = 64;

/**
 * Raster px per mm for SVG layers at a zoom: the device pixels per mm rounded up to a power of
 * two, so zooming re-rasterises only when it crosses a doubling (not on every wheel step).
 */
export function rasterPxPerMm(screenPxPerMm: number, devicePixelRatio = 1): number {
  const want = Math.max(1e-6, screenPxPerMm * devicePixelRatio);
  return Math.min(MAX_RASTER_PX_PER_MM, Math.max(SVG_RASTER_PX_PER_MM, 2 ** Math.ceil(Math.log2(want))));
}

export function rasterSize(w: number, h: number, pxPerMm = SVG_RASTER_PX_PER_MM): { wPx: number; hPx: number } {
  // Capped so a large nutrition panel stays a few megapixels at most.
  const k = Math.min(pxPerMm, 2048 / Math.max(w, h));
  return { wPx: Math.max(1, Math.round(w * k)), hPx: Math.max(1, Math.round(h * k)) };
}

/** A straight guide segment on the sheet, mm. */
export interface Segment {
  a: Point;
  b: Point;
}

/**
 * The bleed line: each panel side that is a cut edge (no neighbouring panel along it), moved out
 * by the bleed. Shared sides are folds and carry no bleed line.
 */
export function bleedSegments(panels: readonly EditorPanel[], bleed: number): Segment[] {
  if (!(bleed > 0)) return [];
  const eps = 1e-3;
  const out: Segment[] = [];
  for (const p of panels) {
    const r = p.rect;
    const sides = [
      { axis: 'y' as const, at: r.y, from: r.x, to: r.x + r.width, out: -1 },
      { axis: 'y' as const, at: r.y + r.height, from: r.x, to: r.x + r.width, out: 1 },
      { axis: 'x' as const, at: r.x, from: r.y, to: r.y + r.height, out: -1 },
      { axis: 'x' as const, at: r.x + r.width, from: r.y, to: r.y + r.height, out: 1 },
    ];
    for (const s of sides) {
      // The parts of this side other panels cover (they touch it from outside).
      const covered = panels
        .filter((q) => q !== p)
        .map((q) => {
          const qr = q.rect;
          const touches =
            s.axis === 'y'
              ? s.out < 0
                ? Math.abs(qr.y + qr.height - s.at) < eps
                : Math.abs(qr.y - s.at) < eps
              : s.out < 0
                ? Math.abs(qr.x + qr.width - s.at) < eps
                : Math.abs(qr.x - s.at) < eps;
          if (!touches) return null;
          const [a, b] = s.axis === 'y' ? [qr.x, qr.x + qr.width] : [qr.y, qr.y + qr.height];
          return [Math.max(a, s.from), Math.min(b, s.to)] as const;
        })
        .filter((iv): iv is readonly [number, number] => iv !== null && iv[1] - iv[0] > eps)
        .sort((a, b) => a[0] - b[0]);
      let at = s.from;
      const at2 = s.at + s.out * bleed;
      const push = (from: number, to: number) => {
        if (to - from <= eps) return;
        out.push(s.axis === 'y' ? { a: { x: from, y: at2 }, b: { x: to, y: at2 } } : { a: { x: at2, y: from }, b: { x: at2, y: to } });
      };
      for (const [a, b] of covered) {
        push(at, a);
        at = Math.max(at, b);
      }
      push(at, s.to);
    }
  }
  return out;
}

/** A layer kind in words (the live region, the layers list). */
export const KIND_NAMES: Record<EditorLayer['kind'], string> = {
  background: 'Background',
  image: 'Image',
  text: 'Text',
  shape: 'Shape',
  logo: 'Logo',
  barcode: 'Barcode',
  nutrition: 'Nutrition label',
  icon: 'Icon',
};

const mm = (n: number) => `${Math.round(n * 10) / 10}`;

/** What the live region says about the selection ("Text “Brand” selected, 40 × 12 mm"). */
export function selectionAnnouncement(doc: EditorDocument | null, selection: readonly string[]): string {
  if (!doc || selection.length === 0) return 'Nothing selected';
  if (selection.length > 1) return `${selection.length} layers selected`;
  const layer = doc.panels.flatMap((p) => p.layers).find((l) => l.id === selection[0]);
  if (!layer) return 'Nothing selected';
  const label = layer.kind === 'text' ? layer.name || layer.text.split('\n')[0] || '' : layer.name;
  return `${KIND_NAMES[layer.kind]}${label ? ` “${label}”` : ''} selected, ${mm(layer.w)} × ${mm(layer.h)} mm`;
}
