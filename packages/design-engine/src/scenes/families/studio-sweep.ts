/** A seamless paper cyclorama: wall curving into floor with no line, a soft box's pool of light. */
import { adjust, mix } from '../../artwork/color.js';
import { type FamilyDef, SvgBuilder, ambientShade, flatBase, glowLayer, lightPool, shadeLayer } from '../stage.js';

export const studioSweep: FamilyDef = {
  family: 'studio_sweep',
  category: 'studio',
  hardness: [0.15, 0.4],
  build(ctx) {
    const { width: W, height: H, colors, rng } = ctx;
    const horizonY = H * rng.range(0.55, 0.63);
    const floorY = horizonY + (H - horizonY) * rng.range(0.48, 0.6);
    const wallTop = adjust(colors.wall, { dl: colors.dark ? -0.03 : -0.02 });
    const floor = mix(colors.wall, colors.floor, 0.6);
    const base = flatBase(ctx, (b) => {
      // The paper bends over ~a fifth of the height: a long smooth ramp, never a line.
      b.add(
        `<rect width="${W}" height="${H}" fill="${b.linear(0, 0, 0, H, [
          [0, wallTop],
          [horizonY / H - 0.12, colors.wall],
          [horizonY / H + 0.08, floor],
          [1, adjust(floor, { dl: -0.015 })],
        ])}"/>`,
      );
    });
    const shade = new SvgBuilder('s');
    ambientShade(shade, ctx, { horizonY, shade: adjust(colors.wall, { l: 0.25, cScale: 1.4 }), falloff: 0.24, top: 0.22, front: 0.2, vignette: 0.3 });
    const glow = new SvgBuilder('g');
    lightPool(glow, ctx, { horizonY, floorY, color: adjust(colors.wall, { l: 0.97, c: 0.01 }), strength: colors.dark ? 0.16 : 0.2 });
    return {
      horizonY,
      floorY,
      variant: 'paper',
      layers: [base, shadeLayer(shade, ctx, 60 * ctx.unit), glowLayer(glow, ctx, 80 * ctx.unit)],
    };
  },
};
