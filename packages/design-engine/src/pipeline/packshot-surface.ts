/**
 * The packshot with the mask of the pack's own surface: the same pixels as render3d's
 * `renderPackshotPixels` (a test holds them byte for byte equal), plus one byte per pixel telling
 * the product from the studio backdrop and its floor shadow. The composited packshot is opaque, so
 * the mask can only come from the rasterised object before it is laid over the backdrop: a white
 * pack on the light grey sweep is otherwise indistinguishable from it.
 */
import sharp from 'sharp';
import { meshBounds } from '../render3d/mesh.js';
import { DEFAULT_FOV, defaultPitch, defaultYaw, frameCamera, slotMaterials, studioLighting, type PackshotOptions } from '../render3d/packshot.js';
import { rasterize } from '../render3d/rasterizer.js';
import { buildGroundShadow, compositeStudio } from '../render3d/shadow.js';
import { buildShape } from '../render3d/shapes.js';
import { hexToLinear, linearToSrgbByte } from '../render3d/texture.js';

/** render3d's default backdrop (packshot.ts): kept equal so the pixels are the same. */
const DEFAULT_BACKGROUND = '#f1efeb';
/** The product fills this share of the frame (packshot.ts). */
const FILL = 0.8;
/**
 * Coverage × opacity from which a pixel is the pack's surface: anti-aliased rims and clear glass
 * (opacity 0.32) mostly show the backdrop through, and are no surface a colour can be printed on.
 */
const SURFACE_ALPHA = 0.5;

export interface PackshotSurface {
  readonly width: number;
  readonly height: number;
  /** sRGB RGBA bytes, opaque: exactly `renderPackshotPixels(opts).rgba`. */
  readonly rgba: Uint8Array;
  /** 1 where the pack's surface is, 0 on the backdrop, its shadow and see-through glass. */
  readonly mask: Uint8Array;
}

/**
 * The packshot and its surface mask. `probe` leaves out the floor shadow (a third of a small
 * frame's cost, and never on the pack) and lays the product over the plain backdrop colour: the
 * pack's own pixels are the same, which is all a colour measurement looks at.
 */
export function renderPackshotSurface(opts: PackshotOptions, probe = false): PackshotSurface {
  const size = opts.size ?? 1024;
  const mesh = buildShape(opts.shape);
  const yaw = opts.camera?.yawDeg ?? defaultYaw(opts.shape);
  const pitch = opts.camera?.pitchDeg ?? defaultPitch(opts.shape);
  const fov = opts.camera?.fovDeg ?? DEFAULT_FOV;
  const background = hexToLinear(opts.background ?? DEFAULT_BACKGROUND);
  const cam = frameCamera(mesh, yaw, pitch, fov, size, FILL);
  const lighting = studioLighting(yaw, background, meshBounds(mesh).max[1]);
  const object = rasterize(
    { mesh, materials: slotMaterials(opts, mesh), viewProj: cam.viewProj, eye: cam.eye, lighting },
    { width: size, height: size, samples: opts.antialias === false ? 1 : 4, region: cam.region },
  );
  const rgba = probe
    ? overBackdrop(object, size, background)
    : compositeStudio({
        width: size,
        height: size,
        object,
        shadow: buildGroundShadow(mesh, lighting.key.direction),
        viewProj: cam.viewProj,
        eye: cam.eye,
        background,
      });
  const mask = new Uint8Array(size * size);
  const a = object.rgba;
  for (let y = 0; y < object.height; y++) {
    const py = object.y + y;
    if (py < 0 || py >= size) continue;
    for (let x = 0; x < object.width; x++) {
      const px = object.x + x;
      if (px < 0 || px >= size) continue;
      if ((a[(y * object.width + x) * 4 + 3] ?? 0) >= SURFACE_ALPHA) mask[py * size + px] = 1;
    }
  }
  return { width: size, height: size, rgba, mask };
}

/** The packshot PNG, encoded as render3d's `renderPackshot` encodes it. */
export function packshotPng(surface: PackshotSurface): Promise<Buffer> {
  const { rgba } = surface;
  return sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width: surface.width, height: surface.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}

/** The rasterised product (linear, premultiplied) over a flat backdrop, as sRGB bytes. */
function overBackdrop(object: ReturnType<typeof rasterize>, size: number, background: readonly [number, number, number]): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  const [br, bg, bb] = background;
  const src = object.rgba;
  for (let y = 0; y < object.height; y++) {
    const py = object.y + y;
    if (py < 0 || py >= size) continue;
    for (let x = 0; x < object.width; x++) {
      const px = object.x + x;
      if (px < 0 || px >= size) continue;
      const i = (y * object.width + x) * 4;
      const a = src[i + 3] ?? 0;
      if (a <= 0) continue;
      const o = (py * size + px) * 4;
      out[o] = linearToSrgbByte((src[i] ?? 0) + br * (1 - a));
      out[o + 1] = linearToSrgbByte((src[i + 1] ?? 0) + bg * (1 - a));
      out[o + 2] = linearToSrgbByte((src[i + 2] ?? 0) + bb * (1 - a));
      out[o + 3] = 255;
    }
  }
  return out;
}
