/**
 * Seasonal sets, one per seed: winter (snow underfoot, cold light, warm bokeh), autumn (fallen
 * leaves on a wooden table, amber bokeh) and spring (blossom petals on a pastel set).
 */
import { adjust, mix, oklch } from '../../artwork/color.js';
import type { Rng } from '../../artwork/random.js';
import { fbmFieldCoarse, hashUnit } from '../noise.js';
import { type FloorCamera, type RawImage, type SceneLayer, floorDepthAt } from '../raster.js';
import { type BuildContext, type FamilyDef, SvgBuilder, f, flatBase, glowLayer, shadowDirection } from '../stage.js';
import { clearOfProduct, floorLayer, rgb01, tableGeometry, tableGlow, tableShade, texSize } from './common.js';
import { woodTexture } from './wood.js';

export type Season = 'winter' | 'autumn' | 'spring';

/** Soft snow: gentle drifts lit by the scene light, and sparkling crystals. */
function snowTexture(ctx: BuildContext, size: number, seed: number, color: string): RawImage {
  const h = fbmFieldCoarse(size, size, { cells: 2, octaves: 3, gain: 0.45, seed }, 4);
  const az = (ctx.light.azimuth * Math.PI) / 180;
  const el = (ctx.light.elevation * Math.PI) / 180;
  const lx = Math.cos(az) * Math.cos(el);
  const ly = -Math.sin(az) * Math.cos(el);
  const lz = Math.sin(el);
  const c = rgb01(color);
  const data = Buffer.alloc(size * size * 3);
  const k = 40;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = ((h[y * size + ((x + 1) % size)] as number) - (h[y * size + ((x - 1 + size) % size)] as number)) * k;
      const dy = ((h[((y + 1) % size) * size + x] as number) - (h[((y - 1 + size) % size) * size + x] as number)) * k;
      const lambert = Math.max(0, (-dx * lx - dy * ly + lz) / Math.sqrt(dx * dx + dy * dy + 1));
      let v = 0.84 + 0.16 * (lambert / lz);
      const s = hashUnit(x, y, seed + 3);
      if (s > 0.9975) v = 1.25;
      const q = (y * size + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const o = (c[ch] as number) * v * 255 + 0.5;
        data[q + ch] = o >= 255 ? 255 : o;
      }
    }
  }
  return { data, width: size, height: size, channels: 3 };
}

/** Out-of-focus lights on the wall (screen-blended discs). */
function bokeh(ctx: BuildContext, horizonY: number, colors: readonly string[], count: number): SceneLayer {
  const { rng, width: W, unit } = ctx;
  const b = new SvgBuilder('bk');
  for (let i = 0; i < count; i++) {
    const r = W * rng.range(0.012, 0.045);
    const x = rng.range(0, W);
    const y = rng.range(0.04, 0.85) * horizonY;
    const c = rng.pick(colors);
    b.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${c}" fill-opacity="${rng.range(0.12, 0.35).toFixed(3)}"/>`);
  }
  // Out of focus: soft-edged discs, not bubbles.
  return glowLayer(b, ctx, 9 * unit, 0.25);
}

interface Scatter {
  x: number;
  y: number;
  size: number;
  angle: number;
  color: string;
}

/** Things lying on the floor, sized by perspective and kept clear of the product's spot. */
function scatter(ctx: BuildContext, rng: Rng, cam: FloorCamera, floorY: number, count: number, sizeAtFront: number, palette: readonly string[]): Scatter[] {
  const out: Scatter[] = [];
  let guard = 0;
  while (out.length < count && guard++ < count * 20) {
    const y = cam.horizonY + (ctx.height - cam.horizonY) * Math.sqrt(rng.next());
    const x = rng.range(-0.05, 1.05) * ctx.width;
    if (!clearOfProduct(ctx, floorY, x, y, 1.05)) continue;
    const size = (sizeAtFront * ctx.width) / floorDepthAt(cam, y);
    out.push({ x, y, size: size * rng.range(0.7, 1.25), angle: rng.range(0, 360), color: rng.pick(palette) });
  }
  return out.sort((a, b) => a.y - b.y);
}

function leafShape(s: Scatter, kind: 'leaf' | 'petal'): string {
  const l = s.size;
  const w = kind === 'leaf' ? l * 0.42 : l * 0.6;
  // Foreshortened: items lie flat on the floor.
  const body =
    kind === 'leaf'
      ? `M${f(-l / 2)} 0 C${f(-l * 0.2)} ${f(-w)} ${f(l * 0.25)} ${f(-w * 0.9)} ${f(l / 2)} 0 C${f(l * 0.25)} ${f(w * 0.9)} ${f(-l * 0.2)} ${f(w)} ${f(-l / 2)} 0 Z`
      : `M${f(-l / 2)} 0 C${f(-l * 0.3)} ${f(-w * 0.8)} ${f(l * 0.35)} ${f(-w * 0.7)} ${f(l / 2)} ${f(-w * 0.12)} L${f(l * 0.38)} 0 L${f(l / 2)} ${f(w * 0.12)} C${f(l * 0.35)} ${f(w * 0.7)} ${f(-l * 0.3)} ${f(w * 0.8)} ${f(-l / 2)} 0 Z`;
  const rib =
    kind === 'leaf'
      ? `<path d="M${f(-l * 0.62)} 0 L${f(l * 0.45)} 0" stroke="${adjust(s.color, { dl: -0.12 })}" stroke-width="${f(Math.max(1, l * 0.025))}" fill="none"/>`
      : '';
  return `<g transform="translate(${f(s.x)} ${f(s.y)}) scale(1 0.45) rotate(${f(s.angle)})"><path d="${body}" fill="${s.color}"/>${rib}</g>`;
}

function propsLayer(ctx: BuildContext, items: readonly Scatter[], kind: 'leaf' | 'petal', top: number): SceneLayer {
  const region = { left: 0, top: Math.floor(top), width: ctx.width, height: ctx.height - Math.floor(top) };
  const body = items.map((s) => leafShape(s, kind)).join('');
  return {
    kind: 'svg',
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${region.width}" height="${region.height}" viewBox="${region.left} ${region.top} ${region.width} ${region.height}">${body}</svg>`,
    region,
    blend: 'over',
  };
}

function propShadows(b: SvgBuilder, ctx: BuildContext, items: readonly Scatter[], shade: string): void {
  const d = shadowDirection(ctx.light);
  for (const s of items)
    b.add(
      `<ellipse cx="${f(s.x + d.x * s.size * 0.12)}" cy="${f(s.y + d.y * s.size * 0.12 + s.size * 0.04)}" rx="${f(s.size * 0.45)}" ry="${f(s.size * 0.18)}" fill="${shade}" fill-opacity="0.3"/>`,
    );
}

export const seasonal: FamilyDef = {
  family: 'seasonal',
  category: 'seasonal',
  hardness: [0.3, 0.6],
  async build(ctx) {
    const { rng, colors, width: W, height: H } = ctx;
    const season: Season = rng.pick(['winter', 'autumn', 'spring'] as const);
    const g = tableGeometry(ctx);
    const layers: SceneLayer[] = [];
    const seed = rng.int(1, 1e6);
    const size = texSize(ctx, 1024);
    if (season === 'winter') {
      const wall = colors.dark ? oklch(0.3, 0.04, 250) : mix(oklch(0.78, 0.035, 240), colors.wall, 0.25);
      layers.push(
        flatBase(ctx, (b) =>
          b.add(
            `<rect width="${W}" height="${H}" fill="${b.linear(0, 0, 0, g.horizonY, [
              [0, adjust(wall, { dl: -0.08 })],
              [1, wall],
            ])}"/>`,
          ),
        ),
      );
      layers.push(bokeh(ctx, g.horizonY, [oklch(0.92, 0.08, 80), oklch(0.95, 0.02, 240), oklch(0.9, 0.1, 60)], rng.int(10, 18)));
      layers.push(await floorLayer(ctx, snowTexture(ctx, size, seed, oklch(0.95, 0.012, 250)), g.cam, { texelsPerPixel: 0.5, softness: 3 }));
      layers.push(tableShade(ctx, g, oklch(0.35, 0.05, 255), { junction: 0.12, falloff: 0.2 }));
      layers.push(tableGlow(ctx, g, oklch(0.96, 0.03, 80), { strength: 0.1 }));
    } else {
      const autumn = season === 'autumn';
      const wall = autumn
        ? colors.dark
          ? oklch(0.32, 0.05, 50)
          : mix(oklch(0.72, 0.08, 60), colors.wall, 0.3)
        : colors.dark
          ? oklch(0.38, 0.05, 350)
          : mix(rng.pick([oklch(0.9, 0.04, 10), oklch(0.9, 0.04, 160)]), colors.wall, 0.3);
      layers.push(
        flatBase(ctx, (b) =>
          b.add(
            `<rect width="${W}" height="${H}" fill="${b.linear(0, 0, 0, g.horizonY, [
              [0, adjust(wall, { dl: -0.05 })],
              [1, wall],
            ])}"/>`,
          ),
        ),
      );
      layers.push(
        bokeh(ctx, g.horizonY, autumn ? [oklch(0.85, 0.12, 70), oklch(0.75, 0.14, 45)] : [oklch(0.95, 0.04, 350), oklch(0.96, 0.03, 120)], rng.int(10, 20)),
      );
      const floorTex = autumn ? woodTexture(size, seed, colors.dark ? 'walnut' : 'oak', 5, rng.chance(0.5)) : woodTexture(size, seed, 'whitewash', 6, true);
      layers.push(await floorLayer(ctx, floorTex, g.cam, { texelsPerPixel: 0.5, softness: 2 }));
      const palette = autumn
        ? [oklch(0.62, 0.16, 45), oklch(0.55, 0.17, 30), oklch(0.75, 0.14, 80), oklch(0.45, 0.08, 50)]
        : [oklch(0.9, 0.06, 350), oklch(0.94, 0.03, 10), oklch(0.85, 0.08, 355)];
      const items = scatter(ctx, rng.fork('scatter'), g.cam, g.floorY, autumn ? rng.int(9, 15) : rng.int(18, 30), autumn ? 0.1 : 0.03, palette);
      const shadeColor = oklch(0.3, 0.04, autumn ? 40 : 330);
      layers.push(tableShade(ctx, g, shadeColor, { junction: 0.2, extra: (b) => propShadows(b, ctx, items, shadeColor) }));
      layers.push(propsLayer(ctx, items, autumn ? 'leaf' : 'petal', g.horizonY));
      layers.push(tableGlow(ctx, g, oklch(0.96, 0.04, autumn ? 70 : 20), { strength: 0.12 }));
    }
    return { horizonY: g.horizonY, floorY: g.floorY, variant: season, layers };
  },
};
