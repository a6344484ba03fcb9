/**
 * Architectural concrete: a cast wall with mottling, pores, formwork seams and tie holes, and a
 * polished concrete floor in perspective.
 */
import { adjust, oklch } from '../../artwork/color.js';
import { fbmFieldCoarse, hashUnit } from '../noise.js';
import type { RawImage } from '../raster.js';
import { type FamilyDef, flatBase } from '../stage.js';
import { floorLayer, makeTexture, rgb01, tableGeometry, tableGlow, tableShade, texSize } from './common.js';

/**
 * Concrete ground: blotchy mottling, fine sand noise, and pores ("bug holes") of uneven sizes
 * scattered over it (`pores` per 10,000 texels), dark with a faint lit lip.
 */
export function concreteTexture(width: number, height: number, seed: number, color: string, o: { pores: number; polish: number }): RawImage {
  const c = rgb01(color);
  const blotch = fbmFieldCoarse(width, height, { cells: 3, octaves: 5, gain: 0.6, seed }, 4);
  const fine = fbmFieldCoarse(width, height, { cells: 48, octaves: 2, seed: seed + 1 }, 1);
  const tex = makeTexture(width, height, (x, y, out) => {
    const i = y * width + x;
    const v = 1 + (blotch[i] as number) * 0.1 * (1 - o.polish * 0.4) + (fine[i] as number) * 0.035 + (hashUnit(x, y, seed + 4) - 0.5) * 0.03;
    for (let k = 0; k < 3; k++) out[k] = (c[k] as number) * v;
  });
  const n = Math.round((width * height * o.pores) / 10000);
  const data = tex.data;
  for (let j = 0; j < n; j++) {
    const px = hashUnit(j, 1, seed + 5) * width;
    const py = hashUnit(j, 2, seed + 5) * height;
    // Mostly tiny, a few larger: sizes skewed like real bug holes.
    const r = Math.max(0.5, (0.6 + hashUnit(j, 3, seed + 5) ** 3 * 3.2) * (width / 1024));
    for (let y = Math.floor(py - r - 1); y <= py + r + 1; y++) {
      for (let x = Math.floor(px - r - 1); x <= px + r + 1; x++) {
        const d = Math.hypot(x + 0.5 - px, y + 0.5 - py) / r;
        if (d > 1.3) continue;
        const k = d < 1 ? 0.62 + 0.3 * d * d : y > py ? 1.06 : 0.97;
        const q = ((((y % height) + height) % height) * width + (((x % width) + width) % width)) * 3;
        for (let ch = 0; ch < 3; ch++) data[q + ch] = Math.min(255, (data[q + ch] as number) * k);
      }
    }
  }
  return tex;
}

/** Formwork seams and tie holes on a wall texture, drawn in place. */
function formwork(tex: RawImage, panelW: number, panelH: number, seed: number): void {
  const { width: w, height: h, data } = tex;
  const dark = (x: number, y: number, k: number) => {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    const q = (y * w + x) * 3;
    for (let c = 0; c < 3; c++) data[q + c] = (data[q + c] as number) * k;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = x % panelW;
      const sy = y % panelH;
      if (sx === 0 || sy === 0) dark(x, y, 0.9);
      else if (sx === 1 || sy === 1) dark(x, y, 1.04);
    }
  }
  // Tie holes: small dark discs a fixed step in from each panel corner.
  const r = Math.max(1.5, panelW * 0.018);
  for (let py = 0; py < h; py += panelH) {
    for (let px = 0; px < w; px += panelW) {
      if (hashUnit(px, py, seed) < 0.1) continue;
      for (const [fx, fy] of [
        [0.2, 0.25],
        [0.8, 0.25],
        [0.2, 0.75],
        [0.8, 0.75],
      ] as const) {
        const cx = px + panelW * fx;
        const cy = py + panelH * fy;
        for (let y = Math.floor(cy - r - 1); y <= cy + r + 1; y++) {
          for (let x = Math.floor(cx - r - 1); x <= cx + r + 1; x++) {
            const d = Math.hypot(x - cx, y - cy);
            if (d <= r) dark(x, y, 0.55 + 0.25 * (d / r));
            else if (d <= r + 1) dark(x, y, 1.05);
          }
        }
      }
    }
  }
}

export const concrete: FamilyDef = {
  family: 'concrete',
  category: 'surface',
  hardness: [0.4, 0.65],
  async build(ctx) {
    const { rng, colors, width: W, height: H } = ctx;
    const g = tableGeometry(ctx, { horizon: [0.52, 0.62] });
    // Concrete is grey; the scene's hue only tints it.
    const wallColor = oklch(colors.dark ? 0.42 : rng.range(0.72, 0.8), Math.min(0.018, colors.c * 0.4), colors.hue);
    const floorColor = adjust(wallColor, { dl: colors.dark ? -0.04 : rng.range(-0.06, 0.02) });
    const seed = rng.int(1, 1e6);
    // The wall is behind the focus plane: made at half size, enlarged when composited.
    const ww = Math.round(W / 2);
    const wh = Math.round(g.horizonY / 2) + 2;
    const wallTex = concreteTexture(ww, wh, seed, wallColor, { pores: 6, polish: 0 });
    const withForms = rng.chance(0.6);
    if (withForms) formwork(wallTex, Math.round(ww / rng.pick([2, 3])), Math.round(wh / rng.pick([1, 2])) + 1, seed);
    const size = texSize(ctx, 1024);
    const floorTex = concreteTexture(size, size, seed + 5, floorColor, { pores: 1.5, polish: 0.8 });
    const base = flatBase(ctx, (b) => b.add(`<rect width="${W}" height="${H}" fill="${floorColor}"/>`));
    const wall = { kind: 'raw' as const, image: wallTex, left: 0, top: 0, width: W, height: Math.round(g.horizonY) + 4, blend: 'over' as const };
    const floor = await floorLayer(ctx, floorTex, g.cam, { texelsPerPixel: 0.6, softness: 2 });
    const shade = tableShade(ctx, g, oklch(0.2, 0.01, colors.hue), { junction: 0.25, falloff: 0.22 });
    const glow = tableGlow(ctx, g, oklch(0.97, 0.01, 85), { strength: 0.1, sheen: 0.14 });
    return { horizonY: g.horizonY, floorY: g.floorY, variant: withForms ? 'cast' : 'smooth', layers: [base, wall, floor, shade, glow] };
  },
};
