/**
 * Wind-rippled sand under a low sun, distant dunes in haze. The ripples are a height field lit
 * by the scene's own light (slopes facing the lamp bright, lee sides dark), so the sand agrees
 * with the product's cast shadow.
 */
import { adjust, mix, oklch } from '../../artwork/color.js';
import { fbmFieldCoarse, hashUnit } from '../noise.js';
import type { RawImage } from '../raster.js';
import { type BuildContext, type FamilyDef, SvgBuilder, f, flatBase } from '../stage.js';
import { floorLayer, rgb01, tableGeometry, tableGlow, tableShade, texSize } from './common.js';

/** Periodic rippled sand, shaded for the light (world: x right, y towards the viewer, z up). */
export function sandTexture(ctx: BuildContext, size: number, seed: number, color: string): RawImage {
  const { rng, light } = ctx;
  // Integer wave numbers keep the ripples periodic; the crests run at a slant.
  const a = rng.int(9, 16);
  const b = rng.int(-6, 6);
  const warp = fbmFieldCoarse(size, size, { cells: 3, octaves: 4, seed }, 4);
  const dune = fbmFieldCoarse(size, size, { cells: 2, octaves: 3, seed: seed + 1 }, 8);
  const h = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const p = 2 * Math.PI * ((a * x + b * y) / size) + (warp[i] as number) * 5;
      // Gentle windward slope, steeper lee side.
      h[i] = (Math.sin(p) + 0.28 * Math.sin(2 * p)) * 1.6 + (dune[i] as number) * 40;
    }
  }
  const az = (light.azimuth * Math.PI) / 180;
  const el = (light.elevation * Math.PI) / 180;
  // Towards the light in world terms: image-up is away from the viewer (−y).
  const lx = Math.cos(az) * Math.cos(el);
  const ly = -Math.sin(az) * Math.cos(el);
  const lz = Math.sin(el);
  const c = rgb01(color);
  const data = Buffer.alloc(size * size * 3);
  const slope = 0.55;
  for (let y = 0; y < size; y++) {
    const yn = (y + 1) % size;
    const yp = (y - 1 + size) % size;
    for (let x = 0; x < size; x++) {
      const xn = (x + 1) % size;
      const xp = (x - 1 + size) % size;
      const dx = ((h[y * size + xn] as number) - (h[y * size + xp] as number)) * 0.5 * slope;
      const dy = ((h[yn * size + x] as number) - (h[yp * size + x] as number)) * 0.5 * slope;
      const inv = 1 / Math.sqrt(dx * dx + dy * dy + 1);
      const lambert = Math.max(0, (-dx * lx - dy * ly + lz) * inv);
      // Normalised so flat sand keeps its colour; low sun makes the ripples read strongly.
      let v = 0.35 + 0.65 * (lambert / lz);
      const grain = hashUnit(x, y, seed + 7);
      v *= 0.94 + grain * 0.12;
      if (grain > 0.995) v *= 1.25;
      else if (grain < 0.01) v *= 0.7;
      const q = (y * size + x) * 3;
      for (let k = 0; k < 3; k++) {
        const o = (c[k] as number) * v * 255 + 0.5;
        data[q + k] = o >= 255 ? 255 : o <= 0 ? 0 : o;
      }
    }
  }
  return { data, width: size, height: size, channels: 3 };
}

export const sand: FamilyDef = {
  family: 'sand',
  category: 'nature',
  hardness: [0.7, 0.9],
  elevation: [22, 40],
  async build(ctx) {
    const { rng, colors, width: W, height: H } = ctx;
    const g = tableGeometry(ctx, { horizon: [0.4, 0.5], zFar: [5, 7], stand: [0.5, 0.62] });
    const sandColor = colors.dark ? oklch(0.55, 0.06, 65) : mix(oklch(0.82, 0.055, 78), colors.wall, 0.15);
    const sky = colors.dark ? oklch(0.35, 0.05, colors.hue) : mix(oklch(0.9, 0.035, colors.hue), oklch(0.93, 0.03, 70), 0.35);
    const base = flatBase(ctx, (b) => {
      b.add(
        `<rect width="${W}" height="${H}" fill="${b.linear(0, 0, 0, g.horizonY, [
          [0, adjust(sky, { dl: -0.06, cScale: 1.3 })],
          [1, adjust(sky, { dl: 0.03 })],
        ])}"/>`,
      );
    });
    const size = texSize(ctx, 1024);
    const tex = sandTexture(ctx, size, rng.int(1, 1e6), sandColor);
    const floor = await floorLayer(ctx, tex, g.cam, { texelsPerPixel: 0.45, softness: 3.5 });
    // Distant dunes in haze over the far edge of the sand.
    const d = new SvgBuilder('dn');
    const bandTop = g.horizonY - H * 0.16;
    const bandBottom = g.horizonY + H * 0.025;
    for (let layer = 0; layer < 2; layer++) {
      const tone = mix(sandColor, sky, layer === 0 ? 0.55 : 0.3);
      const pts: string[] = [`M0 ${f(bandBottom)}`];
      const n = 7;
      for (let i = 0; i <= n; i++) {
        const x = (i / n) * W;
        const y = g.horizonY - H * (layer === 0 ? rng.range(0.04, 0.12) : rng.range(0.005, 0.05));
        pts.push(`${i === 0 ? 'L' : 'S'}${i === 0 ? '' : `${f(x - W / n / 2)} ${f(y)} `}${f(x)} ${f(y)}`);
      }
      pts.push(`L${W} ${f(bandBottom)} Z`);
      const fill = d.linear(0, bandTop, 0, bandBottom, [
        [0, adjust(tone, { dl: 0.03 })],
        [1, adjust(tone, { dl: -0.02 })],
      ]);
      d.add(`<path d="${pts.join(' ')}" fill="${fill}"/>`);
    }
    const region = { left: 0, top: Math.floor(bandTop), width: W, height: Math.ceil(bandBottom - bandTop) };
    const dunes = {
      kind: 'svg' as const,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${region.width}" height="${region.height}" viewBox="${region.left} ${region.top} ${region.width} ${region.height}"><defs>${d.defs.join('')}</defs>${d.body.join('')}</svg>`,
      region,
      scale: 0.5,
      blend: 'over' as const,
    };
    const shade = tableShade(ctx, g, oklch(0.3, 0.05, 60), { junction: 0, top: 0.1, falloff: 0.2, front: 0.2 });
    const glow = tableGlow(ctx, g, oklch(0.95, 0.05, 75), { strength: 0.12 });
    return { horizonY: g.horizonY, floorY: g.floorY, variant: colors.dark ? 'dusk' : 'day', layers: [base, floor, dunes, shade, glow] };
  },
};
