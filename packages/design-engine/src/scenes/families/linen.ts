/**
 * A linen cloth draped as a backdrop and over the table: a plain weave of uneven threads (slubs),
 * soft folds that catch the light, the cloth curving from wall to floor like a sweep.
 */
import { adjust, mix, oklch } from '../../artwork/color.js';
import { fbmFieldCoarse, hashUnit } from '../noise.js';
import type { RawImage } from '../raster.js';
import type { SvgBuilder } from '../stage.js';
import { type BuildContext, type FamilyDef, f, towardsLight } from '../stage.js';
import { rgb01, tableGlow, tableShade } from './common.js';

/**
 * The weave at full size: each thread has its own thickness and brightness, varying slowly
 * along it; warp and weft alternate on top in a plain weave.
 */
export function linenWeave(width: number, height: number, pitch: number, seed: number, color: string): RawImage {
  const base = rgb01(color);
  const nx = Math.ceil(width / pitch) + 1;
  const ny = Math.ceil(height / pitch) + 1;
  // Slub profile per thread: brightness offset along its length, in segments of ~12 crossings.
  const seg = 12;
  const segs = Math.ceil(Math.max(width, height) / (pitch * seg)) + 2;
  const warpSlub = new Float32Array(nx * segs);
  const weftSlub = new Float32Array(ny * segs);
  for (let i = 0; i < warpSlub.length; i++) warpSlub[i] = (hashUnit(i, 1, seed) - 0.5) * (hashUnit(i, 2, seed) < 0.15 ? 0.5 : 0.16);
  for (let i = 0; i < weftSlub.length; i++) weftSlub[i] = (hashUnit(i, 3, seed) - 0.5) * (hashUnit(i, 4, seed) < 0.15 ? 0.5 : 0.16);
  const blotch = fbmFieldCoarse(width, height, { cells: 6, octaves: 4, seed: seed + 11 }, 8);
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const fy = y / pitch;
    const j = Math.floor(fy);
    const ty = fy - j;
    // Thread cross-section: brightest in the middle, dark in the gap between threads.
    const weftProfile = Math.sin(Math.PI * ty);
    for (let x = 0; x < width; x++) {
      const fx = x / pitch;
      const i = Math.floor(fx);
      const tx = fx - i;
      const warpProfile = Math.sin(Math.PI * tx);
      const sA = (x / (pitch * seg)) | 0;
      const sB = (y / (pitch * seg)) | 0;
      const warpB = warpProfile * (0.9 + (warpSlub[i * segs + sB] as number));
      const weftB = weftProfile * (0.9 + (weftSlub[j * segs + sA] as number));
      const warpOnTop = ((i + j) & 1) === 0;
      const top = warpOnTop ? warpB : weftB;
      const under = warpOnTop ? weftB : warpB;
      const v = 0.8 + 0.16 * Math.max(top, under * 0.6) + 0.04 * (blotch[y * width + x] as number);
      const q = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) {
        const c = (base[k] as number) * v * 255 + 0.5;
        data[q + k] = c >= 255 ? 255 : c;
      }
    }
  }
  return { data, width, height, channels: 3 };
}

/** The cloth's gentle drape: a broad highlight across the middle on the light's side. */
function drape(b: SvgBuilder, ctx: BuildContext, horizonY: number): void {
  const { width: W } = ctx;
  const L = towardsLight(ctx.light);
  const cx = W / 2 + L.x * W * 0.25;
  b.add(
    `<ellipse cx="${f(cx)}" cy="${f(horizonY)}" rx="${f(W * 0.5)}" ry="${f(horizonY * 0.5)}" fill="${b.radial(cx, horizonY, W * 0.5, horizonY * 0.5, [
      [0, '#ffffff', 0.1],
      [1, '#ffffff', 0],
    ])}"/>`,
  );
}

export const linen: FamilyDef = {
  family: 'linen',
  category: 'surface',
  hardness: [0.25, 0.5],
  build(ctx) {
    const { rng, colors, width: W, height: H, unit } = ctx;
    const horizonY = H * rng.range(0.56, 0.64);
    const floorY = horizonY + (H - horizonY) * rng.range(0.45, 0.58);
    // Linen reads best pale and natural: the scene colour pulled towards flax.
    const cloth = colors.dark ? adjust(colors.wall, { dl: 0.06 }) : mix(colors.wall, oklch(0.88, 0.03, 80), rng.range(0.2, 0.5));
    const weave = linenWeave(W, H, Math.max(2.5, 5.5 * unit), rng.int(1, 1e6), cloth);
    const shadeColor = adjust(cloth, { l: 0.25, cScale: 1.2 });
    const shade = tableShade(ctx, { horizonY }, shadeColor, { junction: 0.08, top: 0.12, falloff: 0.2, blur: 45 * unit });
    const glow = tableGlow(ctx, { horizonY, floorY }, oklch(0.97, 0.015, 85), { strength: 0.14, extra: (b) => drape(b, ctx, horizonY) });
    return { horizonY, floorY, variant: colors.dark ? 'dark' : 'flax', layers: [{ kind: 'raw', image: weave, blend: 'over' }, shade, glow] };
  },
};
