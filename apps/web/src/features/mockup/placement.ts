import type { MaterialType, MockupPlacement } from '@packsmith/contracts';

/*
 * Where the design sits on the template's first surface, as POST /api/mockup/result takes it
 * (MockupPlacementSchema): the design covers the surface's design area (scaled to cover, centred);
 * `scale` multiplies that, `offset_x`/`offset_y` move its centre by fractions of the area's width and
 * height, `rotation` turns it clockwise in degrees. Pure, so the editor, the keyboard and the tests
 * agree on every number.
 */

export type Placement = MockupPlacement;

export interface Size {
  width: number;
  height: number;
}

export const DEFAULT_PLACEMENT: Placement = { scale: 1, offset_x: 0, offset_y: 0, rotation: 0 };

/** What the editor lets a person reach (a subset of what the call accepts: 0.05–20, ±2, ±360). */
export const PLACEMENT_LIMITS = {
  scale: { min: 0.1, max: 4 },
  offset: { min: -1, max: 1 },
  rotation: { min: -180, max: 180 },
} as const;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};

/** An angle in (−180, 180]. */
export function normalizeRotation(deg: number): number {
  const r = ((((deg + 180) % 360) + 360) % 360) - 180;
  return r === -180 ? 180 : r;
}

/** Within the editor's limits, rounded so that equal-looking placements are equal. */
export function clampPlacement(p: Placement): Placement {
  const { scale, offset, rotation } = PLACEMENT_LIMITS;
  return {
    scale: round(clamp(Number.isFinite(p.scale) ? p.scale : 1, scale.min, scale.max), 3),
    offset_x: round(clamp(Number.isFinite(p.offset_x) ? p.offset_x : 0, offset.min, offset.max), 4),
    offset_y: round(clamp(Number.isFinite(p.offset_y) ? p.offset_y : 0, offset.min, offset.max), 4),
    rotation: round(clamp(normalizeRotation(Number.isFinite(p.rotation) ? p.rotation : 0), rotation.min, rotation.max), 1),
  };
}

export function samePlacement(a: Placement, b: Placement): boolean {
  return a.scale === b.scale && a.offset_x === b.offset_x && a.offset_y === b.offset_y && a.rotation === b.rotation;
}

export function isDefaultPlacement(p: Placement): boolean {
  return samePlacement(clampPlacement(p), DEFAULT_PLACEMENT);
}

/** The design's box in the area at scale 1: covering it, in fractions of the area's width and height. */
export function coverSize(design: Size, area: Size): { width: number; height: number } {
  if (design.width <= 0 || design.height <= 0 || area.width <= 0 || area.height <= 0) return { width: 1, height: 1 };
  const designAspect = design.width / design.height;
  const areaAspect = area.width / area.height;
  return designAspect > areaAspect ? { width: designAspect / areaAspect, height: 1 } : { width: 1, height: areaAspect / designAspect };
}

/** Where the editor draws the design: its box in percent of the area, and its turn. */
export function designBox(p: Placement, design: Size, area: Size): { left: number; top: number; width: number; height: number; rotation: number } {
  const cover = coverSize(design, area);
  const w = cover.width * p.scale;
  const h = cover.height * p.scale;
  const cx = 0.5 + p.offset_x;
  const cy = 0.5 + p.offset_y;
  return { left: (cx - w / 2) * 100, top: (cy - h / 2) * 100, width: w * 100, height: h * 100, rotation: p.rotation };
}

/** A drag by (dx, dy) screen pixels over an area drawn `frame` pixels large, from where it started. */
export function dragPlacement(start: Placement, dx: number, dy: number, frame: Size): Placement {
  if (frame.width <= 0 || frame.height <= 0) return start;
  return clampPlacement({ ...start, offset_x: start.offset_x + dx / frame.width, offset_y: start.offset_y + dy / frame.height });
}

/** A pinch or ctrl+wheel: the scale multiplied by `factor`. */
export function zoomPlacement(p: Placement, factor: number): Placement {
  return clampPlacement({ ...p, scale: p.scale * factor });
}

/**
 * The editor's keys: arrows move 1 % of the area (Shift 10 %), [ and ] turn 1° (Shift 15°), + and −
 * resize by 5 % (Shift 25 %), 0 puts the design back as it was at first. Null for any other key.
 */
export function keyboardPlacement(p: Placement, key: string, shift: boolean): Placement | null {
  const step = shift ? 0.1 : 0.01;
  const turn = shift ? 15 : 1;
  const grow = shift ? 1.25 : 1.05;
  switch (key) {
    case 'ArrowLeft':
      return clampPlacement({ ...p, offset_x: p.offset_x - step });
    case 'ArrowRight':
      return clampPlacement({ ...p, offset_x: p.offset_x + step });
    case 'ArrowUp':
      return clampPlacement({ ...p, offset_y: p.offset_y - step });
    case 'ArrowDown':
      return clampPlacement({ ...p, offset_y: p.offset_y + step });
    case '[':
    case '{':
      return clampPlacement({ ...p, rotation: p.rotation - turn });
    case ']':
    case '}':
      return clampPlacement({ ...p, rotation: p.rotation + turn });
    case '+':
    case '=':
      return clampPlacement({ ...p, scale: p.scale * grow });
    case '-':
    case '_':
      return clampPlacement({ ...p, scale: p.scale / grow });
    case '0':
      return { ...DEFAULT_PLACEMENT };
    default:
      return null;
  }
}

const pct = (v: number) => `${Math.round(Math.abs(v) * 100)}%`;

/** The placement in words, for screen readers and the announcer. */
export function describePlacement(p: Placement): string {
  const x = p.offset_x === 0 ? 'centred across' : `${pct(p.offset_x)} ${p.offset_x < 0 ? 'left' : 'right'}`;
  const y = p.offset_y === 0 ? 'centred down' : `${pct(p.offset_y)} ${p.offset_y < 0 ? 'up' : 'down'}`;
  return `Size ${Math.round(p.scale * 100)}%, ${x}, ${y}, turned ${Math.round(p.rotation)} degrees.`;
}

/** One undoable state of the editor: the placement and the print material (null: the template's own). */
export interface MockupEdit {
  placement: Placement;
  material: MaterialType | null;
}

export const DEFAULT_EDIT: MockupEdit = { placement: DEFAULT_PLACEMENT, material: null };

export function sameEdit(a: MockupEdit, b: MockupEdit): boolean {
  return a.material === b.material && samePlacement(a.placement, b.placement);
}

/** The snapshot of an undo step in mockupConfig.undoList / redoList: the edit before and after it. */
export interface EditStep {
  before: MockupEdit;
  after: MockupEdit;
}

function isPlacement(v: unknown): v is Placement {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return ['scale', 'offset_x', 'offset_y', 'rotation'].every((k) => typeof o[k] === 'number');
}

function isEdit(v: unknown): v is MockupEdit {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return isPlacement(o.placement) && (o.material === null || typeof o.material === 'string');
}

/** An undo entry's snapshot read back (the list is shared with other tools: theirs are skipped). */
export function editStepOf(snapshot: unknown): EditStep | null {
  if (typeof snapshot !== 'object' || snapshot === null) return null;
  const o = snapshot as Record<string, unknown>;
  return isEdit(o.before) && isEdit(o.after) ? { before: o.before, after: o.after } : null;
}
