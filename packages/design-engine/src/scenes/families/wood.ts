/** A wooden table top: planks with their own tone, growth rings and fibres, fine gaps between. */
import { adjust, oklch } from '../../artwork/color.js';
import { hashUnit, perlin } from '../noise.js';
import type { RawImage } from '../raster.js';
import { type BuildContext, type FamilyDef, flatBase } from '../stage.js';
import { floorLayer, rgb01, tableGeometry, tableGlow, tableShade, texSize } from './common.js';

export type WoodSpecies = 'oak' | 'walnut' | 'ash' | 'whitewash' | 'teak';

export function woodColors(species: WoodSpecies): { light: string; dark: string } {
  switch (species) {
    case 'walnut':
      return { light: oklch(0.5, 0.055, 55), dark: oklch(0.33, 0.045, 45) };
    case 'ash':
      return { light: oklch(0.84, 0.04, 80), dark: oklch(0.7, 0.05, 72) };
    case 'whitewash':
      return { light: oklch(0.9, 0.015, 80), dark: oklch(0.78, 0.025, 75) };
    case 'teak':
      return { light: oklch(0.62, 0.08, 60), dark: oklch(0.45, 0.07, 50) };
    default:
      return { light: oklch(0.75, 0.065, 72), dark: oklch(0.58, 0.07, 62) };
  }
}

/**
 * Periodic planks along the texture's v axis (which the floor lays away from the camera) or
 * across it. Each plank is cut from its own place in a log: growth rings are a stripe field
 * across the plank, bent slowly along it, graded from pale earlywood to dark latewood, with
 * fibres streaking along the plank and a fine seam between planks.
 */
export function woodTexture(size: number, seed: number, species: WoodSpecies, planks: number, along: boolean): RawImage {
  const { light, dark } = woodColors(species);
  const lc = rgb01(light);
  const dc = rgb01(dark);
  const pw = size / planks;
  const gap = Math.max(0.8, size / 900);
  // Per plank and position along it: where the pith is and how deep the cut (slow changes).
  const pith = new Float32Array(planks * size);
  const depth = new Float32Array(planks * size);
  for (let p = 0; p < planks; p++) {
    const d0 = 0.22 + hashUnit(p, 4, seed) * 0.45;
    for (let l = 0; l < size; l++) {
      const ln = l / size;
      pith[p * size + l] = pw * (0.5 + 0.55 * perlin(ln * 3, p * 3.1, 3, 4096, seed + 5));
      depth[p * size + l] = pw * d0 * (1 + 0.35 * perlin(ln * 3, p * 3.1 + 0.5, 3, 4096, seed + 6));
    }
  }
  const data = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const a = along ? x : y;
      const l = along ? y : x;
      const p = Math.floor(a / pw);
      const inP = a - p * pw;
      const ln = l / size;
      const tone = (hashUnit(p, 1, seed) - 0.5) * 0.14;
      const joint = hashUnit(p, 2, seed) * size;
      const dj = Math.abs(((l - joint + size * 1.5) % size) - size / 2);
      const edge = Math.min(inP, pw - inP, size / 2 - dj);
      // A flat-sawn board: rings are circles round the log's pith, cut by the board's plane at
      // some depth; the pith wanders and the log tapers along the board, so rings form arches.
      const dp = depth[p * size + l] as number;
      const r = Math.sqrt(dp * dp + (inP - (pith[p * size + l] as number)) ** 2) / pw;
      const streak = perlin(inP * 0.08, ln * 4, 100003, 4, seed + 11) * 0.5;
      const R = r * (5 + hashUnit(p, 5, seed) * 4) + streak * 0.3 + hashUnit(p, 3, seed) * 10;
      const t = R - Math.floor(R);
      // Earlywood pale, darkening through the ring to a latewood band.
      const ring = t < 0.55 ? t * 0.25 : 0.14 + ((t - 0.55) / 0.45) ** 2 * 0.55;
      const fibre = perlin(inP * 0.6, ln * 30, 100003, 30, seed + 9) * 0.6;
      let v = 0.12 + ring + fibre * 0.32 + streak * 0.22 + tone;
      let shadeMul = 1 - tone * 0.4;
      if (edge < gap) shadeMul *= 0.72;
      else if (edge < gap * 2.5) shadeMul *= 1.04;
      v = Math.min(1, Math.max(0, v));
      const q = (y * size + x) * 3;
      for (let k = 0; k < 3; k++) {
        const c = ((lc[k] as number) + ((dc[k] as number) - (lc[k] as number)) * v) * shadeMul * 255 + 0.5;
        data[q + k] = c >= 255 ? 255 : c <= 0 ? 0 : c;
      }
    }
  }
  return { data, width: size, height: size, channels: 3 };
}

export function chooseSpecies(ctx: BuildContext): WoodSpecies {
  const { rng, colors } = ctx;
  if (colors.dark) return rng.pick(['walnut', 'teak'] as const);
  if (colors.tone.l < 0.45) return rng.pick(['ash', 'whitewash', 'oak'] as const);
  return rng.pick(['oak', 'ash', 'teak', 'walnut'] as const);
}

export const wood: FamilyDef = {
  family: 'wood',
  category: 'surface',
  hardness: [0.4, 0.7],
  async build(ctx) {
    const { rng, colors, width: W, height: H } = ctx;
    const g = tableGeometry(ctx);
    const species = chooseSpecies(ctx);
    const along = rng.chance(0.6);
    const size = texSize(ctx, 1024);
    const tex = woodTexture(size, rng.int(1, 1e6), species, rng.pick([4, 5, 6]), along);
    const wall = colors.dark ? colors.wall : adjust(colors.wall, { dl: -0.01 });
    const base = flatBase(ctx, (b) => b.add(`<rect width="${W}" height="${H}" fill="${wall}"/>`));
    const floor = await floorLayer(ctx, tex, g.cam, { texelsPerPixel: 0.5, softness: 2, offsetU: rng.range(0, size) });
    const shade = tableShade(ctx, g, adjust(wall, { l: 0.2, cScale: 1.3 }), { junction: 0.22 });
    const glow = tableGlow(ctx, g, oklch(0.97, 0.02, 80), { strength: 0.12, sheen: 0.1 });
    return { horizonY: g.horizonY, floorY: g.floorY, variant: `${species}-${along ? 'long' : 'across'}`, layers: [base, floor, shade, glow] };
  },
};
