/**
 * Print checks the editor shows beside a layer: text or a logo across a fold or outside the
 * safe zone, anything important past the cut (in the bleed), images under 300 dpi at their
 * printed size, barcodes under 80 % magnification and text that does not read on its ground.
 */
import type { EditorDocument, EditorLayer, EditorPanel } from '@packsmith/contracts';
import { magnificationFor, MIN_MAGNIFICATION } from './barcode.js';
import { type Point, insideConvex, layerCorners, panelToSheet, segmentsIntersect } from './geometry.js';

export type WarningKind = 'fold' | 'safe' | 'bleed' | 'dpi' | 'barcode-size' | 'contrast';

export interface LayerWarning {
  panel_id: string;
  layer_id: string;
  kind: WarningKind;
  message: string;
}

/** Print resolution a raster should reach at its printed size. */
export const MIN_PRINT_DPI = 300;
/** WCAG AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

const IMPORTANT: ReadonlySet<EditorLayer['kind']> = new Set(['text', 'logo', 'barcode', 'nutrition']);

/** Corners are pulled in by this much before the fold test: a layer that only touches a fold does not cross it. */
const TOUCH_MM = 0.05;

const isVector = (url: string) => /^data:image\/svg\+xml/.test(url) || /\.svg(\?|#|$)/i.test(url);

/** Resolution of `naturalPx` pixels printed across `mm` millimetres. */
export function dpiAt(naturalPx: number, mm: number): number {
  return mm > 0 ? naturalPx / (mm / 25.4) : Number.POSITIVE_INFINITY;
}

/** The least of a raster layer's horizontal and vertical dpi at its printed size; null for vectors and non-images. */
export function layerDpi(layer: EditorLayer, panel: Pick<EditorPanel, 'width' | 'height'>, bleedMm = 3): number | null {
  if (layer.kind === 'image') {
    if (isVector(layer.url)) return null;
    return Math.min(dpiAt(layer.natural.width * layer.crop.w, layer.w), dpiAt(layer.natural.height * layer.crop.h, layer.h));
  }
  if (layer.kind === 'logo' && layer.source.type === 'image') {
    if (isVector(layer.source.url)) return null;
    // A logo is fitted whole (contain): the tighter side sets its printed scale.
    const s = Math.min(layer.w / layer.source.natural.width, layer.h / layer.source.natural.height);
    return 25.4 / s;
  }
  if (layer.kind === 'background' && layer.fill.type === 'image') {
    if (isVector(layer.fill.url)) return null;
    // The image covers the panel and its bleed: the side it stretches most sets the scale.
    const w = panel.width + 2 * bleedMm;
    const h = panel.height + 2 * bleedMm;
    return 25.4 * Math.min(layer.fill.natural.width / w, layer.fill.natural.height / h);
  }
  return null;
}

function shrink(corners: Point[], by: number): Point[] {
  const cx = corners.reduce((s, p) => s + p.x, 0) / corners.length;
  const cy = corners.reduce((s, p) => s + p.y, 0) / corners.length;
  return corners.map((p) => {
    const d = Math.hypot(p.x - cx, p.y - cy);
    const k = d > by ? (d - by) / d : 0;
    return { x: cx + (p.x - cx) * k, y: cy + (p.y - cy) * k };
  });
}

function crossesFold(doc: EditorDocument, panel: EditorPanel, layer: EditorLayer): boolean {
  const poly = shrink(layerCorners(layer), TOUCH_MM).map((p) => panelToSheet(panel, p));
  for (const f of doc.dieline.folds) {
    const a = { x: f.x1, y: f.y1 };
    const b = { x: f.x2, y: f.y2 };
    if (insideConvex(poly, a) || insideConvex(poly, b)) return true;
    for (let i = 0; i < poly.length; i++) if (segmentsIntersect(poly[i]!, poly[(i + 1) % poly.length]!, a, b)) return true;
  }
  return false;
}

function inRect(p: Point, r: { x: number; y: number; width: number; height: number }, tol = 1e-6): boolean {
  return p.x >= r.x - tol && p.y >= r.y - tol && p.x <= r.x + r.width + tol && p.y <= r.y + r.height + tol;
}

function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch((n >> 16) & 255) + 0.7152 * ch((n >> 8) & 255) + 0.0722 * ch(n & 255);
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const name = (l: EditorLayer) => (l.name ? `"${l.name}"` : `The ${l.kind} layer`);

/** Every warning of one panel's layers, bottom to top. Hidden layers are not printed and not checked. */
export function panelWarnings(doc: EditorDocument, panelId: string): LayerWarning[] {
  const panel = doc.dieline.panels.find((p) => p.id === panelId);
  const layers = doc.panels.find((p) => p.panel_id === panelId)?.layers ?? [];
  if (!panel) return [];
  const out: LayerWarning[] = [];
  const add = (l: EditorLayer, kind: WarningKind, message: string) => out.push({ panel_id: panelId, layer_id: l.id, kind, message });
  const whole = { x: 0, y: 0, width: panel.width, height: panel.height };
  layers.forEach((l, index) => {
    if (l.hidden) return;
    if (IMPORTANT.has(l.kind)) {
      const corners = layerCorners(l);
      if (crossesFold(doc, panel, l)) add(l, 'fold', `${name(l)} crosses a fold line: it will break over the edge of the box.`);
      if (!corners.every((c) => inRect(c, panel.safe))) add(l, 'safe', `${name(l)} leaves the safe zone (${doc.dieline.safe_mm} mm from folds and cuts).`);
      const pastCut = corners.some((c) => !inRect(c, whole) && !doc.dieline.panels.some((p) => inRect(panelToSheet(panel, c), p.rect)));
      if (pastCut) add(l, 'bleed', `${name(l)} runs past the cut into the bleed: that part is trimmed off.`);
    }
    const dpi = layerDpi(l, panel, doc.dieline.bleed_mm);
    if (dpi !== null && dpi < MIN_PRINT_DPI)
      add(l, 'dpi', `${name(l)} prints at ${Math.floor(dpi + 1e-6)} dpi: use an image of at least ${MIN_PRINT_DPI} dpi at this size, or make it smaller.`);
    if (l.kind === 'barcode') {
      const m = magnificationFor(l.w, l.h);
      if (m < MIN_MAGNIFICATION) add(l, 'barcode-size', `${name(l)} is at ${Math.round(m * 100)} % of its nominal size: scanners need at least 80 %.`);
    }
    if (l.kind === 'text') {
      // The flat colour under the text: the topmost visible colour background below it.
      const ground = layers
        .slice(0, index)
        .reverse()
        .find((b) => !b.hidden && b.kind === 'background');
      if (ground?.kind === 'background' && ground.fill.type === 'colour') {
        const ratio = contrastRatio(l.colour, ground.fill.colour);
        if (ratio < MIN_TEXT_CONTRAST)
          add(l, 'contrast', `${name(l)} reads at ${ratio.toFixed(1)}:1 on its background: aim for at least ${MIN_TEXT_CONTRAST}:1.`);
      }
    }
  });
  return out;
}

/** Every warning of the document, panel by panel. */
export function documentWarnings(doc: EditorDocument): LayerWarning[] {
  return doc.panels.flatMap((p) => panelWarnings(doc, p.panel_id));
}
