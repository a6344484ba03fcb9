import type { EditorLayer, EditorPanel } from '@packsmith/contracts';
import { gs1CheckDigit } from '@packsmith/contracts';
import { newLayerId } from '@packsmith/editor';

/**
 * New layers for the Add menu (issue 17): each sized to the panel and centred in its safe zone,
 * so it starts where it will print and raises no warning. Pure: the page dispatches an `add`.
 */

type Of<K extends EditorLayer['kind']> = Extract<EditorLayer, { kind: K }>;

const base = { rotation: 0, opacity: 1, locked: false, hidden: false };

// Hundredths of a mm, rounded inwards: a layer placed in the safe zone stays inside it.
const down = (n: number) => Math.floor(n * 100) / 100;
const up = (n: number) => Math.ceil(n * 100) / 100;

/** A w × h box centred in the panel's safe area, shrunk (keeping its aspect) until it fits. */
export function placeInSafe(panel: EditorPanel, w: number, h: number): { x: number; y: number; w: number; h: number } {
  const s = panel.safe;
  const k = Math.min(1, s.width / w, s.height / h);
  const fw = down(w * k - 0.01);
  const fh = down(h * k - 0.01);
  return { x: up(s.x + (s.width - fw) / 2), y: up(s.y + (s.height - fh) / 2), w: fw, h: fh };
}

export function newTextLayer(panel: EditorPanel, text = 'Your text'): Of<'text'> {
  const sizePt = Math.max(8, Math.min(28, Math.round(panel.safe.width / 8)));
  const h = ((sizePt * 25.4) / 72) * 1.3;
  return {
    ...base,
    ...placeInSafe(panel, panel.safe.width * 0.8, h),
    id: newLayerId('text'),
    name: text.slice(0, 40),
    kind: 'text',
    text,
    font: { family: 'Inter', weight: 600, italic: false },
    size_pt: sizePt,
    tracking: 0,
    line_height: 1.2,
    align: 'center',
    colour: '#111111',
  };
}

export function newShapeLayer(panel: EditorPanel, shape: 'rect' | 'ellipse' | 'line'): Of<'shape'> {
  const side = Math.min(panel.safe.width, panel.safe.height) * 0.4;
  const size = shape === 'line' ? placeInSafe(panel, panel.safe.width * 0.6, 1) : placeInSafe(panel, side, side);
  return {
    ...base,
    ...size,
    id: newLayerId('shape'),
    name: shape === 'rect' ? 'Rectangle' : shape === 'ellipse' ? 'Ellipse' : 'Line',
    kind: 'shape',
    shape,
    fill: shape === 'line' ? null : '#7c3aed',
    stroke: shape === 'line' ? { colour: '#111111', width_mm: 0.5 } : null,
    corner_radius_mm: 0,
  };
}

/** An image at the size it prints at 300 dpi, or smaller to fit the safe zone. */
export function newImageLayer(panel: EditorPanel, url: string, natural: { width: number; height: number }, name = 'Image'): Of<'image'> {
  const atPrint = { w: (natural.width / 300) * 25.4, h: (natural.height / 300) * 25.4 };
  return {
    ...base,
    ...placeInSafe(panel, atPrint.w, atPrint.h),
    id: newLayerId('image'),
    name: name.slice(0, 80),
    kind: 'image',
    url,
    natural,
    crop: { x: 0, y: 0, w: 1, h: 1 },
  };
}

/** A sample EAN-13 (a valid check digit): the user types their own GTIN in the properties. */
export const SAMPLE_EAN13 = `400638133393`;

export function newBarcodeLayer(panel: EditorPanel): Of<'barcode'> {
  const digits = SAMPLE_EAN13 + String(gs1CheckDigit(SAMPLE_EAN13));
  // The nominal EAN-13 symbol is 37.29 × 25.93 mm; placeInSafe scales it down on small panels.
  return {
    ...base,
    ...placeInSafe(panel, 37.29, 25.93),
    id: newLayerId('barcode'),
    name: 'Barcode',
    kind: 'barcode',
    symbology: 'ean13',
    digits,
    colour: '#000000',
    background: '#ffffff',
  };
}

export function newIconLayer(panel: EditorPanel, icon: string, body: string): Of<'icon'> {
  const side = Math.min(panel.safe.width, panel.safe.height) * 0.25;
  return {
    ...base,
    ...placeInSafe(panel, side, side),
    id: newLayerId('icon'),
    name: icon,
    kind: 'icon',
    icon,
    body,
    colour: '#111111',
    stroke_width: 2,
  };
}

/** A nutrition label of the label generator (its SVG in mm). */
export function newNutritionLayer(panel: EditorPanel, projectId: string, svg: string, sizeMm: { width: number; height: number }): Of<'nutrition'> {
  return {
    ...base,
    ...placeInSafe(panel, sizeMm.width, sizeMm.height),
    id: newLayerId('nutrition'),
    name: 'Nutrition facts',
    kind: 'nutrition',
    project_id: projectId,
    svg,
  };
}
