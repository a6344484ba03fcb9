/**
 * A colour-field backdrop: soft blobs of two or three harmonising colours melting into each
 * other, a floor that reflects them faintly and fades into the wall without a line.
 */
import { adjust, mix, oklch } from '../../artwork/color.js';
import { type FamilyDef, SvgBuilder, f, glowLayer, towardsLight } from '../stage.js';
import { tableShade } from './common.js';

export const gradient: FamilyDef = {
  family: 'gradient',
  category: 'studio',
  hardness: [0.15, 0.35],
  build(ctx) {
    const { rng, colors, width: W, height: H, unit } = ctx;
    const horizonY = H * rng.range(0.58, 0.66);
    const floorY = horizonY + (H - horizonY) * rng.range(0.45, 0.58);
    // Gradients may carry more colour than the other families: they are the mood.
    const a = oklch(colors.l, Math.min(0.12, colors.c * 1.8 + 0.02), colors.hue);
    const b2 = oklch(colors.dark ? colors.l + 0.1 : colors.l - 0.08, Math.min(0.13, colors.c * 2 + 0.03), colors.hue + rng.pick([-1, 1]) * rng.range(35, 60));
    const c3 = colors.dark ? adjust(colors.accent, { dl: -0.05 }) : mix(a, '#ffffff', 0.45);
    const L = towardsLight(ctx.light);
    const b = new SvgBuilder('gr');
    b.add(`<rect width="${W}" height="${H}" fill="${a}"/>`);
    // Two broad pools of colour, one on each side of the light axis: a studio gel look.
    const blobs: [number, number, number, string, number][] = [
      [W * (0.5 - L.x * 0.3), H * rng.range(0.2, 0.4), W * rng.range(0.6, 0.8), b2, 0.85],
      [W * (0.5 + L.x * 0.32), H * rng.range(0.1, 0.3), W * rng.range(0.45, 0.6), c3, 0.7],
    ];
    for (const [x, y, r, color, o] of blobs)
      b.add(
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(r)}" ry="${f(r * 0.8)}" fill="${b.radial(x, y, r, r * 0.8, [
          [0, color, o],
          [0.6, color, o * 0.5],
          [1, color, 0],
        ])}"/>`,
      );
    // The floor: the wall's colour, a little lighter and calmer, melting in over a band.
    const floor = adjust(mix(a, b2, 0.3), { dl: colors.dark ? 0.04 : 0.03, cScale: 0.8 });
    const band = (H - horizonY) * 0.35;
    b.add(
      `<rect y="${f(horizonY - band)}" width="${W}" height="${f(H - horizonY + band)}" fill="${b.linear(0, horizonY - band, 0, H, [
        [0, floor, 0],
        [0.45, floor, 1],
        [1, adjust(floor, { dl: -0.04 })],
      ])}"/>`,
    );
    const base = { kind: 'svg' as const, svg: b.svg(W, H), scale: 0.125, blur: 30 * unit, blend: 'over' as const };
    const shade = tableShade(ctx, { horizonY }, adjust(a, { l: 0.25, cScale: 1.2 }), { junction: 0, top: 0.08, falloff: 0.12, vignette: 0.16, front: 0.12 });
    const g = new SvgBuilder('gg');
    const px = W / 2 + L.x * W * 0.1;
    g.add(
      `<ellipse cx="${f(px)}" cy="${f(floorY - H * 0.04)}" rx="${f(W * 0.4)}" ry="${f((H - horizonY) * 0.5)}" fill="${g.radial(
        px,
        floorY - H * 0.04,
        W * 0.4,
        (H - horizonY) * 0.5,
        [
          [0, '#ffffff', 0.16],
          [1, '#ffffff', 0],
        ],
      )}"/>`,
    );
    return { horizonY, floorY, variant: colors.dark ? 'deep' : 'soft', layers: [base, shade, glowLayer(g, ctx, 40 * unit)] };
  },
};
