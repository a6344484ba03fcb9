import { describe, expect, it } from 'vitest';
import { direction, invert, lookAt, multiply, ndcAdjust, perspective, projectToScreen, transformPoint4, type Mat4, type Vec3 } from './math.js';

const camera = (eye: Vec3, target: Vec3, fov = 60): Mat4 => multiply(perspective(fov, 1, 0.1, 100), lookAt(eye, target));

describe('projection', () => {
  it('puts the point looked at in the centre of the image', () => {
    const vp = camera([3, 4, 5], [1, 1, 1]);
    const [x, y] = projectToScreen(vp, [1, 1, 1], 200, 100);
    expect(x).toBeCloseTo(100, 6);
    expect(y).toBeCloseTo(50, 6);
  });

  it('maps the edge of the field of view to the edge of the image', () => {
    // Camera at z = 10 looking down -Z with a 90° field of view: at distance 10 the half-height is 10.
    const vp = camera([0, 0, 10], [0, 0, 0], 90);
    const top = projectToScreen(vp, [0, 10, 0], 100, 100);
    const right = projectToScreen(vp, [10, 0, 0], 100, 100);
    expect(top[1]).toBeCloseTo(0, 6);
    expect(right[0]).toBeCloseTo(100, 6);
  });

  it('keeps x to the right and y up in world space as right and up on screen (y down in pixels)', () => {
    const vp = camera([0, 0, 10], [0, 0, 0]);
    const p = projectToScreen(vp, [1, 1, 0], 100, 100);
    expect(p[0]).toBeGreaterThan(50);
    expect(p[1]).toBeLessThan(50);
  });

  it('shrinks with distance (perspective) and orders depth near to far', () => {
    const vp = camera([0, 0, 10], [0, 0, 0]);
    const near = projectToScreen(vp, [1, 0, 5], 100, 100);
    const far = projectToScreen(vp, [1, 0, -5], 100, 100);
    expect(near[0] - 50).toBeGreaterThan(far[0] - 50);
    expect(near[2]).toBeLessThan(far[2]);
    expect(near[2]).toBeGreaterThan(-1);
    expect(far[2]).toBeLessThan(1);
  });

  it('inverts a view-projection matrix', () => {
    const vp = camera([2, 3, 9], [0, 1, 0], 40);
    // invert(vp) · (vp · p) gives p back in homogeneous form: compare after dividing by w.
    const clip = transformPoint4(vp, [0.5, -0.25, 1.5]);
    const inv = invert(vp);
    const h = [0, 1, 2, 3].map((r) => inv[r]! * clip[0] + inv[4 + r]! * clip[1] + inv[8 + r]! * clip[2] + inv[12 + r]! * clip[3]);
    expect(h[0]! / h[3]!).toBeCloseTo(0.5, 9);
    expect(h[1]! / h[3]!).toBeCloseTo(-0.25, 9);
    expect(h[2]! / h[3]!).toBeCloseTo(1.5, 9);
  });

  it('zooms and shifts the image without changing depth (ndcAdjust)', () => {
    const vp = camera([0, 0, 10], [0, 0, 0]);
    const adjusted = multiply(ndcAdjust(2, 0.5, -0.25), vp);
    const p: Vec3 = [1, 1, 0];
    const a = transformPoint4(vp, p);
    const b = transformPoint4(adjusted, p);
    expect(b[0] / b[3]).toBeCloseTo((2 * a[0]) / a[3] + 0.5, 9);
    expect(b[1] / b[3]).toBeCloseTo((2 * a[1]) / a[3] - 0.25, 9);
    expect(b[2] / b[3]).toBeCloseTo(a[2] / a[3], 9);
  });

  it('gives unit directions from yaw and pitch', () => {
    expect(direction(0, 0).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0, 0, 1]);
    expect(direction(90, 0)[0]).toBeCloseTo(1, 9);
    expect(direction(0, 90)[1]).toBeCloseTo(1, 9);
  });
});
