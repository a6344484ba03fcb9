/**
 * Pieces the table-top families share: the camera over a table against a wall, the table's
 * light (falloff, contact line, pool of light, polished sheen), texture sizing and colour
 * helpers for texture generators.
 */
import { type Hex, hexToRgb } from '../../artwork/color.js';
import { type FloorCamera, type RawImage, type SceneLayer, blurred, floorCamera, warpFloor } from '../raster.js';
import { type BuildContext, SvgBuilder, ambientShade, f, glowLayer, lightPool, shadeLayer, towardsLight } from '../stage.js';

export interface TableGeometry {
  horizonY: number;
  floorY: number;
  cam: FloorCamera;
}

/** A table (or floor) meeting a wall: where the edge is, how deep the table runs, where the product stands. */
export function tableGeometry(
  ctx: BuildContext,
  o: { horizon?: readonly [number, number]; zFar?: readonly [number, number]; stand?: readonly [number, number] } = {},
): TableGeometry {
  const { rng, width: W, height: H } = ctx;
  const [h0, h1] = o.horizon ?? [0.5, 0.6];
  const [z0, z1] = o.zFar ?? [2.6, 3.6];
  const [s0, s1] = o.stand ?? [0.42, 0.55];
  const horizonY = H * rng.range(h0, h1);
  const cam = floorCamera(W, H, horizonY, rng.range(z0, z1));
  const floorY = horizonY + (H - horizonY) * rng.range(s0, s1);
  return { horizonY, floorY, cam };
}

/** Texture side for a 2048 scene, scaled with the scene (never below 128). */
export function texSize(ctx: BuildContext, base: number): number {
  return Math.max(128, Math.round(base * ctx.unit));
}

/** A texture laid onto the floor in perspective, the far part drifting out of focus. */
export async function floorLayer(
  ctx: BuildContext,
  tex: RawImage,
  cam: FloorCamera,
  o: { texelsPerPixel: number; softness?: number; offsetU?: number; offsetV?: number },
): Promise<SceneLayer> {
  const soft = await blurred(tex, Math.max(0.8, (o.softness ?? 2.5) * ctx.unit));
  // Textures scale with the scene (texSize), so the same texels per pixel show the same pattern at any size.
  const image = warpFloor(tex, cam, { texelsPerPixel: o.texelsPerPixel, soft, offsetU: o.offsetU, offsetV: o.offsetV, feather: 3 * ctx.unit });
  return { kind: 'raw', image, left: 0, top: Math.floor(cam.horizonY), blend: 'over' };
}

/** The shading of a table set: falloff from the lamp, contact line at the wall, vignette. */
export function tableShade(
  ctx: BuildContext,
  g: { horizonY: number },
  shade: Hex,
  o: {
    falloff?: number;
    top?: number;
    front?: number;
    junction?: number;
    vignette?: number;
    extra?: (b: SvgBuilder) => void;
    blur?: number;
    scale?: number;
  } = {},
): SceneLayer {
  const b = new SvgBuilder('ts');
  ambientShade(b, ctx, {
    horizonY: g.horizonY,
    shade,
    falloff: o.falloff ?? 0.18,
    top: o.top ?? 0.14,
    front: o.front ?? 0.14,
    junction: o.junction ?? 0.16,
    vignette: o.vignette ?? 0.2,
  });
  o.extra?.(b);
  return shadeLayer(b, ctx, o.blur ?? 24 * ctx.unit, o.scale ?? 0.25);
}

/** Light added: a pool on the table and a glow on the wall, optionally a polished sheen. */
export function tableGlow(
  ctx: BuildContext,
  g: { horizonY: number; floorY: number },
  color: Hex,
  o: { strength?: number; sheen?: number; extra?: (b: SvgBuilder) => void } = {},
): SceneLayer {
  const b = new SvgBuilder('tg');
  lightPool(b, ctx, { horizonY: g.horizonY, floorY: g.floorY, color, strength: o.strength ?? 0.16 });
  if (o.sheen) sheen(b, ctx, g, color, o.sheen);
  o.extra?.(b);
  return glowLayer(b, ctx, 40 * ctx.unit);
}

/** The lamp's reflection on a polished surface: a long soft streak on the light's side. */
export function sheen(b: SvgBuilder, ctx: BuildContext, g: { horizonY: number; floorY: number }, color: Hex, strength: number): void {
  const { width: W, height: H } = ctx;
  const L = towardsLight(ctx.light);
  const cx = W / 2 + L.x * W * 0.3;
  const cy = g.horizonY + (H - g.horizonY) * 0.3;
  b.add(
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(W * 0.22)}" ry="${f((H - g.horizonY) * 0.28)}" fill="${b.radial(cx, cy, W * 0.22, (H - g.horizonY) * 0.28, [
      [0, color, strength],
      [1, color, 0],
    ])}"/>`,
  );
}

/** sRGB 0–1 triple of a hex colour, for texture generators. */
export function rgb01(hex: Hex): [number, number, number] {
  const { r, g, b } = hexToRgb(hex);
  return [r, g, b];
}

/** A texture buffer filled by a per-texel colour function (colour 0–1 sRGB). */
export function makeTexture(width: number, height: number, fill: (x: number, y: number, out: Float32Array) => void): RawImage {
  const data = Buffer.alloc(width * height * 3);
  const px = new Float32Array(3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      fill(x, y, px);
      const i = (y * width + x) * 3;
      data[i] = clampByte(px[0] as number);
      data[i + 1] = clampByte(px[1] as number);
      data[i + 2] = clampByte(px[2] as number);
    }
  }
  return { data, width, height, channels: 3 };
}

function clampByte(v: number): number {
  const b = v * 255 + 0.5;
  return b <= 0 ? 0 : b >= 255 ? 255 : b;
}

/** True when (x, y) is clear of the product's spot (an ellipse around the centre of the floor line). */
export function clearOfProduct(ctx: BuildContext, floorY: number, x: number, y: number, margin = 1): boolean {
  const dx = (x - ctx.width / 2) / (ctx.width * 0.26 * margin);
  const dy = (y - (floorY - ctx.height * 0.25)) / (ctx.height * 0.36 * margin);
  return dx * dx + dy * dy > 1;
}
