/** Botanical: leaves and flowers framing soft serif type on calm natural grounds. */
import { mix } from '../color.js';
import { type Rect, squareAt, union } from '../geometry.js';
import { drawIcon } from '../icons.js';
import { num } from '../svg.js';
import { defineLayout } from './define.js';
import { type LayoutContext, downTo, flat, hairline, logoSlot, openHeight, stack } from './kit.js';

const LEAFY = ['leaf', 'sprout', 'flower-2', 'flower', 'clover', 'leafy-green'];

function foliage(ctx: LayoutContext): string[] {
  // Leaves lead; the brief's own plant icons join them.
  const own = ctx.icons.filter((i) => LEAFY.includes(i) && i !== 'leaf');
  return ['leaf', ...own, 'leaf'].slice(0, 3);
}

export const botanicalWreath = defineLayout({
  id: 'botanical/wreath',
  family: 'botanical',
  front({ ctx, p, t, art, rng, u, C }) {
    const cy = downTo(ctx, 0.46);
    const textBox = { x: C.x + C.w * 0.12, y: cy - C.h * 0.22, w: C.w * 0.76, h: C.h * 0.44 };
    const placed = stack(art, textBox, [
      { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.15, maxHeight: textBox.h * 0.55, maxLines: 3, fill: p.primary, alternatives: [p.text] },
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.07, maxHeight: textBox.h * 0.3, maxLines: 2, fill: p.text, gap: u * 0.035 },
    ]);
    let hull: Rect | null = null;
    for (const pl of placed) hull = hull ? union(hull, pl.zone) : pl.zone;
    const hb = hull ?? textBox;
    // An elliptical wreath hugging the names.
    const leaf = u * 0.085;
    const rx = Math.min(hb.w / 2 + leaf * 1.1, ctx.w / 2 - leaf * 0.7);
    const ry = Math.min(hb.h / 2 + leaf * 1.2, openHeight(ctx) * 0.42);
    const ecx = hb.x + hb.w / 2;
    const ecy = hb.y + hb.h / 2;
    const count = Math.max(14, Math.round((Math.PI * (rx + ry)) / (leaf * 0.95)));
    const shapes = foliage(ctx);
    const gap = rng.range(0.1, 0.16);
    for (let i = 0; i < count; i++) {
      const f = i / count;
      if (Math.abs(f - 0.75) < gap / 2) continue;
      const a = f * Math.PI * 2;
      const x = ecx + Math.cos(a) * rx;
      const y = ecy + Math.sin(a) * ry;
      const name = shapes[i % shapes.length] ?? 'leaf';
      const color = i % 3 === 0 ? p.accent : p.primary;
      const rot = (a * 180) / Math.PI + 90 + rng.range(-12, 12);
      art.ornament(drawIcon({ name, cx: x, cy: y, size: leaf, color, strokeMm: hairline(ctx, 1.1), rotate: rot }), squareAt(x, y, leaf * 1.3));
    }
    const below = ecy + ry + leaf * 0.7;
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: C.y, w: C.w, h: Math.max(u * 0.06, Math.min(u * 0.11, ecy - ry - leaf - C.y)) });
    stack(art, { x: C.x, y: below, w: C.w, h: C.y + C.h - below }, [
      { role: 'descriptor', text: ctx.descriptor, style: t.label, maxSize: u * 0.032, maxHeight: u * 0.09, maxLines: 2, fill: p.text },
    ]);
  },
});

export const botanicalArch = defineLayout({
  id: 'botanical/arch',
  family: 'botanical',
  backdrop(ctx) {
    // A light ground takes a blush of the primary, unless the brief named the ground's colour.
    flat(ctx, mix(ctx.palette.background, ctx.palette.primary, ctx.palette.mode === 'light' && !ctx.palette.roles ? 0.14 : 0));
  },
  front({ ctx, p, t, art, rng, u, C }) {
    const aw = Math.min(C.w * 0.84, C.h * 0.62);
    const ax = (ctx.w - aw) / 2;
    const atop = C.y + u * 0.04;
    const abot = C.y + C.h * 0.84;
    const r = aw / 2;
    const arch = `M${num(ax)} ${num(abot)}V${num(atop + r)}A${num(r)} ${num(r)} 0 0 1 ${num(ax + aw)} ${num(atop + r)}V${num(abot)}Z`;
    art.background(`<path d="${arch}" fill="${p.surface}"/>`);
    art.background(`<path d="${arch}" fill="none" stroke="${p.primary}" stroke-width="${num(hairline(ctx, 0.8), 3)}" transform="translate(0 0)"/>`);
    const inner = { x: ax + aw * 0.1, y: atop + r * 0.55, w: aw * 0.8, h: abot - (atop + r * 0.55) - u * 0.04 };
    const logoH = ctx.logo ? u * 0.1 : 0;
    if (ctx.logo) logoSlot(ctx, { x: inner.x, y: inner.y, w: inner.w, h: logoH });
    else {
      const s = r * 0.42;
      art.ornament(
        drawIcon({ name: foliage(ctx)[0] ?? 'leaf', cx: ctx.w / 2, cy: atop + r * 0.55, size: s, color: p.primary, strokeMm: hairline(ctx, 1.1) }),
        squareAt(ctx.w / 2, atop + r * 0.55, s * 1.2),
      );
      art.artZone(squareAt(ctx.w / 2, atop + r * 0.5, r * 0.6), 'circle');
    }
    const region = { x: inner.x, y: inner.y + (logoH ? logoH + u * 0.03 : r * 0.3), w: inner.w, h: inner.h - (logoH ? logoH + u * 0.03 : r * 0.3) };
    stack(art, region, [
      { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.14, maxHeight: region.h * 0.5, maxLines: 3, fill: p.primary, alternatives: [p.text] },
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.065, maxHeight: region.h * 0.28, maxLines: 2, fill: p.text, gap: u * 0.03 },
    ]);
    const below = abot + u * 0.04;
    stack(art, { x: C.x, y: below, w: C.w, h: C.y + C.h - below }, [
      { role: 'descriptor', text: ctx.descriptor, style: t.label, maxSize: u * 0.032, maxHeight: u * 0.08, maxLines: 2, fill: p.text },
    ]);
    // Sprigs growing up both sides of the arch.
    const leaf = u * 0.09;
    const shapes = foliage(ctx);
    for (const side of [-1, 1]) {
      for (let i = 0; i < 4; i++) {
        const x = side < 0 ? ax - leaf * 0.15 + rng.range(-leaf * 0.1, leaf * 0.1) : ax + aw + leaf * 0.15 + rng.range(-leaf * 0.1, leaf * 0.1);
        const y = abot - leaf * 0.4 - i * leaf * 0.85;
        art.ornament(
          drawIcon({
            name: shapes[i % shapes.length] ?? 'leaf',
            cx: x,
            cy: y,
            size: leaf * (1 - i * 0.12),
            color: i % 2 ? p.accent : p.primary,
            strokeMm: hairline(ctx, 1.1),
            rotate: side * (25 + i * 8),
          }),
          squareAt(x, y, leaf * 1.3),
        );
      }
    }
  },
});

export const botanicalSprigs = defineLayout({
  id: 'botanical/corner-sprigs',
  family: 'botanical',
  front({ ctx, p, t, art, rng, u, C }) {
    const logoH = ctx.logo ? u * 0.1 : 0;
    const band = { x: C.x, y: C.y + C.h * 0.26, w: C.w, h: C.h * 0.5 };
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: band.y - logoH - u * 0.04, w: C.w, h: logoH });
    stack(art, band, [
      {
        role: 'descriptor',
        text: ctx.descriptor,
        style: t.label,
        maxSize: u * 0.03,
        maxHeight: band.h * 0.12,
        maxLines: 2,
        fill: p.accent,
        alternatives: [p.text],
      },
      {
        role: 'brand',
        text: ctx.brand,
        style: t.brand,
        maxSize: u * 0.16,
        maxHeight: band.h * 0.5,
        maxLines: 3,
        fill: p.primary,
        alternatives: [p.text],
        gap: u * 0.04,
      },
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.07, maxHeight: band.h * 0.25, maxLines: 2, fill: p.text, gap: u * 0.035 },
    ]);
    const leaf = u * 0.13;
    const shapes = foliage(ctx);
    const corners = rng.chance(0.5)
      ? [
          [0, 0],
          [1, 1],
        ]
      : [
          [1, 0],
          [0, 1],
        ];
    for (const [fx = 0, fy = 0] of corners) {
      const ox = fx === 0 ? 0 : ctx.w;
      const oy = fy === 0 ? 0 : ctx.h;
      const sx = fx === 0 ? 1 : -1;
      const sy = fy === 0 ? 1 : -1;
      for (let i = 0; i < 9; i++) {
        const a = (i / 8) * (Math.PI / 2);
        const dist = leaf * (0.9 + (i % 3) * 0.7);
        const x = ox + sx * Math.cos(a) * dist;
        const y = oy + sy * Math.sin(a) * dist;
        const rot = (Math.atan2(sy * Math.sin(a), sx * Math.cos(a)) * 180) / Math.PI + 90;
        art.ornament(
          drawIcon({
            name: shapes[i % shapes.length] ?? 'leaf',
            cx: x,
            cy: y,
            size: leaf,
            color: i % 3 === 1 ? p.accent : p.primary,
            strokeMm: hairline(ctx, 1.1),
            rotate: rot,
          }),
          squareAt(x, y, leaf * 1.3),
        );
      }
    }
  },
});
