/**
 * Raster plumbing for scenes: the layer model, SVG through resvg, textures laid onto the floor
 * in perspective, small sharp helpers. The compositor is in compose.ts.
 */
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
  /** resvg's output is premultiplied. */
  premultiplied?: boolean;
}

export type BlendMode = 'over' | 'multiply' | 'screen' | 'soft-light' | 'add';

/** One layer of a scene, composited in order over the first (opaque) one. */
export type SceneLayer =
  | {
      kind: 'svg';
      /** SVG in scene pixels; its viewBox decides which part of the scene it covers. */
      svg: string;
      /** Region of the scene the SVG covers (default: the whole scene). */
      region?: { left: number; top: number; width: number; height: number };
      /** Render at this fraction of full size, then enlarge (smooth layers only; must be opaque). */
      scale?: number;
      /** Gaussian sigma in scene pixels applied after rendering (opaque layers only). */
      blur?: number;
      blend: BlendMode;
      opacity?: number;
    }
  | {
      kind: 'raw';
      image: RawImage;
      left?: number;
      top?: number;
      /** Size on the scene (default: the image's own); a different size is resampled bilinearly. */
      width?: number;
      height?: number;
      blend: BlendMode;
      opacity?: number;
      /** Repeat the image over the whole scene. */
      tile?: boolean;
    };

/** Renders an SVG to RGBA pixels, `width` px wide. */
export function renderSvg(svg: string, width: number): RawImage {
  const img = new Resvg(svg, { fitTo: { mode: 'width', value: Math.max(1, Math.round(width)) }, logLevel: 'off', font: { loadSystemFonts: false } }).render();
  return { data: img.pixels, width: img.width, height: img.height, channels: 4, premultiplied: true };
}

/** An SVG document over a region of the scene (coordinates stay in scene pixels). */
export function svgDoc(body: string, region: { left: number; top: number; width: number; height: number }, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${region.width}" height="${region.height}" viewBox="${region.left} ${region.top} ${region.width} ${region.height}">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>`;
}

/** A pinhole camera looking at a floor that meets the wall at `horizonY`. */
export interface FloorCamera {
  width: number;
  height: number;
  /** First floor row (the far edge, against the wall). */
  horizonY: number;
  /** Where parallel floor lines meet (above the horizon row). */
  vanishY: number;
  /** z(y) = k / (y − vanishY); z = 1 on the bottom row. */
  k: number;
  /** Focal length in pixels. */
  focal: number;
  /** Depth of the far edge relative to the near edge. */
  zFar: number;
}

export function floorCamera(width: number, height: number, horizonY: number, zFar: number): FloorCamera {
  const vanishY = (zFar * horizonY - height) / (zFar - 1);
  return { width, height, horizonY, vanishY, k: height - vanishY, focal: Math.max(width, height) * 1.1, zFar };
}

/** Image row of a floor point at depth z (1 = the bottom row). */
export function floorRowAt(cam: FloorCamera, z: number): number {
  return cam.vanishY + cam.k / z;
}

/** Depth of the floor at image row y. */
export function floorDepthAt(cam: FloorCamera, y: number): number {
  return cam.k / Math.max(1e-6, y - cam.vanishY);
}

/** Horizontal scale (image px per world unit at depth 1) at row y, for sizing props in perspective. */
export function floorScaleAt(cam: FloorCamera, y: number): number {
  return cam.focal / floorDepthAt(cam, y);
}

export interface FloorTextureOptions {
  /** Texture texels per image pixel on the bottom row (smaller = larger features). */
  texelsPerPixel: number;
  /** A blurred copy of the texture blended in with depth (depth of field); optional. */
  soft?: RawImage;
  /** Texture offset in texels. */
  offsetU?: number;
  offsetV?: number;
  /** Rows of alpha feather at the far edge (soft junction with the wall). */
  feather?: number;
}

/**
 * Lays a periodic texture (RGB, top = far) onto the floor in perspective: each image row is
 * one depth, so the row is a straight, evenly stepped line through the texture.
 */
export function warpFloor(tex: RawImage, cam: FloorCamera, o: FloorTextureOptions): RawImage {
  const W = cam.width;
  const y0 = Math.max(0, Math.floor(cam.horizonY));
  const rows = cam.height - y0;
  const out = Buffer.alloc(W * rows * 4);
  const tw = tex.width;
  const th = tex.height;
  const tc = tex.channels;
  const T = o.texelsPerPixel * cam.focal;
  const feather = Math.max(1, o.feather ?? 3);
  const cx = W / 2;
  const src = tex.data;
  const soft = o.soft?.data;
  for (let r = 0; r < rows; r++) {
    const y = y0 + r + 0.5;
    const z = floorDepthAt(cam, y);
    const du = (z * T) / cam.focal;
    let u = (0.5 - cx) * du + (o.offsetU ?? 0);
    const v = (cam.zFar - z) * T + (o.offsetV ?? 0);
    const vf = Math.floor(v);
    const fv = v - vf;
    const v0 = ((vf % th) + th) % th;
    const v1 = v0 + 1 === th ? 0 : v0 + 1;
    const row0 = v0 * tw;
    const row1 = v1 * tw;
    // Depth of field: the far half of the table drifts to the blurred copy.
    const softMix = soft ? Math.min(1, Math.max(0, (z - 1) / (cam.zFar - 1)) ** 1.5) : 0;
    const alpha = Math.min(255, Math.round((255 * (y - cam.horizonY)) / feather));
    // Near rows read the sharp texture, far rows the blurred one, the band between both.
    const mix = softMix < 0.02 ? 0 : softMix > 0.98 ? 1 : softMix;
    const a0 = mix === 1 && soft ? soft : src;
    let o4 = r * W * 4;
    for (let x = 0; x < W; x++, u += du, o4 += 4) {
      const uf = Math.floor(u);
      const fu = u - uf;
      const u0 = ((uf % tw) + tw) % tw;
      const u1 = u0 + 1 === tw ? 0 : u0 + 1;
      const a = (row0 + u0) * tc;
      const b = (row0 + u1) * tc;
      const c = (row1 + u0) * tc;
      const d = (row1 + u1) * tc;
      const w00 = (1 - fu) * (1 - fv);
      const w10 = fu * (1 - fv);
      const w01 = (1 - fu) * fv;
      const w11 = fu * fv;
      // Unrolled over the channels (much faster in V8 than an inner loop).
      let r0 = (a0[a] as number) * w00 + (a0[b] as number) * w10 + (a0[c] as number) * w01 + (a0[d] as number) * w11;
      let g0 = (a0[a + 1] as number) * w00 + (a0[b + 1] as number) * w10 + (a0[c + 1] as number) * w01 + (a0[d + 1] as number) * w11;
      let b0 = (a0[a + 2] as number) * w00 + (a0[b + 2] as number) * w10 + (a0[c + 2] as number) * w01 + (a0[d + 2] as number) * w11;
      if (mix > 0 && mix < 1 && soft) {
        const r1 = (soft[a] as number) * w00 + (soft[b] as number) * w10 + (soft[c] as number) * w01 + (soft[d] as number) * w11;
        const g1 = (soft[a + 1] as number) * w00 + (soft[b + 1] as number) * w10 + (soft[c + 1] as number) * w01 + (soft[d + 1] as number) * w11;
        const b1 = (soft[a + 2] as number) * w00 + (soft[b + 2] as number) * w10 + (soft[c + 2] as number) * w01 + (soft[d + 2] as number) * w11;
        r0 += (r1 - r0) * mix;
        g0 += (g1 - g0) * mix;
        b0 += (b1 - b0) * mix;
      }
      // +0.5 rounds on the truncating byte store (the values never exceed 255).
      out[o4] = r0 + 0.5;
      out[o4 + 1] = g0 + 0.5;
      out[o4 + 2] = b0 + 0.5;
      out[o4 + 3] = alpha;
    }
  }
  return { data: out, width: W, height: rows, channels: 4 };
}

function rawInput(img: RawImage) {
  return { width: img.width, height: img.height, channels: img.channels, premultiplied: img.premultiplied ?? false };
}

/** A blurred copy of a texture (for {@link FloorTextureOptions.soft}). */
export async function blurred(img: RawImage, sigma: number): Promise<RawImage> {
  const data = await sharp(img.data, { raw: rawInput(img) })
    .blur(sigma)
    .raw()
    .toBuffer();
  return { ...img, data };
}

/** Resizes a raster (textures are made small where detail allows, then enlarged). */
export async function resized(img: RawImage, width: number, height: number): Promise<RawImage> {
  const data = await sharp(img.data, { raw: rawInput(img) })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  return { data, width, height, channels: img.channels };
}

/** RGB bytes from a float colour field (0–1 per channel) of width × height. */
export function rgbFromFloats(r: Float32Array, g: Float32Array, b: Float32Array, width: number, height: number): RawImage {
  const n = width * height;
  const data = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    data[i * 3] = Math.max(0, Math.min(255, (r[i] as number) * 255 + 0.5));
    data[i * 3 + 1] = Math.max(0, Math.min(255, (g[i] as number) * 255 + 0.5));
    data[i * 3 + 2] = Math.max(0, Math.min(255, (b[i] as number) * 255 + 0.5));
  }
  return { data, width, height, channels: 3 };
}
