/**
 * What every scene family shares: the build context, one light that all shading follows, and
 * the photographic layers (light falloff, contact darkening where floor meets wall, vignette,
 * light pools).
 *
 * Light convention (contracts SceneLight): azimuth 0° = light from the right, 90° = from the
 * top of the image (shadows fall towards the viewer), 180° = from the left. Brighter shading
 * always sits on the light's side, shadows fall away from it, so the compositor's cast shadow
 * agrees with the scene's own.
 */
import type { SceneCategory, SceneFamily, SceneLight } from '@packsmith/contracts';
import type { Rng } from '../artwork/random.js';
import type { SceneColors } from './colors.js';
import type { SceneLayer } from './raster.js';

export interface BuildContext {
  rng: Rng;
  width: number;
  height: number;
  colors: SceneColors;
  light: SceneLight;
  /** Longer side / 2048: multiply pixel sizes by it so scenes look the same at any size. */
  unit: number;
}

export interface FamilyPlan {
  /** Pixels from the top where the floor meets the wall. */
  horizonY: number;
  /** Pixels from the top where a product stands. */
  floorY: number;
  variant: string;
  /** Bottom first; the first layer is opaque. */
  layers: SceneLayer[];
}

export interface FamilyDef {
  family: SceneFamily;
  category: SceneCategory;
  /** Range of light hardness the family's look implies (soft box … sun). */
  hardness: readonly [number, number];
  elevation?: readonly [number, number];
  /** How far from overhead (90°) the light's azimuth may swing, degrees (default 20–62). */
  swing?: readonly [number, number];
  build(ctx: BuildContext): FamilyPlan | Promise<FamilyPlan>;
}

export function chooseLight(rng: Rng, def: Pick<FamilyDef, 'hardness' | 'elevation' | 'swing'>): SceneLight {
  // Light from above-left or above-right, as on a product table; never from below the camera.
  const side = rng.chance(0.5) ? 1 : -1;
  const [s0, s1] = def.swing ?? [20, 62];
  const azimuth = Math.round(90 + side * rng.range(s0, s1));
  const [e0, e1] = def.elevation ?? [30, 60];
  return { azimuth, elevation: Math.round(rng.range(e0, e1)), hardness: Math.round(rng.range(def.hardness[0], def.hardness[1]) * 100) / 100 };
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Unit vector in image space (y down) pointing from the scene towards the light. */
export function towardsLight(light: SceneLight): { x: number; y: number } {
  return { x: Math.cos(rad(light.azimuth)), y: -Math.sin(rad(light.azimuth)) };
}

/** Direction (image space) a cast shadow runs along the floor, foreshortened in depth. */
export function shadowDirection(light: SceneLight, foreshorten = 0.35): { x: number; y: number } {
  return { x: -Math.cos(rad(light.azimuth)), y: Math.sin(rad(light.azimuth)) * foreshorten };
}

/** Length of a shadow on the floor per unit of height. */
export function shadowLength(light: SceneLight): number {
  return Math.min(2.2, Math.max(0.25, 1 / Math.tan(rad(Math.max(8, light.elevation)))));
}

/** Softness of shadows in scene pixels for this light (hard sun ≈ a few px, soft box ≈ 60). */
export function shadowBlur(light: SceneLight, unit: number, scale = 1): number {
  return (4 + (1 - light.hardness) ** 1.5 * 60) * unit * scale;
}

export const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** Builds SVG fragments with ids unique within one document. */
export class SvgBuilder {
  private n = 0;
  defs: string[] = [];
  body: string[] = [];
  constructor(private readonly prefix: string) {}
  id(): string {
    this.n += 1;
    return `${this.prefix}${this.n}`;
  }
  /** A linear gradient in scene coordinates; returns its url(). */
  linear(x1: number, y1: number, x2: number, y2: number, stops: readonly (readonly [number, string, number?])[]): string {
    const id = this.id();
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stopsSvg(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  /** A radial gradient (ellipse via gradientTransform) in scene coordinates. */
  radial(cx: number, cy: number, rx: number, ry: number, stops: readonly (readonly [number, string, number?])[]): string {
    const id = this.id();
    const sy = ry / rx;
    this.defs.push(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="${f(rx)}" gradientTransform="translate(${f(cx)} ${f(cy)}) scale(1 ${sy.toFixed(4)})">${stopsSvg(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  add(fragment: string): this {
    this.body.push(fragment);
    return this;
  }
  svg(width: number, height: number): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

function stopsSvg(stops: readonly (readonly [number, string, number?])[]): string {
  return stops.map(([o, c, a]) => `<stop offset="${o.toFixed(3)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a.toFixed(3)}"`}/>`).join('');
}

/** An opaque multiply layer (white = untouched) rendered small and blurred. */
export function shadeLayer(b: SvgBuilder, ctx: BuildContext, blur: number, scale = 0.25): SceneLayer {
  b.body.unshift(`<rect width="${ctx.width}" height="${ctx.height}" fill="#ffffff"/>`);
  return { kind: 'svg', svg: b.svg(ctx.width, ctx.height), scale, blur, blend: 'multiply' };
}

/** An opaque screen layer (black = untouched) rendered small and blurred. */
export function glowLayer(b: SvgBuilder, ctx: BuildContext, blur: number, scale = 0.25): SceneLayer {
  b.body.unshift(`<rect width="${ctx.width}" height="${ctx.height}" fill="#000000"/>`);
  return { kind: 'svg', svg: b.svg(ctx.width, ctx.height), scale, blur, blend: 'screen' };
}

/**
 * The shading every set has: light falling off away from the lamp, the top of the wall and the
 * foreground dimmer, a soft contact line where floor meets wall, a vignette.
 */
export function ambientShade(
  b: SvgBuilder,
  ctx: BuildContext,
  o: { horizonY: number; shade: string; falloff?: number; top?: number; front?: number; junction?: number; vignette?: number },
): void {
  const { width: W, height: H } = ctx;
  const L = towardsLight(ctx.light);
  const cx = W / 2;
  const cy = H / 2;
  const R = Math.hypot(W, H) / 2;
  const falloff = o.falloff ?? 0.22;
  b.add(
    `<rect width="${W}" height="${H}" fill="${b.linear(cx + L.x * R, cy + L.y * R, cx - L.x * R, cy - L.y * R, [
      [0, o.shade, 0],
      [0.45, o.shade, falloff * 0.35],
      [1, o.shade, falloff],
    ])}"/>`,
  );
  const top = o.top ?? 0.2;
  if (top > 0)
    b.add(
      `<rect width="${W}" height="${f(o.horizonY)}" fill="${b.linear(0, 0, 0, o.horizonY, [
        [0, o.shade, top],
        [1, o.shade, 0],
      ])}"/>`,
    );
  const front = o.front ?? 0.16;
  if (front > 0)
    b.add(
      `<rect y="${f(o.horizonY)}" width="${W}" height="${f(H - o.horizonY)}" fill="${b.linear(0, o.horizonY, 0, H, [
        [0, o.shade, 0],
        [0.5, o.shade, front * 0.25],
        [1, o.shade, front],
      ])}"/>`,
    );
  const junction = o.junction ?? 0;
  if (junction > 0) {
    const t = 0.035 * H;
    b.add(
      `<rect y="${f(o.horizonY - t)}" width="${W}" height="${f(2 * t)}" fill="${b.linear(0, o.horizonY - t, 0, o.horizonY + t, [
        [0, o.shade, 0],
        [0.5, o.shade, junction],
        [1, o.shade, 0],
      ])}"/>`,
    );
  }
  const vig = o.vignette ?? 0.28;
  if (vig > 0)
    b.add(
      `<rect width="${W}" height="${H}" fill="${b.radial(cx, cy, R * 1.05, R * 1.05, [
        [0, o.shade, 0],
        [0.55, o.shade, 0],
        [1, o.shade, vig],
      ])}"/>`,
    );
}

/** A soft pool of light on the floor and a glow on the wall, on the light's side of centre. */
export function lightPool(b: SvgBuilder, ctx: BuildContext, o: { horizonY: number; floorY: number; color: string; strength?: number }): void {
  const { width: W, height: H } = ctx;
  const L = towardsLight(ctx.light);
  const s = o.strength ?? 0.22;
  const px = W / 2 + L.x * W * 0.14;
  const py = (o.horizonY + o.floorY) / 2;
  b.add(
    `<rect width="${W}" height="${H}" fill="${b.radial(px, py, W * 0.55, (o.floorY - o.horizonY) * 1.1 + H * 0.05, [
      [0, o.color, s],
      [0.6, o.color, s * 0.35],
      [1, o.color, 0],
    ])}"/>`,
  );
  const gx = W / 2 + L.x * W * 0.22;
  const gy = o.horizonY - H * 0.18 + L.y * H * 0.08;
  b.add(
    `<rect width="${W}" height="${H}" fill="${b.radial(gx, gy, W * 0.6, H * 0.45, [
      [0, o.color, s * 0.8],
      [1, o.color, 0],
    ])}"/>`,
  );
}

/** A flat colour base layer (smooth; rendered small). */
export function flatBase(ctx: BuildContext, build: (b: SvgBuilder) => void, scale = 0.25): SceneLayer {
  const b = new SvgBuilder('base');
  build(b);
  return { kind: 'svg', svg: b.svg(ctx.width, ctx.height), scale, blend: 'over' };
}
