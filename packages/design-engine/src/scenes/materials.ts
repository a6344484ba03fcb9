/**
 * The scene families' surface textures, flat (no perspective, no light), at any size: what the
 * image tools' prompt fill paints into a hole when the prompt names a material. The textures are
 * the ones the families lay on their floors, so a "marble" fill looks like the marble scenes.
 */
import { oklch } from '../artwork/color.js';
import { Rng } from '../artwork/random.js';
import { causticTexture } from './families/water-ripple.js';
import { concreteTexture } from './families/concrete.js';
import { linenWeave } from './families/linen.js';
import { marbleTexture } from './families/marble.js';
import { sandTexture } from './families/sand.js';
import { terrazzoTexture } from './families/terrazzo.js';
import { woodTexture } from './families/wood.js';
import type { RawImage } from './raster.js';
import type { BuildContext } from './stage.js';
import { sceneColors } from './colors.js';

export const MATERIALS = ['marble', 'wood', 'linen', 'concrete', 'sand', 'terrazzo', 'water'] as const;
export type Material = (typeof MATERIALS)[number];

/**
 * A material texture of `width` × `height` (RGB). The periodic generators work on a square tile
 * side; the tile is as large as the longer side so the pattern is never repeated inside a hole.
 */
export function materialTexture(material: Material, width: number, height: number, seed: number): RawImage {
  const side = Math.max(64, Math.max(width, height));
  const tile = squareTexture(material, side, seed);
  if (tile.width === width && tile.height === height) return tile;
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const src = (y % tile.height) * tile.width * 3;
    for (let x = 0; x < width; x++) {
      const s = src + (x % tile.width) * 3;
      const d = (y * width + x) * 3;
      out[d] = tile.data[s] as number;
      out[d + 1] = tile.data[s + 1] as number;
      out[d + 2] = tile.data[s + 2] as number;
    }
  }
  return { data: out, width, height, channels: 3 };
}

function squareTexture(material: Material, size: number, seed: number): RawImage {
  const rng = new Rng(`material/${material}/${seed}`);
  switch (material) {
    case 'marble':
      return marbleTexture(size, seed, 'carrara', { ground: oklch(0.94, 0.004, 80), vein: oklch(0.58, 0.008, 80), cloud: oklch(0.88, 0.006, 80) });
    case 'wood':
      return woodTexture(size, seed, 'oak', Math.max(2, Math.round(size / 160)), true);
    case 'linen':
      return linenWeave(size, size, Math.max(2.5, size / 120), seed, oklch(0.86, 0.02, 80));
    case 'concrete':
      return concreteTexture(size, size, seed, oklch(0.72, 0.006, 80), { pores: 1.5, polish: 0.3 });
    case 'sand': {
      const ctx: BuildContext = {
        rng,
        width: size,
        height: size,
        colors: sceneColors(undefined, rng.fork('c')),
        light: { azimuth: 135, elevation: 35, hardness: 0.5 },
        unit: size / 2048,
      };
      return sandTexture(ctx, size, seed, oklch(0.82, 0.05, 80));
    }
    case 'terrazzo':
      return terrazzoTexture(size, rng, oklch(0.93, 0.008, 80), [
        oklch(0.62, 0.09, 30),
        oklch(0.5, 0.02, 80),
        oklch(0.7, 0.07, 160),
        oklch(0.8, 0.05, 60),
        oklch(0.4, 0.03, 250),
      ]);
    case 'water':
      return causticTexture(size, size, seed, oklch(0.62, 0.08, 215), oklch(0.95, 0.04, 200), {
        cells: Math.max(3, Math.round(size / 90)),
        sharpness: 9,
        strength: 0.85,
      });
  }
}
