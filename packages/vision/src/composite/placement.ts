/**
 * Placement maths: the user's box on the 1024 placement canvas (SPEC §3 Background placement)
 * mapped exactly onto the full-resolution scene, and the default placement (the product standing
 * centred on the scene's floor line). Pure functions; no pixels.
 *
 * Canvas conventions: the background is drawn at (0, 0) with size backW × backH; the product's
 * box is (left, top, imgW, imgH) in the same pixels, rotated `rotation` degrees clockwise about
 * its centre.
 */
import { type BackgroundPlacement, PLACEMENT_CANVAS } from '@packsmith/contracts';

export interface Point {
  x: number;
  y: number;
}

export interface SceneRect {
  /** Unrotated product box in scene pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  centerX: number;
  centerY: number;
  /** Degrees clockwise. */
  rotation: number;
  /** Scene pixels per canvas pixel, horizontally and vertically (equal when the canvas kept the scene's aspect). */
  scaleX: number;
  scaleY: number;
  /** Corners of the rotated box: top-left, top-right, bottom-right, bottom-left (before rotation). */
  corners: [Point, Point, Point, Point];
  /** Axis-aligned bounds of the rotated box. */
  bounds: { left: number; top: number; right: number; bottom: number };
}

/** Rotates (x, y) about (cx, cy) by `deg` clockwise (image coordinates, y down). */
export function rotatePoint(x: number, y: number, cx: number, cy: number, deg: number): Point {
  const r = (deg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  const dx = x - cx;
  const dy = y - cy;
  // With y pointing down, this matrix turns clockwise on screen.
  return { x: cx + dx * c - dy * s, y: cy + dx * s + dy * c };
}

/** Size of the axis-aligned box around a w × h box rotated by `deg`. */
export function rotatedSize(w: number, h: number, deg: number): { width: number; height: number } {
  const r = (deg * Math.PI) / 180;
  const c = Math.abs(Math.cos(r));
  const s = Math.abs(Math.sin(r));
  return { width: w * c + h * s, height: w * s + h * c };
}

/**
 * The product's box on a `sceneW` × `sceneH` scene. Each axis scales by scene size / canvas
 * background size, so a box that touched the background's edge on the canvas touches the
 * scene's edge at full resolution.
 */
export function placementToScene(p: BackgroundPlacement, sceneW: number, sceneH: number): SceneRect {
  const scaleX = sceneW / p.backW;
  const scaleY = sceneH / p.backH;
  const x = p.left * scaleX;
  const y = p.top * scaleY;
  const width = p.imgW * scaleX;
  const height = p.imgH * scaleY;
  const centerX = x + width / 2;
  const centerY = y + height / 2;
  const corners = [
    rotatePoint(x, y, centerX, centerY, p.rotation),
    rotatePoint(x + width, y, centerX, centerY, p.rotation),
    rotatePoint(x + width, y + height, centerX, centerY, p.rotation),
    rotatePoint(x, y + height, centerX, centerY, p.rotation),
  ] as [Point, Point, Point, Point];
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return {
    x,
    y,
    width,
    height,
    centerX,
    centerY,
    rotation: p.rotation,
    scaleX,
    scaleY,
    corners,
    bounds: { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) },
  };
}

/** True when no part of the rotated box lies on the scene. */
export function isOffCanvas(rect: SceneRect, sceneW: number, sceneH: number): boolean {
  const b = rect.bounds;
  return b.right <= 0 || b.bottom <= 0 || b.left >= sceneW || b.top >= sceneH;
}

/** The background's box on the placement canvas: the scene fitted into 1024 on its longer side. */
export function canvasBackground(sceneW: number, sceneH: number): { backW: number; backH: number } {
  const k = PLACEMENT_CANVAS / Math.max(sceneW, sceneH);
  return { backW: sceneW * k, backH: sceneH * k };
}

export interface DefaultPlacementOptions {
  /** Product height as a fraction of the scene height (default 0.55). */
  heightFraction?: number;
  /** Widest the product may be, as a fraction of the scene width (default 0.8). */
  maxWidthFraction?: number;
  /** Space kept above the product, as a fraction of the scene height (default 0.04). */
  topMargin?: number;
  /** Where the product's visible bottom is inside the cut-out, 0–1 from its top (default 1: the last row). */
  contentBottom?: number;
}

/**
 * The product standing centred on the floor line (`floorY`, 0–1 from the top) at a sensible
 * size: about 55 % of the scene's height, narrower than the scene, never above its top.
 */
export function defaultPlacement(
  cutoutW: number,
  cutoutH: number,
  sceneW: number,
  sceneH: number,
  floorY: number,
  o: DefaultPlacementOptions = {},
): BackgroundPlacement {
  const { backW, backH } = canvasBackground(sceneW, sceneH);
  const contentBottom = Math.min(1, Math.max(0.05, o.contentBottom ?? 1));
  const floor = Math.min(1, Math.max(0.1, floorY)) * backH;
  const aspect = cutoutW / cutoutH;
  let imgH = (o.heightFraction ?? 0.55) * backH;
  // Keep the top of the product below the top margin.
  imgH = Math.min(imgH, (floor - (o.topMargin ?? 0.04) * backH) / contentBottom);
  let imgW = imgH * aspect;
  const maxW = (o.maxWidthFraction ?? 0.8) * backW;
  if (imgW > maxW) {
    imgW = maxW;
    imgH = imgW / aspect;
  }
  return {
    imgW,
    imgH,
    left: (backW - imgW) / 2,
    top: floor - imgH * contentBottom,
    originW: cutoutW,
    originH: cutoutH,
    backW,
    backH,
    rotation: 0,
  };
}
