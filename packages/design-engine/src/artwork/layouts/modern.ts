/** Modern: big confident wordmarks, colour blocks, soft gradients and tight grids. */
import { adjust, hexToOklch, oklch } from '../color.js';
import { squareAt } from '../geometry.js';
import { drawIcon } from '../icons.js';
import { line, num, rect } from '../svg.js';
import { defineLayout } from './define.js';
import { type LayoutContext, hairline, inkField, isLandscape, logoSlot, stack } from './kit.js';

export const modernSplit = defineLayout({
  id: 'modern/split',
  family: 'modern',
  front({ ctx, p, t, art, rng, u, C }) {
    const m = C.x;
    const wide = isLandscape(ctx);
    const share = rng.range(0.56, 0.64);
    const block = wide ? { x: 0, y: 0, w: ctx.w * share, h: ctx.h } : { x: 0, y: 0, w: ctx.w, h: ctx.h * share };
    art.background(rect(block.x, block.y, block.w, block.h, inkField(p, p.primary)));
    const inBlock = { x: block.x + m, y: block.y + m, w: block.w - 2 * m, h: block.h - 2 * m };
    // All type sits in the colour block; the open part holds one large mark.
    const placed = stack(
      art,
      inBlock,
      [
        { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.2, maxHeight: inBlock.h * 0.55, maxLines: 3, fill: p.textOnPrimary, align: 'left' },
        {
          role: 'product',
          text: ctx.product,
          style: t.product,
          maxSize: u * 0.075,
          maxHeight: inBlock.h * 0.25,
          maxLines: 2,
          fill: p.textOnPrimary,
          align: 'left',
          gap: u * 0.03,
        },
        {
          role: 'descriptor',
          text: ctx.descriptor,
          style: t.label,
          maxSize: u * 0.03,
          maxHeight: inBlock.h * 0.12,
          maxLines: 2,
          fill: p.textOnPrimary,
          align: 'left',
          gap: u * 0.05,
        },
      ],
      'bottom',
    );
    const rest = wide
      ? { x: block.w + m, y: m, w: ctx.w - block.w - 2 * m, h: ctx.h - 2 * m }
      : { x: m, y: block.h + m, w: ctx.w - 2 * m, h: ctx.h - block.h - 2 * m };
    if (ctx.logo) logoSlot(ctx, { x: rest.x, y: rest.y + rest.h * 0.25, w: rest.w, h: rest.h * 0.5 }, wide ? 'center' : 'left');
    const s = Math.min(rest.w, rest.h) * (ctx.logo ? 0.45 : 0.7);
    const ix = wide ? rest.x + rest.w / 2 : rest.x + rest.w - s / 2;
    const iy = wide ? (ctx.logo ? rest.y + rest.h - s / 2 : rest.y + rest.h / 2) : rest.y + rest.h / 2;
    if (placed.length)
      art.ornament(
        drawIcon({ name: ctx.icons[0] ?? 'zap', cx: ix, cy: iy, size: s, color: p.primary, strokeMm: hairline(ctx, 1.2) }),
        squareAt(ix, iy, s * 1.15),
      );
    art.artZone(squareAt(ix, iy, s));
    const hl = hairline(ctx, 2);
    if (!wide) art.ornament(line(m, ctx.h - m, m + u * 0.12, ctx.h - m, p.primary, hl), { x: m, y: ctx.h - m - hl, w: u * 0.12, h: hl * 2 });
  },
});

function gradientStops(ctx: LayoutContext): [string, string] {
  const p = ctx.palette;
  if (p.roles) {
    // Named colours: the ground is one of them (or the neutral a metal sits on), so the gradient
    // only breathes within it — a little lighter or deeper, a few degrees of hue — and stays it.
    const g = hexToOklch(p.background);
    const turn = ctx.rng.fork('gradient').pick([-12, 12]);
    return [p.background, oklch(g.l + (g.l < 0.6 ? 0.05 : -0.035), g.c, g.h + turn)];
  }
  const a = hexToOklch(p.primary);
  // Both stops share a lightness band so one text colour passes across the whole gradient,
  // and stay within 50° of hue so the blend never passes through mud.
  const dark = p.mode === 'dark' || (p.mode === 'color' && hexToOklch(p.background).l < 0.6);
  const l = dark ? 0.36 : 0.86;
  const c = Math.max(0.07, Math.min(0.14, a.c));
  // Warm yellows turned further warm go olive when dark: turn those towards red instead.
  const options = a.h > 40 && a.h < 130 ? [-50, -35] : [-50, -35, 35, 50];
  const turn = ctx.rng.fork('gradient').pick(options);
  return [oklch(l, c, a.h), oklch(l + (dark ? 0.06 : -0.03), c, a.h + turn)];
}

export const modernGradient = defineLayout({
  id: 'modern/gradient',
  family: 'modern',
  backdrop(ctx) {
    const [s0, s1] = gradientStops(ctx);
    const id = ctx.art.uid('grad');
    const glow = ctx.art.uid('glow');
    ctx.art.def(
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s0}"/><stop offset="1" stop-color="${s1}"/></linearGradient>`,
    );
    ctx.art.def(
      `<radialGradient id="${glow}" cx="80%" cy="15%" r="60%"><stop offset="0" stop-color="${adjust(s1, { dl: 0.04 })}" stop-opacity="0.9"/><stop offset="1" stop-color="${s1}" stop-opacity="0"/></radialGradient>`,
    );
    ctx.art.background(rect(0, 0, ctx.w, ctx.h, `url(#${id})`));
    ctx.art.background(rect(0, 0, ctx.w, ctx.h, `url(#${glow})`));
  },
  front({ ctx, p, t, art, rng, u, C }) {
    const [s0] = gradientStops(ctx);
    const ink = hexToOklch(s0).l < 0.6 ? '#ffffff' : p.text;
    const align = rng.chance(0.6) ? 'left' : 'center';
    const ringR = u * rng.range(0.22, 0.3);
    const rcx = C.x + C.w - ringR * 0.6;
    const rcy = C.y + ringR * 0.6;
    art.ornament(
      `<circle cx="${num(rcx)}" cy="${num(rcy)}" r="${num(ringR)}" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="${num(hairline(ctx, 1), 3)}"/><circle cx="${num(rcx)}" cy="${num(rcy)}" r="${num(ringR * 0.66)}" fill="none" stroke="${ink}" stroke-opacity="0.25" stroke-width="${num(hairline(ctx, 1), 3)}"/>`,
      squareAt(rcx, rcy, ringR * 2 + hairline(ctx, 2)),
    );
    const logoH = ctx.logo ? u * 0.1 : 0;
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: C.y, w: C.w * 0.35, h: logoH }, 'left');
    const area = { x: C.x, y: C.y + C.h * 0.38, w: C.w, h: C.h * 0.62 };
    stack(
      art,
      area,
      [
        { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.2, maxHeight: area.h * 0.55, maxLines: 3, fill: ink, align },
        { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.068, maxHeight: area.h * 0.22, maxLines: 2, fill: ink, align, gap: u * 0.035 },
        { role: 'descriptor', text: ctx.descriptor, style: t.label, maxSize: u * 0.03, maxHeight: area.h * 0.12, maxLines: 2, fill: ink, align, gap: u * 0.07 },
      ],
      'bottom',
    );
  },
});

export const modernType = defineLayout({
  id: 'modern/type-stack',
  family: 'modern',
  front({ ctx, p, t, art, u, C }) {
    const words = ctx.brand.split(/\s+/).length;
    const top = { x: C.x, y: C.y, w: C.w, h: C.h * 0.6 };
    const placedBrand = stack(
      art,
      top,
      [
        {
          role: 'brand',
          text: ctx.brand,
          style: { ...t.brand, lineHeight: Math.min(t.brand.lineHeight, 1.0) },
          maxSize: u * 0.3,
          maxHeight: top.h,
          maxLines: Math.min(4, Math.max(1, words)),
          lineBias: 1.2,
          fill: p.primary,
          alternatives: [p.text],
          align: 'left',
        },
      ],
      'bottom',
    );
    const brandTop = placedBrand[0]?.zone.y ?? top.y + top.h;
    const free = brandTop - C.y - u * 0.06;
    if (free > u * 0.25) {
      const s = Math.min(free, C.w * 0.6);
      art.ornament(
        drawIcon({ name: ctx.icons[0] ?? 'zap', cx: C.x + s / 2, cy: C.y + s / 2, size: s, color: p.primary, strokeMm: hairline(ctx, 1.1) }),
        squareAt(C.x + s / 2, C.y + s / 2, s * 1.1),
      );
      art.artZone(squareAt(C.x + s / 2, C.y + s / 2, s));
    }
    const hl = hairline(ctx, 1.4);
    const ruleY = C.y + C.h * 0.66;
    art.ornament(line(C.x, ruleY, C.x + C.w, ruleY, p.text, hl), { x: C.x, y: ruleY - hl, w: C.w, h: hl * 2 });
    const lower = { x: C.x, y: ruleY + u * 0.05, w: C.w * (ctx.logo ? 0.62 : 0.78), h: C.y + C.h - ruleY - u * 0.05 };
    stack(
      art,
      lower,
      [
        { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.085, maxHeight: lower.h * 0.55, maxLines: 2, fill: p.text, align: 'left' },
        {
          role: 'descriptor',
          text: ctx.descriptor,
          style: t.label,
          maxSize: u * 0.032,
          maxHeight: lower.h * 0.3,
          maxLines: 2,
          fill: p.text,
          alternatives: [p.primary],
          align: 'left',
          gap: u * 0.03,
        },
      ],
      'top',
    );
    const slot = { x: C.x + C.w * 0.7, y: ruleY + u * 0.05, w: C.w * 0.3, h: Math.min(u * 0.14, lower.h) };
    if (ctx.logo) logoSlot(ctx, slot, 'right');
    else if (free <= u * 0.25) {
      const s = Math.min(slot.w, slot.h);
      art.ornament(
        drawIcon({ name: ctx.icons[0] ?? 'zap', cx: slot.x + slot.w - s / 2, cy: slot.y + s / 2, size: s, color: p.primary, strokeMm: hairline(ctx, 1.3) }),
        squareAt(slot.x + slot.w - s / 2, slot.y + s / 2, s * 1.15),
      );
    }
  },
});
