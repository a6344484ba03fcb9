/**
 * Sunlight through a window onto a plaster wall and floor, with the shadows of a plant that
 * stands between the window and the set: a warm patch of sun, window bars, leaf shadows, all
 * cast along the scene's light direction (the same one the product's shadow will follow).
 */
import { adjust, mix, oklch } from '../../artwork/color.js';
import type { Rng } from '../../artwork/random.js';
import { type BuildContext, type FamilyDef, SvgBuilder, f, flatBase, glowLayer, shadeLayer, shadowBlur, towardsLight } from '../stage.js';
import { concreteTexture } from './concrete.js';
import { floorLayer, tableGeometry, texSize } from './common.js';

/** A narrow pointed leaf from (0, 0) along +x, `len` long. */
function leafPath(len: number, width: number): string {
  return `M0 0 C${f(len * 0.3)} ${f(-width)} ${f(len * 0.75)} ${f(-width * 0.8)} ${f(len)} 0 C${f(len * 0.75)} ${f(width * 0.8)} ${f(len * 0.3)} ${f(width)} 0 0 Z`;
}

/** A palm frond: a curved rachis with leaflets on both sides, shortening towards the tip. */
function frond(rng: Rng, x: number, y: number, angle: number, len: number): string {
  const parts: string[] = [];
  const bend = rng.range(-0.5, 0.5);
  const n = rng.int(14, 20);
  let px = x;
  let py = y;
  let a = angle;
  const step = len / n;
  const stem: string[] = [`M${f(x)} ${f(y)}`];
  for (let i = 0; i < n; i++) {
    a += (bend / n) * 1.5;
    px += Math.cos(a) * step;
    py += Math.sin(a) * step;
    stem.push(`L${f(px)} ${f(py)}`);
    const t = i / n;
    const ll = len * 0.42 * (1 - t * 0.7) * rng.range(0.85, 1.1);
    const lw = ll * 0.09;
    for (const side of [-1, 1]) {
      const la = ((a + side * rng.range(0.75, 1.05)) * 180) / Math.PI;
      parts.push(`<path transform="translate(${f(px)} ${f(py)}) rotate(${f(la)})" d="${leafPath(ll, lw)}"/>`);
    }
  }
  parts.unshift(`<path d="${stem.join(' ')}" fill="none" stroke-width="${f(len * 0.012)}"/>`);
  return parts.join('');
}

/** An olive/eucalyptus sprig: a wandering stem with paired oval leaves. */
function sprig(rng: Rng, x: number, y: number, angle: number, len: number): string {
  const parts: string[] = [];
  const n = rng.int(8, 12);
  let px = x;
  let py = y;
  let a = angle;
  const step = len / n;
  const stem: string[] = [`M${f(x)} ${f(y)}`];
  for (let i = 0; i < n; i++) {
    a += rng.range(-0.25, 0.25);
    px += Math.cos(a) * step;
    py += Math.sin(a) * step;
    stem.push(`L${f(px)} ${f(py)}`);
    const ll = len * rng.range(0.14, 0.2);
    for (const side of [-1, 1]) {
      const la = ((a + side * rng.range(0.5, 0.9)) * 180) / Math.PI;
      parts.push(`<path transform="translate(${f(px)} ${f(py)}) rotate(${f(la)})" d="${leafPath(ll, ll * 0.28)}"/>`);
    }
  }
  parts.unshift(`<path d="${stem.join(' ')}" fill="none" stroke-width="${f(len * 0.01)}"/>`);
  return parts.join('');
}

interface SunGeometry {
  /** The patch of sun (wall and floor). */
  patch: string;
  /** What blocks it: window bars and leaves. */
  blockers: string;
}

/** The window's patch of light and what blocks it, in scene pixels. */
function sunGeometry(ctx: BuildContext, horizonY: number, kind: 'palm' | 'olive'): SunGeometry {
  const { rng, width: W, height: H } = ctx;
  const L = towardsLight(ctx.light);
  // Sun from the upper left lands sloping down to the right, and the other way round.
  const slope = -L.x * rng.range(0.35, 0.6);
  // The window is on the lamp's side: its patch sits on that side of the set.
  const patchW = W * rng.range(0.42, 0.6);
  const mid = W * (0.5 + L.x * rng.range(0.12, 0.22));
  const x0 = mid - patchW / 2;
  const x1 = mid + patchW / 2;
  const top = H * rng.range(0.02, 0.12);
  const shift = slope * (horizonY - top);
  // On the floor the patch runs towards the viewer along the shadow direction.
  const fx = -L.x * (H - horizonY) * 0.9;
  const patch = `M${f(x0)} ${f(top)} L${f(x1)} ${f(top)} L${f(x1 + shift)} ${f(horizonY)} L${f(x1 + shift + fx)} ${f(H * 1.02)} L${f(x0 + shift + fx)} ${f(H * 1.02)} L${f(x0 + shift)} ${f(horizonY)} Z`;
  const bars: string[] = [];
  const nb = rng.int(1, 2);
  const bw = W * 0.018;
  for (let i = 1; i <= nb; i++) {
    const bx = x0 + ((x1 - x0) * i) / (nb + 1);
    bars.push(
      `<path d="M${f(bx - bw / 2)} ${f(top - 2)} L${f(bx + bw / 2)} ${f(top - 2)} L${f(bx + bw / 2 + shift)} ${f(horizonY)} L${f(bx + bw / 2 + shift + fx)} ${f(H * 1.02)} L${f(bx - bw / 2 + shift + fx)} ${f(H * 1.02)} L${f(bx - bw / 2 + shift)} ${f(horizonY)} Z"/>`,
    );
  }
  const ty = top + (horizonY - top) * rng.range(0.35, 0.5);
  bars.push(
    `<path d="M${f(x0 - W * 0.05)} ${f(ty - bw / 2)} L${f(x1 + W * 0.05)} ${f(ty - bw / 2 + (x1 - x0) * 0.0)} L${f(x1 + W * 0.05)} ${f(ty + bw / 2)} L${f(x0 - W * 0.05)} ${f(ty + bw / 2)} Z" transform="translate(${f(shift * ((ty - top) / (horizonY - top)))} 0)"/>`,
  );
  // The plant stands on the lamp's side of the frame; its leaves reach into the patch.
  const leaves: string[] = [];
  const sideX = L.x >= 0 ? W * 1.02 : -W * 0.02;
  const n = kind === 'palm' ? rng.int(2, 3) : rng.int(3, 5);
  for (let i = 0; i < n; i++) {
    const sy = H * rng.range(0.02, 0.45);
    const inward = L.x >= 0 ? Math.PI : 0;
    const ang = inward + rng.range(-0.6, 0.6) + (sy < H * 0.2 ? 0.3 : -0.2) * (L.x >= 0 ? -1 : 1);
    const len = W * rng.range(0.35, 0.6);
    leaves.push(kind === 'palm' ? frond(rng, sideX, sy, ang, len) : sprig(rng, sideX, sy, ang, len));
  }
  return { patch, blockers: bars.join('') + leaves.join('') };
}

export const botanicalShadow: FamilyDef = {
  family: 'botanical_shadow',
  category: 'nature',
  hardness: [0.7, 0.92],
  elevation: [35, 55],
  async build(ctx) {
    const { rng, colors, width: W, height: H, unit } = ctx;
    const g = tableGeometry(ctx, { horizon: [0.55, 0.65], stand: [0.4, 0.52] });
    // Warm plaster: the scene colour pulled towards limewash.
    const plaster = colors.dark ? adjust(colors.wall, { dl: 0.05 }) : mix(colors.wall, oklch(0.9, 0.03, 75), rng.range(0.3, 0.6));
    const floorColor = adjust(plaster, { dl: colors.dark ? 0.04 : -0.05, cScale: 1.1 });
    const kind = rng.pick(['palm', 'olive'] as const);
    const sun = sunGeometry(ctx, g.horizonY, kind);
    const seed = rng.int(1, 1e6);
    const wallTex = concreteTexture(Math.round(W / 2), Math.round(g.horizonY / 2) + 2, seed, plaster, { pores: 0.8, polish: 0.5 });
    const size = texSize(ctx, 768);
    const floorTex = concreteTexture(size, size, seed + 1, floorColor, { pores: 0.8, polish: 0.6 });
    const base = flatBase(ctx, (b) => b.add(`<rect width="${W}" height="${H}" fill="${floorColor}"/>`));
    const wall = { kind: 'raw' as const, image: wallTex, left: 0, top: 0, width: W, height: Math.round(g.horizonY) + 4, blend: 'over' as const };
    const floor = await floorLayer(ctx, floorTex, g.cam, { texelsPerPixel: 0.6 });
    // Shade: everything in the room's cool ambient light, except the sun patch; bars and leaves block the sun.
    const shadeTint = oklch(0.42, 0.04, 250);
    const ambient = colors.dark ? 0.35 : 0.42;
    const s = new SvgBuilder('bs');
    s.add(`<rect width="${W}" height="${H}" fill="${shadeTint}" fill-opacity="${ambient}"/>`);
    s.add(`<path d="${sun.patch}" fill="#ffffff"/>`);
    s.add(`<g fill="${shadeTint}" stroke="${shadeTint}" fill-opacity="${ambient}" stroke-opacity="${ambient}">${sun.blockers}</g>`);
    const junction = g.horizonY;
    s.add(
      `<rect y="${f(junction - H * 0.02)}" width="${W}" height="${f(H * 0.04)}" fill="${s.linear(0, junction - H * 0.02, 0, junction + H * 0.02, [
        [0, shadeTint, 0],
        [0.5, shadeTint, 0.18],
        [1, shadeTint, 0],
      ])}"/>`,
    );
    const shade = shadeLayer(s, ctx, shadowBlur(ctx.light, unit), 0.5);
    // Sunlight is warm: a screen of warm light over the patch, blocked the same way.
    const gl = new SvgBuilder('bg');
    gl.add(`<path d="${sun.patch}" fill="${oklch(0.85, 0.08, 75)}" fill-opacity="0.22"/>`);
    gl.add(`<g fill="#000000" stroke="#000000">${sun.blockers}</g>`);
    const glow = glowLayer(gl, ctx, shadowBlur(ctx.light, unit), 0.5);
    const v = new SvgBuilder('bv');
    v.add(
      `<rect width="${W}" height="${H}" fill="${v.radial(W / 2, H / 2, Math.hypot(W, H) / 2, Math.hypot(W, H) / 2, [
        [0, '#000', 0],
        [0.6, '#000', 0],
        [1, '#000', 0.22],
      ])}"/>`,
    );
    return { horizonY: g.horizonY, floorY: g.floorY, variant: kind, layers: [base, wall, floor, shade, glow, shadeLayer(v, ctx, 0, 0.125)] };
  },
};
