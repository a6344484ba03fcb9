/**
 * Test helpers: the silhouette of a shape as the packshot frames it, for comparing how
 * different kinds of pack read at a glance.
 */
import { materialParams } from './materials.js';
import { meshBounds, SLOTS } from './mesh.js';
import { DEFAULT_FOV, defaultPitch, defaultYaw, frameCamera, studioLighting, type PackshotCamera } from './packshot.js';
import { rasterize } from './rasterizer.js';
import { buildShape, type ShapeSpec } from './shapes.js';

export interface Silhouette {
  readonly size: number;
  /** 1 where the product covers at least half a pixel (every part opaque, glass included). */
  readonly mask: Uint8Array;
  /** Width ÷ height of the mask's bounding box. */
  readonly aspect: number;
  /** Mask width at `rows` evenly spaced heights, bottom to top, ÷ the widest row. */
  readonly profile: readonly number[];
  /** Share of the frame the product covers. */
  readonly coverage: number;
}

export function silhouette(shape: ShapeSpec, size = 160, camera: PackshotCamera = {}, rows = 24): Silhouette {
  const mesh = buildShape(shape);
  const yaw = camera.yawDeg ?? defaultYaw(shape);
  const pitch = camera.pitchDeg ?? defaultPitch(shape);
  const cam = frameCamera(mesh, yaw, pitch, camera.fovDeg ?? DEFAULT_FOV, size, 0.8);
  // One opaque material on every slot: the outline is the mesh's, not its glass's opacity.
  const solid = materialParams('PLASTIC_MATT');
  const img = rasterize(
    { mesh, materials: SLOTS.map(() => solid), viewProj: cam.viewProj, eye: cam.eye, lighting: studioLighting(yaw, [0.8, 0.8, 0.8], meshBounds(mesh).max[1]) },
    { width: size, height: size, samples: 4, region: cam.region },
  );
  const mask = new Uint8Array(size * size);
  let x0 = size,
    x1 = -1,
    y0 = size,
    y1 = -1,
    covered = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.rgba[(y * img.width + x) * 4 + 3]! < 0.5) continue;
      const px = img.x + x;
      const py = img.y + y;
      mask[py * size + px] = 1;
      covered++;
      x0 = Math.min(x0, px);
      x1 = Math.max(x1, px);
      y0 = Math.min(y0, py);
      y1 = Math.max(y1, py);
    }
  }
  const widths: number[] = [];
  for (let i = 0; i < rows; i++) {
    const py = Math.round(y1 - ((i + 0.5) / rows) * (y1 - y0));
    let w = 0;
    for (let px = x0; px <= x1; px++) w += mask[py * size + px]!;
    widths.push(w);
  }
  const widest = Math.max(1, ...widths);
  return { size, mask, aspect: (x1 - x0 + 1) / Math.max(1, y1 - y0 + 1), profile: widths.map((w) => w / widest), coverage: covered / (size * size) };
}
