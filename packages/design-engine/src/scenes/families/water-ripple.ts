/**
 * Light through rippling water: bright caustic webs dancing over a pale floor and the wall, in
 * cool aqua tones (pulled towards the scene's hue). The webs are the edges of a warped cellular
 * pattern, which is what real caustics look like.
 */
import { adjust, mix, oklch } from '../../artwork/color.js';
import { fbmFieldCoarse, worley } from '../noise.js';
import type { RawImage } from '../raster.js';
import { type FamilyDef, flatBase } from '../stage.js';
import { floorLayer, makeTexture, rgb01, tableGeometry, tableGlow, tableShade, texSize } from './common.js';

/** Periodic caustics over a ground colour: bright where two cells meet. */
export function causticTexture(
  width: number,
  height: number,
  seed: number,
  ground: string,
  light: string,
  o: { cells: number; sharpness: number; strength: number },
): RawImage {
  const gc = rgb01(ground);
  const lc = rgb01(light);
  const cy = Math.max(2, Math.round((o.cells * height) / width));
  const wx = fbmFieldCoarse(width, height, { cells: 3, octaves: 3, seed }, 4);
  const wy = fbmFieldCoarse(width, height, { cells: 3, octaves: 3, seed: seed + 1 }, 4);
  const fw = new Float32Array(2);
  const fw2 = new Float32Array(2);
  return makeTexture(width, height, (x, y, out) => {
    const i = y * width + x;
    const u = (x * o.cells) / width + (wx[i] as number) * 0.35;
    const v = (y * cy) / height + (wy[i] as number) * 0.35;
    worley(u, v, o.cells, cy, seed + 2, fw);
    worley(u * 2 + 0.37, v * 2 + 0.61, o.cells * 2, cy * 2, seed + 3, fw2);
    const edge = Math.exp(-((fw[1] as number) - (fw[0] as number)) * o.sharpness);
    const edge2 = Math.exp(-((fw2[1] as number) - (fw2[0] as number)) * o.sharpness * 1.3) * 0.45;
    const c = Math.min(1.2, (edge + edge2) * o.strength);
    for (let k = 0; k < 3; k++) out[k] = (gc[k] as number) + ((lc[k] as number) - (gc[k] as number)) * c;
  });
}

export const waterRipple: FamilyDef = {
  family: 'water_ripple',
  category: 'nature',
  hardness: [0.6, 0.85],
  async build(ctx) {
    const { rng, colors, width: W, height: H } = ctx;
    const g = tableGeometry(ctx, { horizon: [0.48, 0.58] });
    // Water is aqua; a scene hue near it is kept, others only tint it.
    const inRange = colors.hue >= 180 && colors.hue <= 255;
    const hue = inRange ? colors.hue : colors.hue > 255 && colors.hue < 320 ? 225 : 195;
    const deep = oklch(colors.dark ? 0.38 : 0.7, 0.075, hue);
    const floorGround = oklch(colors.dark ? 0.45 : 0.8, 0.06, hue + 5);
    const glint = oklch(0.98, 0.03, hue - 20);
    const seed = rng.int(1, 1e6);
    // Caustics are soft light: a 768 texture (0.6 M texels, two cellular lookups each) is enough.
    const size = texSize(ctx, 768);
    const floorTex = causticTexture(size, size, seed, floorGround, glint, { cells: 5, sharpness: 9, strength: 0.85 });
    // The wall catches larger, softer webs (farther from the water surface).
    const wallTex = causticTexture(Math.round(W / 4), Math.round(g.horizonY / 4) + 2, seed + 9, deep, mix(glint, deep, 0.3), {
      cells: 4,
      sharpness: 6,
      strength: 0.6,
    });
    const base = flatBase(ctx, (b) => b.add(`<rect width="${W}" height="${H}" fill="${deep}"/>`));
    const wall = { kind: 'raw' as const, image: wallTex, left: 0, top: 0, width: W, height: Math.round(g.horizonY) + 4, blend: 'over' as const };
    const floor = await floorLayer(ctx, floorTex, g.cam, { texelsPerPixel: 0.3, softness: 2.2 });
    const shade = tableShade(ctx, g, oklch(0.3, 0.06, hue + 10), { junction: 0.16, top: 0.22, falloff: 0.2 });
    const glow = tableGlow(ctx, g, adjust(glint, { dl: -0.05 }), { strength: 0.14 });
    return { horizonY: g.horizonY, floorY: g.floorY, variant: colors.dark ? 'deep' : 'shallow', layers: [base, wall, floor, shade, glow] };
  },
};
