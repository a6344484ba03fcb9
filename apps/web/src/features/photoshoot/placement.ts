import { PLACEMENT_CANVAS, type BackgroundPlacement } from '@packsmith/contracts';

/*
 * The placement maths of the photo shoot, in pixels of the 1024 placement canvas (SPEC §3, §9). Pure:
 * the canvas component turns pointer and key events into calls here, and the server scales the
 * resulting BackgroundPlacement to the scene's full resolution.
 *
 * Canvas space: the scene fills [0, backW] × [0, backH], its longer side PLACEMENT_CANVAS; y grows
 * downwards; rotation is in degrees, clockwise, about the product box's centre.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The scene's box on the canvas. */
export interface Back {
  backW: number;
  backH: number;
}

/** The product on the canvas, centre-based so rotation never moves it. */
export interface Box {
  cx: number;
  cy: number;
  w: number;
  h: number;
  rotation: number;
}

export type Corner = 0 | 1 | 2 | 3;

/** The product's longer side never gets smaller than this (it must stay grabbable). */
export const MIN_PRODUCT_SIDE = 24;
/** How far (canvas px) the product's centre or foot is pulled onto a guide while dragging. */
export const SNAP_DISTANCE = 8;
/** Rotation within this many degrees of upright snaps to upright. */
export const ROTATION_SNAP = 3;
/** Share of the scene's height a product takes when it is first placed. */
export const INITIAL_HEIGHT_SHARE = 0.55;
/** Where the floor is assumed to be on a scene that does not say (an uploaded background). */
export const DEFAULT_FLOOR_Y = 0.82;

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** The scene scaled so its longer side is the canvas (1024); proportions kept. */
export function canvasSize(scene: Size, canvas: number = PLACEMENT_CANVAS): Back {
  const longest = Math.max(scene.width, scene.height);
  if (!(longest > 0)) return { backW: canvas, backH: canvas };
  const scale = canvas / longest;
  return { backW: round2(scene.width * scale), backH: round2(scene.height * scale) };
}

/** Degrees in (-180, 180]. */
export function normaliseAngle(deg: number): number {
  let a = deg % 360;
  if (a > 180) a -= 360;
  if (a <= -180) a += 360;
  return a === 0 ? 0 : a;
}

export function rotatePoint(p: Point, centre: Point, deg: number): Point {
  const r = (deg * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const dx = p.x - centre.x;
  const dy = p.y - centre.y;
  return { x: centre.x + dx * cos - dy * sin, y: centre.y + dx * sin + dy * cos };
}

/** The box's corners on the canvas, clockwise from the top-left of the unrotated box. */
export function corners(box: Box): [Point, Point, Point, Point] {
  const c = { x: box.cx, y: box.cy };
  const hw = box.w / 2;
  const hh = box.h / 2;
  const at = (x: number, y: number) => rotatePoint({ x: box.cx + x, y: box.cy + y }, c, box.rotation);
  return [at(-hw, -hh), at(hw, -hh), at(hw, hh), at(-hw, hh)];
}

/** The axis-aligned bounds of the (rotated) box. */
export function bounds(box: Box): { left: number; top: number; right: number; bottom: number } {
  const pts = corners(box);
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/**
 * Where a product first stands: centred, its foot on the floor line, INITIAL_HEIGHT_SHARE of the scene
 * tall, narrower than 80 % of the scene and never poking out of its top.
 */
export function initialBox(back: Back, cutout: Size, floorY: number = DEFAULT_FLOOR_Y): Box {
  const aspect = cutout.width > 0 && cutout.height > 0 ? cutout.width / cutout.height : 1;
  const floor = clamp(floorY, 0.2, 1) * back.backH;
  let h = Math.min(back.backH * INITIAL_HEIGHT_SHARE, floor * 0.92);
  let w = h * aspect;
  if (w > back.backW * 0.8) {
    w = back.backW * 0.8;
    h = w / aspect;
  }
  return { cx: back.backW / 2, cy: floor - h / 2, w, h, rotation: 0 };
}

/** SPEC §3 Background placement from a box (values rounded to 1/100 px). */
export function toPlacement(box: Box, cutout: Size, back: Back): BackgroundPlacement {
  return {
    imgW: round2(box.w),
    imgH: round2(box.h),
    left: round2(box.cx - box.w / 2),
    top: round2(box.cy - box.h / 2),
    originW: Math.round(cutout.width),
    originH: Math.round(cutout.height),
    backW: back.backW,
    backH: back.backH,
    rotation: round2(normaliseAngle(box.rotation)),
  };
}

export function fromPlacement(p: BackgroundPlacement): Box {
  return { cx: p.left + p.imgW / 2, cy: p.top + p.imgH / 2, w: p.imgW, h: p.imgH, rotation: p.rotation };
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/**
 * Keeps a box usable: the longer side between MIN_PRODUCT_SIDE and twice the canvas (aspect kept),
 * and its centre on the scene so it can always be grabbed again.
 */
export function clampBox(box: Box, back: Back): Box {
  const longer = Math.max(box.w, box.h);
  if (!(longer > 0)) return box;
  const max = 2 * Math.max(back.backW, back.backH);
  const scale = longer < MIN_PRODUCT_SIDE ? MIN_PRODUCT_SIDE / longer : longer > max ? max / longer : 1;
  return {
    cx: clamp(box.cx, 0, back.backW),
    cy: clamp(box.cy, 0, back.backH),
    w: box.w * scale,
    h: box.h * scale,
    rotation: normaliseAngle(box.rotation),
  };
}

export function moveBox(start: Box, dx: number, dy: number): Box {
  return { ...start, cx: start.cx + dx, cy: start.cy + dy };
}

/** Scales about the centre (keyboard +/-): the aspect ratio cannot change. */
export function scaleBox(box: Box, factor: number): Box {
  return { ...box, w: box.w * factor, h: box.h * factor };
}

export function rotateBox(box: Box, deg: number): Box {
  return { ...box, rotation: normaliseAngle(box.rotation + deg) };
}

/**
 * A corner handle dragged to `pointer`: the opposite corner stays where it is and the box grows or
 * shrinks along its own diagonal, so the aspect ratio is locked whatever the rotation.
 */
export function resizeFromCorner(start: Box, corner: Corner, pointer: Point): Box {
  const pts = corners(start);
  const anchor = pts[((corner + 2) % 4) as Corner];
  const grabbed = pts[corner];
  const diag = { x: grabbed.x - anchor.x, y: grabbed.y - anchor.y };
  const length = Math.hypot(diag.x, diag.y);
  if (length === 0) return start;
  const unit = { x: diag.x / length, y: diag.y / length };
  // Only the pointer's movement along the diagonal counts: sideways jitter does not resize.
  const along = (pointer.x - anchor.x) * unit.x + (pointer.y - anchor.y) * unit.y;
  const minLength = (length * MIN_PRODUCT_SIDE) / Math.max(start.w, start.h);
  const next = Math.max(along, minLength);
  const factor = next / length;
  return {
    ...start,
    w: start.w * factor,
    h: start.h * factor,
    cx: anchor.x + (unit.x * next) / 2,
    cy: anchor.y + (unit.y * next) / 2,
  };
}

/** The rotate handle dragged from `from` to `to`: the box turns by the angle swept about its centre. */
export function rotateFromPointer(start: Box, from: Point, to: Point, step = 0): Box {
  const a0 = Math.atan2(from.y - start.cy, from.x - start.cx);
  const a1 = Math.atan2(to.y - start.cy, to.x - start.cx);
  let rotation = normaliseAngle(start.rotation + ((a1 - a0) * 180) / Math.PI);
  if (step > 0) rotation = normaliseAngle(Math.round(rotation / step) * step);
  else if (Math.abs(rotation) <= ROTATION_SNAP) rotation = 0;
  return { ...start, rotation };
}

export interface Guides {
  /** The product's centre is on the scene's vertical centre line. */
  centre: boolean;
  /** The product's lowest point is on the scene's floor line. */
  floor: boolean;
}

export const NO_GUIDES: Guides = { centre: false, floor: false };

/**
 * Snapping while dragging: a centre within `distance` of the vertical centre line goes onto it, and a
 * lowest point within `distance` of the floor line (floorY × backH) goes onto it. Reports which guides
 * to draw.
 */
export function snapBox(box: Box, back: Back, floorY: number, distance: number = SNAP_DISTANCE): { box: Box; guides: Guides } {
  let next = box;
  const guides = { centre: false, floor: false };
  const mid = back.backW / 2;
  if (Math.abs(next.cx - mid) <= distance) {
    next = { ...next, cx: mid };
    guides.centre = true;
  }
  const floor = floorY * back.backH;
  const foot = bounds(next).bottom;
  if (Math.abs(foot - floor) <= distance) {
    next = { ...next, cy: next.cy + (floor - foot) };
    guides.floor = true;
  }
  return { box: next, guides };
}

/** A box moved to a new scene keeps its place relative to the scene (centre, and height share). */
export function refitBox(box: Box, from: Back, to: Back): Box {
  if (from.backW === to.backW && from.backH === to.backH) return box;
  const s = to.backH / from.backH;
  return { cx: (box.cx / from.backW) * to.backW, cy: (box.cy / from.backH) * to.backH, w: box.w * s, h: box.h * s, rotation: box.rotation };
}

/** A pointer position on screen to canvas pixels, given the canvas element's rectangle on screen. */
export function screenToCanvas(client: Point, rect: { left: number; top: number; width: number }, back: Back): Point {
  const scale = rect.width / back.backW;
  return { x: (client.x - rect.left) / scale, y: (client.y - rect.top) / scale };
}

/** One +/- key press scales by this. */
export const SCALE_STEP = 1.02;

/** The keyboard of the canvas (arrows 1 px, shift 10 px; [ ] rotate 1°, shift 15°; +/- scale 2 %); null when the key is not one. */
export function keyboardChange(box: Box, key: string, shift: boolean): Box | null {
  const step = shift ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      return moveBox(box, -step, 0);
    case 'ArrowRight':
      return moveBox(box, step, 0);
    case 'ArrowUp':
      return moveBox(box, 0, -step);
    case 'ArrowDown':
      return moveBox(box, 0, step);
    case '[':
    case '{':
      return rotateBox(box, shift ? -15 : -1);
    case ']':
    case '}':
      return rotateBox(box, shift ? 15 : 1);
    // '+' needs shift on most layouts, so shift means nothing for size: one 2 % step a press.
    case '+':
    case '=':
      return scaleBox(box, SCALE_STEP);
    case '-':
    case '_':
      return scaleBox(box, 1 / SCALE_STEP);
    default:
      return null;
  }
}

export function sameBox(a: Box, b: Box): boolean {
  const eq = (x: number, y: number) => Math.abs(x - y) < 1e-6;
  return eq(a.cx, b.cx) && eq(a.cy, b.cy) && eq(a.w, b.w) && eq(a.h, b.h) && eq(a.rotation, b.rotation);
}

/** Undo/redo of placements: one entry per finished gesture or key press. */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

export const HISTORY_LIMIT = 100;

export function historyOf<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** A new state: the redo branch is dropped; an unchanged state adds nothing. */
export function commit<T>(h: History<T>, next: T, same: (a: T, b: T) => boolean): History<T> {
  if (same(h.present, next)) return h;
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

export function undo<T>(h: History<T>): History<T> {
  const prev = h.past[h.past.length - 1];
  if (prev === undefined) return h;
  return { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  const next = h.future[0];
  if (next === undefined) return h;
  return { past: [...h.past, h.present], present: next, future: h.future.slice(1) };
}

/**
 * Where the cut-out sits inside the original photo, in percent of the photo, from
 * extracted_coordinates: the crop (cropWidth × cropHeight) centred on the product's box (x, y,
 * width, height), so the before/after slider lines the two images up.
 */
export function cutoutFrame(c: {
  x: number;
  y: number;
  width: number;
  height: number;
  totalWidth: number;
  totalHeight: number;
  cropWidth: number;
  cropHeight: number;
}): { left: number; top: number; width: number; height: number } | null {
  if (!(c.totalWidth > 0 && c.totalHeight > 0)) return null;
  const w = c.cropWidth > 0 ? c.cropWidth : c.width;
  const h = c.cropHeight > 0 ? c.cropHeight : c.height;
  if (!(w > 0 && h > 0)) return null;
  const cx = c.x + c.width / 2;
  const cy = c.y + c.height / 2;
  return {
    left: ((cx - w / 2) / c.totalWidth) * 100,
    top: ((cy - h / 2) / c.totalHeight) * 100,
    width: (w / c.totalWidth) * 100,
    height: (h / c.totalHeight) * 100,
  };
}
