/** A terrazzo table top: stone chips of a few colours set in a pale ground, polished. */
import { adjust, mix, oklch } from '../../artwork/color.js';
import type { Rng } from '../../artwork/random.js';
import { type RawImage, renderSvg } from '../raster.js';
import { type FamilyDef, f, flatBase } from '../stage.js';
import { floorLayer, tableGeometry, tableGlow, tableShade, texSize } from './common.js';

/** An irregular chip outline around (0, 0): a few vertices on a wobbly circle. */
function chipPath(rng: Rng, r: number): string {
  const n = rng.int(5, 8);
  const start = rng.range(0, Math.PI * 2);
  const pts: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = start + (i / n) * Math.PI * 2 + rng.range(-0.25, 0.25);
    const rr = r * rng.range(0.55, 1.1);
    pts.push(`${f(Math.cos(a) * rr)} ${f(Math.sin(a) * rr)}`);
  }
  return `M${pts.join(' L')} Z`;
}

/** Periodic terrazzo: chips drawn with wrapped copies so the tile repeats seamlessly. */
export function terrazzoTexture(size: number, rng: Rng, ground: string, chipColors: readonly string[]): RawImage {
  const parts: string[] = [`<rect width="${size}" height="${size}" fill="${ground}"/>`];
  const groups: [number, number, number][] = [
    // [count, min radius, max radius] as fractions of the tile.
    [26, 0.022, 0.045],
    [120, 0.008, 0.02],
    [700, 0.002, 0.006],
  ];
  for (const [count, r0, r1] of groups) {
    for (let i = 0; i < count; i++) {
      const r = rng.range(r0, r1) * size;
      const x = rng.range(0, size);
      const y = rng.range(0, size);
      const color = rng.chance(0.18) ? adjust(ground, { dl: rng.range(-0.1, 0.05) }) : rng.pick(chipColors);
      const d = chipPath(rng, r);
      for (const ox of [0, -size, size]) {
        for (const oy of [0, -size, size]) {
          const px = x + ox;
          const py = y + oy;
          if (px + r < 0 || px - r > size || py + r < 0 || py - r > size) continue;
          parts.push(`<path transform="translate(${f(px)} ${f(py)})" d="${d}" fill="${color}"/>`);
        }
      }
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${parts.join('')}</svg>`;
  const img = renderSvg(svg, size);
  // Opaque: drop alpha.
  const data = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i++) {
    data[i * 3] = img.data[i * 4] as number;
    data[i * 3 + 1] = img.data[i * 4 + 1] as number;
    data[i * 3 + 2] = img.data[i * 4 + 2] as number;
  }
  return { data, width: size, height: size, channels: 3 };
}

export const terrazzo: FamilyDef = {
  family: 'terrazzo',
  category: 'surface',
  hardness: [0.35, 0.6],
  async build(ctx) {
    const { rng, colors, width: W, height: H } = ctx;
    const g = tableGeometry(ctx);
    const variant = colors.dark ? 'dark' : rng.pick(['classic', 'pastel'] as const);
    const ground = colors.dark ? oklch(0.3, 0.01, colors.hue) : variant === 'pastel' ? oklch(0.92, 0.025, colors.hue) : oklch(0.93, 0.008, colors.hue + 20);
    const productHue = colors.tone.hue ?? colors.hue + 150;
    const chips = [
      colors.accent,
      adjust(colors.accent, { dl: colors.dark ? 0.15 : -0.12 }),
      oklch(colors.dark ? 0.7 : 0.62, 0.07, productHue),
      oklch(0.5, 0.02, colors.hue),
      mix(colors.wall, '#ffffff', 0.5),
      oklch(colors.dark ? 0.85 : 0.75, 0.05, colors.hue + 60),
    ];
    const size = texSize(ctx, 1024);
    const tex = terrazzoTexture(size, rng.fork('chips'), ground, chips);
    const wall = colors.dark ? colors.wall : adjust(colors.wall, { dl: -0.02 });
    const base = flatBase(ctx, (b) => b.add(`<rect width="${W}" height="${H}" fill="${wall}"/>`));
    const floor = await floorLayer(ctx, tex, g.cam, { texelsPerPixel: 0.45, softness: 2 });
    const shade = tableShade(ctx, g, adjust(wall, { l: 0.22, cScale: 1.3 }), { junction: 0.2 });
    const glow = tableGlow(ctx, g, oklch(0.98, 0.01, 85), { strength: 0.1, sheen: 0.18 });
    return { horizonY: g.horizonY, floorY: g.floorY, variant, layers: [base, floor, shade, glow] };
  },
};
