/**
 * Snapping while a selection is dragged: its left / centre / right and top / middle / bottom
 * lines are drawn to the panel's edges and centre lines, the safe zone's edges, and the other
 * layers' edges and centres, when within a threshold given in screen pixels (converted to mm
 * by the zoom, so the pull feels the same at every zoom). Answers the snapped position and
 * the guide lines to draw.
 */
import type { EditorLayer, EditorPanel } from '@packsmith/contracts';
import { type Box, layerBounds } from './geometry.js';

export type SnapKind = 'panel' | 'safe' | 'layer';

/** A guide line to draw, in panel mm: vertical (`axis: 'x'`, at x = `at`) or horizontal. */
export interface SnapGuide {
  axis: 'x' | 'y';
  at: number;
  from: number;
  to: number;
  kind: SnapKind;
}

export interface SnapResult {
  /** The moving box's top-left after snapping. */
  x: number;
  y: number;
  dx: number;
  dy: number;
  guides: SnapGuide[];
}

export interface SnapInput {
  /** The moving selection's box as it would be without snapping (panel mm). */
  box: Box;
  panel: Pick<EditorPanel, 'width' | 'height' | 'safe'>;
  /** The panel's other layers (the moving ones are left out by the caller, or by `exclude`). */
  layers: readonly EditorLayer[];
  exclude?: readonly string[];
  /** Screen pixels per mm (1 at 100 % is 3.7795 px/mm). */
  pxPerMm: number;
  /** Default 6 screen px. */
  thresholdPx?: number;
  /** Snap to other layers (default true). */
  toLayers?: boolean;
}

interface Target {
  at: number;
  kind: SnapKind;
  /** The extent of the thing snapped to, across the axis (for the guide's length). */
  from: number;
  to: number;
}

export const SNAP_THRESHOLD_PX = 6;

function targets(input: SnapInput, axis: 'x' | 'y'): Target[] {
  const { panel } = input;
  const size = axis === 'x' ? panel.width : panel.height;
  const across = axis === 'x' ? panel.height : panel.width;
  const s = panel.safe;
  const safe0 = axis === 'x' ? s.x : s.y;
  const safe1 = axis === 'x' ? s.x + s.width : s.y + s.height;
  const safeFrom = axis === 'x' ? s.y : s.x;
  const safeTo = axis === 'x' ? s.y + s.height : s.x + s.width;
  const out: Target[] = [
    { at: 0, kind: 'panel', from: 0, to: across },
    { at: size / 2, kind: 'panel', from: 0, to: across },
    { at: size, kind: 'panel', from: 0, to: across },
    { at: safe0, kind: 'safe', from: safeFrom, to: safeTo },
    { at: safe1, kind: 'safe', from: safeFrom, to: safeTo },
  ];
  if (input.toLayers === false) return out;
  const skip = new Set(input.exclude ?? []);
  for (const l of input.layers) {
    if (skip.has(l.id) || l.hidden || l.kind === 'background') continue;
    const b = layerBounds(l);
    const [a0, len, c0, clen] = axis === 'x' ? [b.x, b.w, b.y, b.h] : [b.y, b.h, b.x, b.w];
    for (const at of [a0, a0 + len / 2, a0 + len]) out.push({ at, kind: 'layer', from: c0, to: c0 + clen });
  }
  return out;
}

function snapAxis(input: SnapInput, axis: 'x' | 'y', threshold: number): number {
  const b = input.box;
  const [start, len] = axis === 'x' ? [b.x, b.w] : [b.y, b.h];
  let best: { delta: number; dist: number } | null = null;
  for (const t of targets(input, axis)) {
    for (const a of [start, start + len / 2, start + len]) {
      const d = t.at - a;
      if (Math.abs(d) <= threshold && (!best || Math.abs(d) < best.dist - 1e-9)) best = { delta: d, dist: Math.abs(d) };
    }
  }
  return best?.delta ?? 0;
}

/** Every line the snapped box meets on one axis (the panel centre and a layer's edge can coincide), spanning both. */
function guidesFor(input: SnapInput, axis: 'x' | 'y', b: Box): SnapGuide[] {
  const [start, len, c0, clen] = axis === 'x' ? [b.x, b.w, b.y, b.h] : [b.y, b.h, b.x, b.w];
  const anchors = [start, start + len / 2, start + len];
  const guides: SnapGuide[] = [];
  for (const t of targets(input, axis)) {
    if (!anchors.some((a) => Math.abs(a - t.at) < 1e-6)) continue;
    if (guides.some((g) => Math.abs(g.at - t.at) < 1e-6 && g.kind === t.kind)) continue;
    guides.push({ axis, at: t.at, from: Math.min(t.from, c0), to: Math.max(t.to, c0 + clen), kind: t.kind });
  }
  return guides;
}

/** The dragged box snapped on each axis independently, with its guides. */
export function snapMove(input: SnapInput): SnapResult {
  if (!(input.pxPerMm > 0)) throw new Error('pxPerMm must be above 0.');
  const threshold = (input.thresholdPx ?? SNAP_THRESHOLD_PX) / input.pxPerMm;
  const dx = snapAxis(input, 'x', threshold);
  const dy = snapAxis(input, 'y', threshold);
  const snapped = { ...input.box, x: input.box.x + dx, y: input.box.y + dy };
  const guides = [...guidesFor(input, 'x', snapped), ...guidesFor(input, 'y', snapped)];
  return { x: snapped.x, y: snapped.y, dx, dy, guides };
}
