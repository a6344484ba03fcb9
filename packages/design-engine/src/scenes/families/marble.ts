/** A polished marble table against a painted wall: warped veins, cloudy ground, the lamp's sheen. */
import { adjust, oklch } from '../../artwork/color.js';
import { fbmFieldCoarse } from '../noise.js';
import type { RawImage } from '../raster.js';
import { type BuildContext, type FamilyDef, flatBase } from '../stage.js';
import { floorLayer, makeTexture, rgb01, tableGeometry, tableGlow, tableShade, texSize } from './common.js';

type MarbleKind = 'carrara' | 'calacatta' | 'nero' | 'verde' | 'rosa';

function marbleColors(ctx: BuildContext, kind: MarbleKind): { ground: string; vein: string; cloud: string } {
  const h = ctx.colors.hue;
  switch (kind) {
    case 'nero':
      return { ground: oklch(0.22, 0.008, h), vein: oklch(0.82, 0.01, 80), cloud: oklch(0.28, 0.01, h) };
    case 'verde':
      return { ground: oklch(0.34, 0.045, 165), vein: oklch(0.8, 0.02, 150), cloud: oklch(0.27, 0.04, 170) };
    case 'rosa':
      return { ground: oklch(0.88, 0.03, 25), vein: oklch(0.62, 0.05, 20), cloud: oklch(0.82, 0.04, 30) };
    case 'calacatta':
      return { ground: oklch(0.95, 0.006, 85), vein: oklch(0.62, 0.04, 75), cloud: oklch(0.9, 0.012, 80) };
    default:
      return { ground: oklch(0.94, 0.004, h), vein: oklch(0.58, 0.008, h), cloud: oklch(0.88, 0.006, h) };
  }
}

/** Periodic marble: veins are the zero lines of a warped stripe field. */
export function marbleTexture(size: number, seed: number, kind: MarbleKind, colors: { ground: string; vein: string; cloud: string }): RawImage {
  const warp = fbmFieldCoarse(size, size, { cells: 3, octaves: 5, gain: 0.55, seed }, 2);
  const warp2 = fbmFieldCoarse(size, size, { cells: 6, octaves: 3, seed: seed + 7 }, 2);
  const cloud = fbmFieldCoarse(size, size, { cells: 4, octaves: 4, seed: seed + 13 }, 4);
  const mod = fbmFieldCoarse(size, size, { cells: 8, octaves: 1, seed: seed + 3 }, 4);
  const g = rgb01(colors.ground);
  const v = rgb01(colors.vein);
  const c = rgb01(colors.cloud);
  // Integer stripe frequencies keep the pattern periodic; the direction is diagonal.
  const a1 = 1 + (seed % 2);
  const b1 = 2;
  const sharp = kind === 'calacatta' ? 6 : 14;
  return makeTexture(size, size, (x, y, out) => {
    const i = y * size + x;
    const w = warp[i] as number;
    const p1 = 2 * Math.PI * ((a1 * x + b1 * y) / size) + w * 5.5;
    const p2 = 2 * Math.PI * ((3 * x - 2 * y) / size) + (warp2[i] as number) * 4 + w * 2;
    const m1 = 1 - Math.abs(Math.sin(p1));
    const m2 = m1 * m1;
    const m4 = m2 * m2;
    const m8 = m4 * m4;
    // (1 − |sin|)^6 or ^14 by multiplication: Math.pow per texel is the slow part.
    const main = sharp === 6 ? m4 * m2 : m8 * m4 * m2;
    const f1 = 1 - Math.abs(Math.sin(p2));
    const f2 = f1 * f1;
    const f4 = f2 * f2;
    const f8 = f4 * f4;
    const fine = 0.55 * f8 * f8 * f8 * f4 * f2;
    const veinAmt = Math.min(1, main * (0.75 + 0.25 * (mod[i] as number)) + fine);
    const cl = 0.5 + 0.5 * (cloud[i] as number);
    for (let k = 0; k < 3; k++) {
      const base = (g[k] as number) + ((c[k] as number) - (g[k] as number)) * cl;
      out[k] = base + ((v[k] as number) - base) * veinAmt;
    }
  });
}

export const marble: FamilyDef = {
  family: 'marble',
  category: 'surface',
  hardness: [0.3, 0.6],
  async build(ctx) {
    const { rng, colors, width: W, height: H } = ctx;
    const g = tableGeometry(ctx);
    const kind: MarbleKind = colors.dark
      ? rng.pick(['nero', 'verde'] as const)
      : rng.weighted([
          ['carrara', 4],
          ['calacatta', 3],
          ['rosa', colors.tone.hue !== null && colors.scheme !== 'complementary' ? 1 : 0],
        ] as const);
    const mc = marbleColors(ctx, kind);
    const size = texSize(ctx, 1024);
    const tex = marbleTexture(size, rng.int(1, 1e6), kind, mc);
    const wall = colors.dark ? adjust(colors.wall, { dl: -0.04 }) : colors.wall;
    const base = flatBase(ctx, (b) => {
      b.add(`<rect width="${W}" height="${H}" fill="${wall}"/>`);
    });
    const floor = await floorLayer(ctx, tex, g.cam, { texelsPerPixel: 0.5, softness: 2.5, offsetU: rng.range(0, size), offsetV: rng.range(0, size) });
    const shade = tableShade(ctx, g, adjust(wall, { l: 0.22, cScale: 1.3 }), { junction: 0.22 });
    const glow = tableGlow(ctx, g, oklch(0.98, 0.01, 85), { strength: 0.1, sheen: colors.dark ? 0.22 : 0.3 });
    return { horizonY: g.horizonY, floorY: g.floorY, variant: kind, layers: [base, floor, shade, glow] };
  },
};
