/**
 * A plinth to stand the product on: a cylinder (or two stacked, or a block) shaded by the
 * scene's light, its cast shadow on the floor, optionally an arch panel on the wall behind.
 */
import { adjust, mix } from '../../artwork/color.js';
import type { SceneLayer } from '../raster.js';
import { type BuildContext, type FamilyDef, SvgBuilder, f, flatBase, shadowDirection, shadowLength, towardsLight } from '../stage.js';
import { tableGlow, tableShade } from './common.js';

type PodiumKind = 'cylinder' | 'stacked' | 'block' | 'arch';

/** Horizontal shading stops of a lit cylinder: Lambert on its curved side, light from the scene's side. */
function cylinderStops(ctx: BuildContext, color: string): [number, string][] {
  const L = towardsLight(ctx.light);
  const lx = L.x * Math.cos((ctx.light.elevation * Math.PI) / 180);
  const stops: [number, string][] = [];
  for (let i = 0; i <= 12; i++) {
    const t = i / 12;
    const nx = t * 2 - 1;
    const nz = Math.sqrt(Math.max(0, 1 - nx * nx));
    // Normal (nx, nz) against a light coming from the side lx and the front 0.55.
    const lambert = Math.max(0, nx * lx + nz * 0.55);
    const rim = nz < 0.25 ? (0.25 - nz) * 0.4 : 0;
    const dl = -0.16 + lambert * 0.22 + rim * 0.3;
    stops.push([t, adjust(color, { dl })]);
  }
  return stops;
}

interface Plinth {
  cx: number;
  topY: number;
  bottomY: number;
  rx: number;
  ry: number;
}

function drawCylinder(b: SvgBuilder, ctx: BuildContext, p: Plinth, color: string): void {
  const fill = b.linear(p.cx - p.rx, 0, p.cx + p.rx, 0, cylinderStops(ctx, color));
  const body = `M${f(p.cx - p.rx)} ${f(p.topY)} L${f(p.cx - p.rx)} ${f(p.bottomY)} A${f(p.rx)} ${f(p.ry)} 0 0 0 ${f(p.cx + p.rx)} ${f(p.bottomY)} L${f(p.cx + p.rx)} ${f(p.topY)} Z`;
  b.add(`<path d="${body}" fill="${fill}"/>`);
  const L = towardsLight(ctx.light);
  // Top face: lit from above, a touch brighter towards the lamp.
  const top = adjust(color, { dl: 0.05 + 0.04 * Math.sin((ctx.light.elevation * Math.PI) / 180) });
  const topFill = b.linear(p.cx - L.x * p.rx, p.topY - L.y * p.ry, p.cx + L.x * p.rx, p.topY + L.y * p.ry, [
    [0, adjust(top, { dl: 0.025 })],
    [1, adjust(top, { dl: -0.02 })],
  ]);
  b.add(`<ellipse cx="${f(p.cx)}" cy="${f(p.topY)}" rx="${f(p.rx)}" ry="${f(p.ry)}" fill="${topFill}"/>`);
  // A fine bright edge where the top meets the side.
  b.add(
    `<ellipse cx="${f(p.cx)}" cy="${f(p.topY)}" rx="${f(p.rx - 1)}" ry="${f(p.ry - 0.5)}" fill="none" stroke="${adjust(top, { dl: 0.06 })}" stroke-opacity="0.5" stroke-width="${f(2 * ctx.unit)}"/>`,
  );
}

function drawBlock(b: SvgBuilder, ctx: BuildContext, p: Plinth, color: string): void {
  const L = towardsLight(ctx.light);
  const depth = p.ry * 2;
  const front = adjust(color, { dl: -0.03 });
  const top = adjust(color, { dl: 0.05 });
  const x0 = p.cx - p.rx;
  const x1 = p.cx + p.rx;
  // Front face, top face as a parallelogram receding towards the vanishing point above.
  const topFar = p.topY - depth;
  const inset = p.rx * 0.06;
  b.add(`<path d="M${f(x0)} ${f(p.topY)} L${f(x1)} ${f(p.topY)} L${f(x1 - inset)} ${f(topFar)} L${f(x0 + inset)} ${f(topFar)} Z" fill="${top}"/>`);
  b.add(
    `<rect x="${f(x0)}" y="${f(p.topY)}" width="${f(2 * p.rx)}" height="${f(p.bottomY - p.topY)}" fill="${b.linear(x0, 0, x1, 0, [
      [0, L.x < 0 ? adjust(front, { dl: 0.03 }) : adjust(front, { dl: -0.03 })],
      [1, L.x < 0 ? adjust(front, { dl: -0.03 }) : adjust(front, { dl: 0.03 })],
    ])}"/>`,
  );
  b.add(
    `<line x1="${f(x0)}" y1="${f(p.topY)}" x2="${f(x1)}" y2="${f(p.topY)}" stroke="${adjust(top, { dl: 0.06 })}" stroke-width="${f(2 * ctx.unit)}" stroke-opacity="0.6"/>`,
  );
}

/** The plinth's shadow on the floor: its footprint swept away from the light. */
function plinthShadow(b: SvgBuilder, ctx: BuildContext, p: Plinth, shade: string): void {
  const d = shadowDirection(ctx.light);
  const len = shadowLength(ctx.light) * (p.bottomY - p.topY) * 0.9;
  const dx = d.x * len;
  const dy = d.y * len;
  const steps = 8;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    b.add(
      `<ellipse cx="${f(p.cx + dx * t)}" cy="${f(p.bottomY + dy * t)}" rx="${f(p.rx)}" ry="${f(p.ry)}" fill="${shade}" fill-opacity="${(0.5 * (1 - t * 0.6)).toFixed(3)}"/>`,
    );
  }
  // Contact: dark and tight right at the base.
  b.add(`<ellipse cx="${f(p.cx)}" cy="${f(p.bottomY + p.ry * 0.1)}" rx="${f(p.rx * 1.02)}" ry="${f(p.ry * 1.1)}" fill="${shade}" fill-opacity="0.55"/>`);
}

export const podium: FamilyDef = {
  family: 'podium',
  category: 'studio',
  hardness: [0.35, 0.7],
  // Light from high and behind: the product's shadow stays on the plinth's top.
  elevation: [50, 68],
  swing: [8, 30],
  build(ctx) {
    const { rng, colors, width: W, height: H, unit } = ctx;
    const kind: PodiumKind = rng.weighted([
      ['cylinder', 4],
      ['stacked', 2],
      ['block', 2],
      ['arch', 3],
    ] as const);
    const horizonY = H * rng.range(0.5, 0.6);
    const wall = colors.wall;
    const floorColor = adjust(colors.floor, { dl: colors.dark ? 0.03 : -0.04 });
    const podiumColor = rng.chance(0.5) ? mix(colors.wall, colors.accent, 0.45) : adjust(colors.wall, { dl: colors.dark ? 0.08 : -0.05, cScale: 1.2 });
    const rx = W * rng.range(0.24, 0.33);
    const ry = rx * rng.range(0.1, 0.14);
    const bottomY = horizonY + (H - horizonY) * rng.range(0.55, 0.7);
    const topY = bottomY - H * rng.range(0.12, 0.2);
    const plinths: Plinth[] = [];
    if (kind === 'stacked') {
      const low = { cx: W / 2 + rng.range(-0.04, 0.04) * W, topY: bottomY - (bottomY - topY) * 0.45, bottomY, rx: rx * 1.35, ry: ry * 1.35 };
      plinths.push(low, { cx: W / 2, topY, bottomY: low.topY, rx, ry });
    } else plinths.push({ cx: W / 2, topY, bottomY, rx, ry });
    const stand = plinths[plinths.length - 1] as Plinth;

    const base = flatBase(ctx, (b) => {
      b.add(`<rect width="${W}" height="${H}" fill="${wall}"/>`);
      b.add(`<rect y="${f(horizonY)}" width="${W}" height="${f(H - horizonY)}" fill="${floorColor}"/>`);
    });
    const shadeColor = adjust(wall, { l: 0.22, cScale: 1.3 });
    const layers: SceneLayer[] = [base];

    // An arch panel standing in front of the wall, with its own soft shadow on the wall.
    const archW = W * rng.range(0.42, 0.56);
    const archTop = H * rng.range(0.12, 0.22);
    const archX = W / 2 - archW / 2 + rng.range(-0.06, 0.06) * W;
    const archPath = `M${f(archX)} ${f(horizonY)} L${f(archX)} ${f(archTop + archW / 2)} A${f(archW / 2)} ${f(archW / 2)} 0 0 1 ${f(archX + archW)} ${f(archTop + archW / 2)} L${f(archX + archW)} ${f(horizonY)} Z`;
    if (kind === 'arch') {
      layers.push({
        kind: 'svg',
        svg: new SvgBuilder('arch')
          .add(
            `<rect width="${W}" height="${H}" fill="none"/><path d="${archPath}" fill="${adjust(mix(wall, colors.accent, 0.35), { dl: colors.dark ? 0.05 : -0.03 })}"/>`,
          )
          .svg(W, H),
        scale: 0.5,
        blend: 'over',
      });
    }
    layers.push(
      tableShade(ctx, { horizonY }, shadeColor, {
        junction: 0.2,
        extra: (b) => {
          if (kind === 'arch') {
            const L = towardsLight(ctx.light);
            b.add(`<path d="${archPath}" transform="translate(${f(-L.x * 18 * unit)} ${f(-L.y * 10 * unit)})" fill="${shadeColor}" fill-opacity="0.22"/>`);
          }
          for (const p of plinths) plinthShadow(b, ctx, p, shadeColor);
        },
      }),
    );
    // Props: the plinth itself, crisp at full size, only over its own bounding box.
    const b = new SvgBuilder('pd');
    for (const p of plinths) (kind === 'block' ? drawBlock : drawCylinder)(b, ctx, p, podiumColor);
    const left = Math.max(0, Math.floor(Math.min(...plinths.map((p) => p.cx - p.rx)) - 2));
    const right = Math.min(W, Math.ceil(Math.max(...plinths.map((p) => p.cx + p.rx)) + 2));
    const top = Math.max(0, Math.floor(Math.min(...plinths.map((p) => p.topY - p.ry * (kind === 'block' ? 2.2 : 1.2))) - 2));
    const bottom = Math.min(H, Math.ceil(Math.max(...plinths.map((p) => p.bottomY + p.ry)) + 2));
    const region = { left, top, width: right - left, height: bottom - top };
    layers.push({
      kind: 'svg',
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${region.width}" height="${region.height}" viewBox="${region.left} ${region.top} ${region.width} ${region.height}"><defs>${b.defs.join('')}</defs>${b.body.join('')}</svg>`,
      region,
      blend: 'over',
    });
    layers.push(tableGlow(ctx, { horizonY, floorY: stand.topY }, adjust(wall, { l: 0.97, c: 0.01 }), { strength: 0.12 }));
    return { horizonY, floorY: kind === 'block' ? stand.topY - stand.ry : stand.topY, variant: kind, layers };
  },
};
