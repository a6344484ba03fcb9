import type { BackgroundPlacement } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { canvasBackground, defaultPlacement, isOffCanvas, placementToScene, rotatedSize, rotatePoint } from './placement.js';

const base: BackgroundPlacement = { imgW: 200, imgH: 400, left: 412, top: 300, originW: 600, originH: 1200, backW: 1024, backH: 1024, rotation: 0 };

describe('placementToScene', () => {
  it('scales the canvas box exactly to a 2048 scene (factor 2)', () => {
    const r = placementToScene(base, 2048, 2048);
    expect(r.scaleX).toBe(2);
    expect(r.scaleY).toBe(2);
    expect([r.x, r.y, r.width, r.height]).toEqual([824, 600, 400, 800]);
    expect([r.centerX, r.centerY]).toEqual([1024, 1000]);
    expect(r.bounds).toEqual({ left: 824, top: 600, right: 1224, bottom: 1400 });
  });

  it('scales each axis by its own background size (4:3 scene on a 1024 × 768 canvas)', () => {
    const p = { ...base, backW: 1024, backH: 768, top: 100 };
    const r = placementToScene(p, 2048, 1536);
    expect(r.scaleX).toBe(2);
    expect(r.scaleY).toBe(2);
    expect(r.y).toBe(200);
    // A scene of another resolution: the box keeps its place relative to the scene.
    const r2 = placementToScene(p, 1600, 1200);
    expect(r2.x / 1600).toBeCloseTo(412 / 1024, 12);
    expect(r2.y / 1200).toBeCloseTo(100 / 768, 12);
    expect(r2.width / 1600).toBeCloseTo(200 / 1024, 12);
  });

  it('is exact to well within a pixel for fractional canvas values', () => {
    const p = { ...base, left: 100.3, top: 50.7, imgW: 333.3, imgH: 222.2 };
    const r = placementToScene(p, 2048, 2048);
    expect(Math.abs(r.x - 200.6)).toBeLessThan(1e-9);
    expect(Math.abs(r.y - 101.4)).toBeLessThan(1e-9);
    expect(Math.abs(r.width - 666.6)).toBeLessThan(1e-9);
    expect(Math.abs(r.height - 444.4)).toBeLessThan(1e-9);
  });

  it('rotates clockwise about the box centre', () => {
    const r = placementToScene({ ...base, rotation: 90 }, 2048, 2048);
    // The centre does not move; a tall box becomes a wide one.
    expect([r.centerX, r.centerY]).toEqual([1024, 1000]);
    expect(r.bounds.left).toBeCloseTo(1024 - 400, 9);
    expect(r.bounds.right).toBeCloseTo(1024 + 400, 9);
    expect(r.bounds.top).toBeCloseTo(1000 - 200, 9);
    expect(r.bounds.bottom).toBeCloseTo(1000 + 200, 9);
    // Clockwise on screen: the top-left corner (−200, −400 from the centre) swings to (+400, −200).
    expect(r.corners[0].x).toBeCloseTo(1424, 9);
    expect(r.corners[0].y).toBeCloseTo(800, 9);
  });

  it('handles a 45° turn and negative angles', () => {
    const r = placementToScene({ ...base, imgW: 100, imgH: 100, rotation: 45 }, 1024, 1024);
    const half = 50 * Math.SQRT2;
    expect(r.bounds.right - r.bounds.left).toBeCloseTo(2 * half, 9);
    const a = placementToScene({ ...base, rotation: -30 }, 2048, 2048);
    const b = placementToScene({ ...base, rotation: 330 }, 2048, 2048);
    a.corners.forEach((c, i) => {
      expect(c.x).toBeCloseTo((b.corners[i] as { x: number }).x, 9);
      expect(c.y).toBeCloseTo((b.corners[i] as { y: number }).y, 9);
    });
  });

  it('knows when a box lies entirely off the scene, and when it only overhangs', () => {
    expect(isOffCanvas(placementToScene({ ...base, left: 1100 }, 2048, 2048), 2048, 2048)).toBe(true);
    expect(isOffCanvas(placementToScene({ ...base, left: -300, top: -500 }, 2048, 2048), 2048, 2048)).toBe(true);
    expect(isOffCanvas(placementToScene({ ...base, left: -150 }, 2048, 2048), 2048, 2048)).toBe(false);
    expect(isOffCanvas(placementToScene({ ...base, left: 1000 }, 2048, 2048), 2048, 2048)).toBe(false);
  });
});

describe('rotation helpers', () => {
  it('rotatePoint turns clockwise in image coordinates', () => {
    const p = rotatePoint(10, 0, 0, 0, 90);
    expect(p.x).toBeCloseTo(0, 12);
    expect(p.y).toBeCloseTo(10, 12);
  });

  it('rotatedSize gives the bounding box of a turned box', () => {
    expect(rotatedSize(200, 100, 0)).toEqual({ width: 200, height: 100 });
    const r = rotatedSize(200, 100, 90);
    expect(r.width).toBeCloseTo(100, 9);
    expect(r.height).toBeCloseTo(200, 9);
  });
});

describe('defaultPlacement', () => {
  it('stands the product centred on the floor line at 55 % of the height', () => {
    const p = defaultPlacement(600, 1200, 2048, 2048, 0.8);
    expect(p.backW).toBe(1024);
    expect(p.backH).toBe(1024);
    expect(p.imgH).toBeCloseTo(0.55 * 1024, 9);
    expect(p.imgW).toBeCloseTo(p.imgH / 2, 9);
    expect(p.left + p.imgW / 2).toBeCloseTo(512, 9);
    expect(p.top + p.imgH).toBeCloseTo(0.8 * 1024, 9);
    expect(p.rotation).toBe(0);
    expect([p.originW, p.originH]).toEqual([600, 1200]);
  });

  it('narrows a wide product to fit the scene width', () => {
    const p = defaultPlacement(3000, 500, 2048, 2048, 0.8);
    expect(p.imgW).toBeCloseTo(0.8 * 1024, 9);
    expect(p.imgW / p.imgH).toBeCloseTo(6, 9);
    expect(p.top + p.imgH).toBeCloseTo(0.8 * 1024, 9);
  });

  it('keeps a tall product below the top of the scene on a high floor line', () => {
    const p = defaultPlacement(500, 1500, 2048, 2048, 0.45);
    expect(p.top).toBeGreaterThanOrEqual(0.04 * 1024 - 1e-9);
    expect(p.top + p.imgH).toBeCloseTo(0.45 * 1024, 9);
  });

  it('lets the visible bottom of the cut-out touch the floor when it has a margin below', () => {
    const p = defaultPlacement(600, 1200, 2048, 2048, 0.8, { contentBottom: 0.95 });
    expect(p.top + p.imgH * 0.95).toBeCloseTo(0.8 * 1024, 9);
  });

  it('uses a 1024-wide canvas for landscape scenes and maps back onto the floor line', () => {
    expect(canvasBackground(2048, 1536)).toEqual({ backW: 1024, backH: 768 });
    const p = defaultPlacement(400, 800, 2048, 1536, 0.75);
    const r = placementToScene(p, 2048, 1536);
    expect(r.y + r.height).toBeCloseTo(0.75 * 1536, 9);
    expect(r.centerX).toBeCloseTo(1024, 9);
  });
});
