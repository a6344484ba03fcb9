/**
 * The canvas's view as plain numbers: the stage draws the flat sheet in millimetres scaled by
 * `pxPerMm` and offset by `panX/panY` (the sheet's origin on screen), so
 * screen = sheet × pxPerMm + pan. Fit, zoom about a point and the screen ↔ sheet ↔ panel maps
 * live here, pure, so the gestures and the e2e test compute the same positions.
 */
import type { EditorDocument, EditorLayer, EditorPanel } from '@packsmith/contracts';
import { layerCorners, panelToSheet, sheetToPanel, type Box, type Point } from '@packsmith/editor';
import { PX_PER_MM_100, type EditorView } from '../editor.store';

/** Zoom limits, px per mm: 2 % to 6400 % of real size. */
export const MIN_PX_PER_MM = PX_PER_MM_100 * 0.02;
export const MAX_PX_PER_MM = PX_PER_MM_100 * 64;
/** Screen px left round the sheet when fitted. */
export const FIT_PADDING_PX = 32;

export interface Size {
  width: number;
  height: number;
}

export function clampZoom(pxPerMm: number): number {
  return Math.min(MAX_PX_PER_MM, Math.max(MIN_PX_PER_MM, pxPerMm));
}

/** The sheet's extent in mm, bleed included (what "fit" shows). */
export function sheetExtent(doc: Pick<EditorDocument, 'dieline'>): Box {
  const b = doc.dieline.bleed_mm;
  return { x: -b, y: -b, w: doc.dieline.size.width + 2 * b, h: doc.dieline.size.height + 2 * b };
}

/** The view that shows `extent` whole and centred in a viewport. */
export function fitView(extent: Box, viewport: Size, padding = FIT_PADDING_PX): EditorView {
  const aw = Math.max(1, viewport.width - 2 * padding);
  const ah = Math.max(1, viewport.height - 2 * padding);
  const pxPerMm = clampZoom(Math.min(aw / extent.w, ah / extent.h));
  return {
    pxPerMm,
    panX: viewport.width / 2 - (extent.x + extent.w / 2) * pxPerMm,
    panY: viewport.height / 2 - (extent.y + extent.h / 2) * pxPerMm,
  };
}

/** The view zoomed to `pxPerMm` (clamped) keeping the sheet point under `screen` where it is. */
export function zoomAbout(view: EditorView, pxPerMm: number, screen: Point): EditorView {
  const next = clampZoom(pxPerMm);
  const sheet = screenToSheet(view, screen);
  return { pxPerMm: next, panX: screen.x - sheet.x * next, panY: screen.y - sheet.y * next };
}

/** The zoom factor of one wheel event with Ctrl/⌘ (or a trackpad pinch, which browsers report so). */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  // Lines and pages (Firefox) to pixels; one mouse notch (~100 px) zooms by about 1.3×.
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const clamped = Math.max(-200, Math.min(200, px));
  return 2 ** (-clamped / 260);
}

/** Steps of the +/- keys (and buttons): Figma's ladder of round percentages. */
const ZOOM_STEPS = [0.02, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64];

/** The next round zoom up (`dir` 1) or down (-1) from `pxPerMm`. */
export function steppedZoom(pxPerMm: number, dir: 1 | -1): number {
  const pct = pxPerMm / PX_PER_MM_100;
  const step = dir > 0 ? ZOOM_STEPS.find((s) => s > pct + 1e-6) : [...ZOOM_STEPS].reverse().find((s) => s < pct - 1e-6);
  return clampZoom((step ?? (dir > 0 ? ZOOM_STEPS[ZOOM_STEPS.length - 1]! : ZOOM_STEPS[0]!)) * PX_PER_MM_100);
}

export function screenToSheet(view: EditorView, p: Point): Point {
  return { x: (p.x - view.panX) / view.pxPerMm, y: (p.y - view.panY) / view.pxPerMm };
}

export function sheetToScreen(view: EditorView, p: Point): Point {
  return { x: p.x * view.pxPerMm + view.panX, y: p.y * view.pxPerMm + view.panY };
}

/** A point in a panel's upright mm to screen px (what the e2e test uses to click a layer). */
export function panelToScreen(view: EditorView, panel: EditorPanel, p: Point): Point {
  return sheetToScreen(view, panelToSheet(panel, p));
}

export function screenToPanel(view: EditorView, panel: EditorPanel, p: Point): Point {
  return sheetToPanel(panel, screenToSheet(view, p));
}

/** A screen-px movement as a movement in a panel's own coordinates (panels are turned on the sheet). */
export function screenDeltaToPanel(view: EditorView, panel: EditorPanel, dx: number, dy: number): Point {
  const a = screenToPanel(view, panel, { x: 0, y: 0 });
  const b = screenToPanel(view, panel, { x: dx, y: dy });
  return { x: b.x - a.x, y: b.y - a.y };
}

/** A layer's four corners on screen (its rotation and its panel's included). */
export function layerScreenCorners(view: EditorView, panel: EditorPanel, layer: Pick<EditorLayer, 'x' | 'y' | 'w' | 'h' | 'rotation'>): Point[] {
  return layerCorners(layer).map((c) => panelToScreen(view, panel, c));
}

/** The centre of a layer on screen. */
export function layerScreenCentre(view: EditorView, panel: EditorPanel, layer: Pick<EditorLayer, 'x' | 'y' | 'w' | 'h'>): Point {
  return panelToScreen(view, panel, { x: layer.x + layer.w / 2, y: layer.y + layer.h / 2 });
}

/** Whether a sheet point lies on a panel (its exact rect, cut edge included). */
export function panelContains(panel: EditorPanel, p: Point): boolean {
  const r = panel.rect;
  return p.x >= r.x && p.y >= r.y && p.x <= r.x + r.width && p.y <= r.y + r.height;
}

/** The panel under a sheet point, or null. */
export function panelAt(doc: Pick<EditorDocument, 'dieline'>, p: Point): EditorPanel | null {
  return doc.dieline.panels.find((panel) => panelContains(panel, p)) ?? null;
}
