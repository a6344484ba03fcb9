import { describe, expect, it } from 'vitest';
import { BackgroundPlacementSchema, PLACEMENT_CANVAS } from '@packsmith/contracts';
import {
  MIN_PRODUCT_SIDE,
  SNAP_DISTANCE,
  bounds,
  canvasSize,
  clampBox,
  commit,
  corners,
  cutoutFrame,
  fromPlacement,
  historyOf,
  initialBox,
  keyboardChange,
  normaliseAngle,
  redo,
  refitBox,
  resizeFromCorner,
  rotateFromPointer,
  sameBox,
  screenToCanvas,
  snapBox,
  toPlacement,
  undo,
  type Box,
} from './placement';

const close = (a: number, b: number, digits = 6) => expect(a).toBeCloseTo(b, digits);
const landscape = canvasSize({ width: 2048, height: 1536 });

describe('canvas and placement', () => {
  it('the scene fills the 1024 canvas on its longer side, proportions kept', () => {
    expect(canvasSize({ width: 2048, height: 1536 })).toEqual({ backW: 1024, backH: 768 });
    expect(canvasSize({ width: 1080, height: 1920 })).toEqual({ backW: 576, backH: 1024 });
    expect(canvasSize({ width: 2048, height: 2048 })).toEqual({ backW: PLACEMENT_CANVAS, backH: PLACEMENT_CANVAS });
  });

  it('a new product stands centred with its foot on the floor line, aspect kept, inside the scene', () => {
    const box = initialBox(landscape, { width: 400, height: 1000 }, 0.8);
    close(box.cx, 512);
    close(box.cy + box.h / 2, 0.8 * 768);
    close(box.w / box.h, 0.4);
    expect(bounds(box).top).toBeGreaterThan(0);
    // A very wide product is narrowed to 80 % of the scene instead of overflowing.
    const wide = initialBox(landscape, { width: 3000, height: 500 }, 0.8);
    close(wide.w, 0.8 * 1024);
    close(wide.w / wide.h, 6);
  });

  it('box ↔ SPEC §3 BackgroundPlacement round-trips and satisfies the contract', () => {
    const box: Box = { cx: 400.5, cy: 300.25, w: 200, h: 500, rotation: 370 };
    const p = toPlacement(box, { width: 812, height: 2030 }, landscape);
    expect(p).toEqual({ imgW: 200, imgH: 500, left: 300.5, top: 50.25, originW: 812, originH: 2030, backW: 1024, backH: 768, rotation: 10 });
    expect(BackgroundPlacementSchema.safeParse(p).success).toBe(true);
    expect(fromPlacement(p)).toEqual({ cx: 400.5, cy: 300.25, w: 200, h: 500, rotation: 10 });
  });

  it('angles are kept in (-180, 180]', () => {
    expect(normaliseAngle(190)).toBe(-170);
    expect(normaliseAngle(-180)).toBe(180);
    expect(normaliseAngle(720)).toBe(0);
    expect(normaliseAngle(-45)).toBe(-45);
  });

  it('rotated corners and bounds: a 90° turn swaps width and height', () => {
    const box: Box = { cx: 100, cy: 100, w: 40, h: 80, rotation: 90 };
    const b = bounds(box);
    close(b.right - b.left, 80);
    close(b.bottom - b.top, 40);
    // Clockwise: the unrotated top-left corner goes to the top-right.
    const [tl] = corners(box);
    close(tl.x, 140);
    close(tl.y, 80);
  });
});

describe('gestures', () => {
  const start: Box = { cx: 500, cy: 400, w: 100, h: 200, rotation: 0 };

  it('a corner drag resizes about the opposite corner with the aspect ratio locked', () => {
    // Bottom-right corner (2) dragged 50 px further along the diagonal, plus sideways jitter.
    const next = resizeFromCorner(start, 2, { x: 550 + 10, y: 500 + 100 });
    close(next.w / next.h, 0.5);
    const [tlBefore] = corners(start);
    const [tlAfter] = corners(next);
    close(tlAfter.x, tlBefore.x);
    close(tlAfter.y, tlBefore.y);
    expect(next.h).toBeGreaterThan(start.h);
  });

  it('resizing a rotated box keeps its opposite corner and its aspect', () => {
    const rotated = { ...start, rotation: 30 };
    const pts = corners(rotated);
    const next = resizeFromCorner(rotated, 1, { x: pts[1].x + 30, y: pts[1].y - 40 });
    close(next.w / next.h, 0.5);
    const anchorBefore = pts[3];
    const anchorAfter = corners(next)[3];
    close(anchorAfter.x, anchorBefore.x);
    close(anchorAfter.y, anchorBefore.y);
  });

  it('a corner dragged past the opposite corner stops at the minimum size', () => {
    const next = resizeFromCorner(start, 2, { x: 0, y: 0 });
    close(Math.max(next.w, next.h), MIN_PRODUCT_SIDE);
    close(next.w / next.h, 0.5);
  });

  it('the rotate handle turns the box by the angle swept about its centre; near upright snaps to 0', () => {
    const above = { x: 500, y: 200 };
    const right = { x: 700, y: 400 };
    close(rotateFromPointer(start, above, right).rotation, 90);
    const nearlyUp = rotateFromPointer(start, above, { x: 505, y: 200 });
    expect(nearlyUp.rotation).toBe(0);
    // With a step (shift), rotation moves in 15° steps.
    expect(rotateFromPointer(start, above, { x: 600, y: 230 }, 15).rotation % 15).toBe(0);
  });

  it('snaps the centre to the vertical centre line and the foot to the floor, and says which guides show', () => {
    const back = landscape;
    const floorY = 0.75;
    const near: Box = { cx: 512 + SNAP_DISTANCE - 1, cy: 0.75 * 768 - 100 - 5, w: 100, h: 200, rotation: 0 };
    const { box, guides } = snapBox(near, back, floorY);
    expect(guides).toEqual({ centre: true, floor: true });
    close(box.cx, 512);
    close(bounds(box).bottom, 0.75 * 768);
    const far = snapBox({ ...near, cx: 300, cy: 200 }, back, floorY);
    expect(far.guides).toEqual({ centre: false, floor: false });
    expect(far.box).toEqual({ ...near, cx: 300, cy: 200 });
  });

  it("the floor snap uses the rotated product's lowest point", () => {
    const tilted: Box = { cx: 300, cy: 400, w: 100, h: 200, rotation: 45 };
    const floor = bounds(tilted).bottom + 4;
    const { box, guides } = snapBox(tilted, { backW: 1024, backH: 1024 }, floor / 1024);
    expect(guides.floor).toBe(true);
    close(bounds(box).bottom, floor);
  });

  it('clamping keeps the centre on the scene and the size between the minimum and twice the canvas', () => {
    const back = landscape;
    const off = clampBox({ cx: -50, cy: 2000, w: 10, h: 20, rotation: 0 }, back);
    expect(off.cx).toBe(0);
    expect(off.cy).toBe(768);
    close(off.h, MIN_PRODUCT_SIDE);
    close(off.w, MIN_PRODUCT_SIDE / 2);
    const huge = clampBox({ cx: 10, cy: 10, w: 5000, h: 2500, rotation: 0 }, back);
    close(huge.w, 2048);
    close(huge.h, 1024);
  });

  it('keyboard: arrows 1 px, shift 10 px, [ ] rotate, +/- scale about the centre', () => {
    expect(keyboardChange(start, 'ArrowLeft', false)).toMatchObject({ cx: 499, cy: 400 });
    expect(keyboardChange(start, 'ArrowDown', true)).toMatchObject({ cx: 500, cy: 410 });
    expect(keyboardChange(start, ']', false)?.rotation).toBe(1);
    expect(keyboardChange(start, '[', true)?.rotation).toBe(-15);
    const bigger = keyboardChange(start, '+', false);
    close(bigger?.h ?? 0, 204);
    close((bigger?.w ?? 0) / (bigger?.h ?? 1), 0.5);
    expect(bigger).toMatchObject({ cx: 500, cy: 400 });
    expect(keyboardChange(start, '+', true)?.h).toBeCloseTo(204);
    const smaller = keyboardChange(start, '-', false);
    close(smaller?.h ?? 0, 200 / 1.02);
    expect(keyboardChange(start, 'a', false)).toBeNull();
  });

  it('pointer positions map to canvas pixels whatever size the canvas is shown at', () => {
    const p = screenToCanvas({ x: 110, y: 70 }, { left: 10, top: 20, width: 400 }, landscape);
    close(p.x, 256);
    close(p.y, 128);
  });

  it('a placement carried to another scene keeps its relative position and height share', () => {
    const box: Box = { cx: 512, cy: 384, w: 100, h: 200, rotation: 5 };
    const next = refitBox(box, landscape, { backW: 576, backH: 1024 });
    close(next.cx, 288);
    close(next.cy, 512);
    close(next.h / 1024, 200 / 768);
    close(next.w / next.h, 0.5);
    expect(next.rotation).toBe(5);
  });
});

describe('undo and redo', () => {
  it('commits, undoes, redoes; a new change drops the redo branch; repeats add nothing', () => {
    const a: Box = { cx: 1, cy: 1, w: 10, h: 10, rotation: 0 };
    const b = { ...a, cx: 2 };
    const c = { ...a, cx: 3 };
    let h = historyOf(a);
    h = commit(h, b, sameBox);
    h = commit(h, b, sameBox);
    expect(h.past).toHaveLength(1);
    h = commit(h, c, sameBox);
    h = undo(h);
    expect(h.present).toEqual(b);
    h = undo(h);
    expect(h.present).toEqual(a);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toEqual(b);
    h = commit(h, { ...a, cx: 9 }, sameBox);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });
});

describe('cut-out frame in the original photo', () => {
  it('centres the crop on the product box, in percent of the photo', () => {
    const f = cutoutFrame({ x: 500, y: 200, width: 400, height: 800, totalWidth: 2000, totalHeight: 1000, cropWidth: 440, cropHeight: 840 });
    expect(f).not.toBeNull();
    close(f?.left ?? 0, 24);
    close(f?.top ?? 0, 18);
    close(f?.width ?? 0, 22);
    close(f?.height ?? 0, 84);
    expect(cutoutFrame({ x: 0, y: 0, width: 0, height: 0, totalWidth: 0, totalHeight: 0, cropWidth: 0, cropHeight: 0 })).toBeNull();
  });
});
