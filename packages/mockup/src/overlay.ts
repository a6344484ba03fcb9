/**
 * An RGBA overlay (text, a sticker) laid onto one surface of a template through its maps: sampled
 * where the UV map says with the surface's placement (as applyDesign samples a design), lit by the
 * template's shading and specular, and blended over the scene by the overlay's alpha × the surface's
 * coverage. Where the overlay is transparent the scene's bytes are kept exactly, so an overlay can go
 * over a mockup that already carries a design.
 */
import { specularGainOf, type PrintMaterial } from './apply.js';
import { K, LINEAR_TO_SRGB, OUT_STEPS, type Placement, SHOULDER, SRGB_TO_LINEAR, placementMap, rollOff, sampleDesign } from './sampling.js';
import type { TemplateMaps } from './types.js';

/** Straight-alpha RGBA, row-major (the shape of vision's RgbaImage). */
export interface OverlayImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export interface OverlayInput {
  /** The scene (or a mockup already made from it): sRGB RGB, maps.width × maps.height × 3. */
  readonly sceneRgb: Uint8Array;
  readonly maps: TemplateMaps;
  /** Index into maps.surfaces. */
  readonly surface: number;
  /** In the surface's design space: it covers the design area as a design does (same size as the area: one texel per design pixel). */
  readonly overlay: OverlayImage;
  readonly placement?: Placement;
  /** How much of the specular the print takes (default 'paper'). */
  readonly material?: PrintMaterial;
}

export function applyOverlay(input: OverlayInput): Buffer {
  const { maps, sceneRgb, overlay } = input;
  const n = maps.width * maps.height;
  if (sceneRgb.length < n * 3) throw new Error(`sceneRgb holds ${sceneRgb.length} bytes, ${maps.width}×${maps.height} RGB needs ${n * 3}`);
  const target = maps.surfaces[input.surface];
  if (!target) throw new Error(`no surface ${input.surface} in this template`);
  if (overlay.width < 1 || overlay.height < 1 || overlay.data.length < overlay.width * overlay.height * 4) throw new Error('overlay holds too few bytes');
  const design = { rgba: overlay.data, width: overlay.width, height: overlay.height };
  const coef = new Float64Array(K);
  placementMap(design, target.designArea, input.placement ?? {}, coef, 0);
  const specGain = specularGainOf(input.material ?? 'paper');
  const result = Buffer.from(sceneRgb.subarray(0, n * 3));
  const lin = SRGB_TO_LINEAR;
  const texel = new Float64Array(3);
  const want = input.surface + 1;
  const { surface, coverage, u: U, v: V, shading, specular } = maps;
  for (let i = 0; i < n; i++) {
    if (surface[i] !== want) continue;
    const u = U[i]!;
    const v = V[i]!;
    const a = sampleDesign(design, coef[0]! * u + coef[1]! * v + coef[2]!, coef[3]! * u + coef[4]! * v + coef[5]!, texel);
    if (a <= 0) continue;
    const w = a * coverage[i]!;
    if (w <= 0) continue;
    const sh = shading[i]!;
    const sp = specular[i]! * specGain;
    const o = i * 3;
    for (let ch = 0; ch < 3; ch++) {
      // The overlay's own (unpremultiplied) colour, lit as the surface is lit.
      const lit = (texel[ch]! / a) * sh + sp;
      const f = (lit > SHOULDER ? rollOff(lit) : lit) * w + lin[sceneRgb[o + ch]!]! * (1 - w);
      result[o + ch] = LINEAR_TO_SRGB[(Math.min(1, f) * OUT_STEPS + 0.5) | 0]!;
    }
  }
  return result;
}

/**
 * The surface's design area as the scene shows it (sRGB RGB, width × height): each scene pixel on
 * the surface put where the UV map sends it, gaps between them grown shut from their neighbours,
 * parts the camera does not see in the mean colour. What text on the product is measured against.
 */
export function surfaceBackdrop(input: { sceneRgb: Uint8Array; maps: TemplateMaps; surface: number; width: number; height: number; placement?: Placement }): {
  data: Uint8Array;
  width: number;
  height: number;
} {
  const { maps, sceneRgb } = input;
  const target = maps.surfaces[input.surface];
  if (!target) throw new Error(`no surface ${input.surface} in this template`);
  const want = input.surface + 1;
  let visible = 0;
  for (let i = 0; i < maps.width * maps.height; i++) if (maps.surface[i] === want && maps.coverage[i]! >= 0.5) visible++;
  // Built on a grid about as fine as the scene shows the surface (each cell gets a pixel), then enlarged.
  const g = Math.min(1, Math.sqrt(Math.max(1, visible) / (input.width * input.height)) * 0.7);
  const W = Math.max(1, Math.round(input.width * g));
  const H = Math.max(1, Math.round(input.height * g));
  const coef = new Float64Array(K);
  placementMap({ rgba: new Uint8Array(4), width: W, height: H }, target.designArea, input.placement ?? {}, coef, 0);
  const sum = new Float32Array(W * H * 3);
  const cnt = new Float32Array(W * H);
  const mean = [0, 0, 0];
  let seen = 0;
  for (let i = 0; i < maps.width * maps.height; i++) {
    if (maps.surface[i] !== want || maps.coverage[i]! < 0.5) continue;
    const u = maps.u[i]!;
    const v = maps.v[i]!;
    const x = Math.round(coef[0]! * u + coef[1]! * v + coef[2]!);
    const y = Math.round(coef[3]! * u + coef[4]! * v + coef[5]!);
    if (x < 0 || y < 0 || x >= W || y >= H) continue;
    const d = y * W + x;
    for (let ch = 0; ch < 3; ch++) {
      sum[d * 3 + ch] = sum[d * 3 + ch]! + sceneRgb[i * 3 + ch]!;
      mean[ch] = mean[ch]! + sceneRgb[i * 3 + ch]!;
    }
    cnt[d] = cnt[d]! + 1;
    seen++;
  }
  // Grow the splats into the gaps, a ring per pass, averaging the filled neighbours.
  for (let pass = 0; pass < 64; pass++) {
    const grown: number[] = [];
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const d = y * W + x;
        if (cnt[d]! > 0) continue;
        let r = 0,
          g = 0,
          b = 0,
          k = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
            const e = yy * W + xx;
            const c = cnt[e]!;
            if (c <= 0) continue;
            r += sum[e * 3]! / c;
            g += sum[e * 3 + 1]! / c;
            b += sum[e * 3 + 2]! / c;
            k++;
          }
        if (k) grown.push(d, r / k, g / k, b / k);
      }
    if (grown.length === 0) break;
    for (let j = 0; j < grown.length; j += 4) {
      const d = grown[j]!;
      sum[d * 3] = grown[j + 1]!;
      sum[d * 3 + 1] = grown[j + 2]!;
      sum[d * 3 + 2] = grown[j + 3]!;
      cnt[d] = 1;
    }
  }
  const fallback = mean.map((m) => (seen ? m / seen : 255));
  const OW = input.width;
  const OH = input.height;
  const data = new Uint8Array(OW * OH * 3);
  for (let y = 0; y < OH; y++) {
    const gy = Math.min(H - 1, Math.floor((y * H) / OH));
    for (let x = 0; x < OW; x++) {
      const d = gy * W + Math.min(W - 1, Math.floor((x * W) / OW));
      const c = cnt[d]!;
      const o = (y * OW + x) * 3;
      for (let ch = 0; ch < 3; ch++) data[o + ch] = Math.round(c > 0 ? sum[d * 3 + ch]! / c : fallback[ch]!);
    }
  }
  return { data, width: OW, height: OH };
}
