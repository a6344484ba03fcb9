/** Modern: big confident wordmarks, colour blocks, soft gradients and tight grids. */
import { adjust, hexToOklch, oklch } from '../color.js';
import { squareAt } from '../geometry.js';
import { drawIcon } from '../icons.js';
import { line, num, rect } from '../svg.js';
import { type LayoutContext, type LayoutGrammar, content, flat, hairline, isLandscape, logoSlot, stack, unit } from './kit.js';

export const modernSplit: LayoutGrammar = {
  id: 'modern/split',
  family: 'modern',
  backdrop(ctx) {
    flat(ctx, ctx.palette.background);
  },
  front(ctx) {
    const { palette: p, type: t, art, rng } = ctx;
    const u = unit(ctx);
    const C = content(ctx);
    const m = C.x;
    const wide = isLandscape(ctx);
    const share = rng.range(0.56, 0.64);
    const block = wide ? { x: 0, y: 0, w: ctx.w * share, h: ctx.h } : { x: 0, y: 0, w: ctx.w, h: ctx.h * share };
    art.background(rect(block.x, block.y, block.w, block.h, p.primary));
    const inBlock = { x: block.x + m, y: block.y + m, w: block.w - 2 * m, h: block.h - 2 * m };
    const iconS = u * 0.1;
    art.ornament(drawIcon({ name: ctx.icons[0] ?? 'zap', cx: inBlock.x + iconS / 2, cy: inBlock.y + iconS / 2, size: iconS, color: p.textOnPrimary, strokeMm: hairline(ctx, 1.4) }), squareAt(inBlock.x + iconS / 2, inBlock.y + iconS / 2, iconS * 1.2));
    const brandArea = { x: inBlock.x, y: inBlock.y + iconS + u * 0.06, w: inBlock.w, h: inBlock.h - iconS - u * 0.06 };
    stack(art, brandArea, [
      { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.22, maxHeight: brandArea.h, maxLines: 3, fill: p.textOnPrimary, align: 'left' },
    ], 'bottom');
    const rest = wide ? { x: block.w + m, y: m, w: ctx.w - block.w - 2 * m, h: ctx.h - 2 * m } : { x: m, y: block.h + m * 0.8, w: ctx.w - 2 * m, h: ctx.h - block.h - m * 1.8 };
    const logoH = ctx.logo ? Math.min(u * 0.09, rest.h * 0.3) : 0;
    if (ctx.logo) logoSlot(ctx, { x: rest.x + rest.w * 0.6, y: rest.y + rest.h - logoH, w: rest.w * 0.4, h: logoH }, 'right');
    const placed = stack(art, { ...rest, w: ctx.logo && !wide ? rest.w * 0.56 : rest.w }, [
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.07, maxHeight: rest.h * 0.5, maxLines: 2, fill: p.text, align: 'left' },
      { role: 'descriptor', text: ctx.descriptor, style: t.label, maxSize: u * 0.03, maxHeight: rest.h * 0.25, maxLines: 2, fill: p.text, alternatives: [p.primary], align: 'left', gap: u * 0.03 },
    ], wide ? 'bottom' : 'middle');
    const last = placed[placed.length - 1];
    if (last && !ctx.logo) {
      const y = rest.y + rest.h;
      art.ornament(line(rest.x + rest.w * 0.7, y, rest.x + rest.w, y, p.primary, hairline(ctx, 2)), { x: rest.x + rest.w * 0.7, y: y - hairline(ctx, 2), w: rest.w * 0.3, h: hairline(ctx, 4) });
    }
  },
};

function gradientStops(ctx: LayoutContext): [string, string] {
  const p = ctx.palette;
  const a = hexToOklch(p.primary);
  const b = hexToOklch(p.accent);
  // Both stops share a lightness band so one text colour passes across the whole gradient.
  const dark = p.mode !== 'light' || a.l < 0.6;
  const l = dark ? 0.36 : 0.86;
  return [oklch(l, Math.max(0.06, a.c), a.h), oklch(l + (dark ? 0.06 : -0.03), Math.max(0.06, b.c), b.h)];
}

export const modernGradient: LayoutGrammar = {
  id: 'modern/gradient',
  family: 'modern',
  backdrop(ctx) {
    const [s0, s1] = gradientStops(ctx);
    const id = ctx.art.uid('grad');
    const glow = ctx.art.uid('glow');
    ctx.art.def(`<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s0}"/><stop offset="1" stop-color="${s1}"/></linearGradient>`);
    ctx.art.def(`<radialGradient id="${glow}" cx="80%" cy="15%" r="60%"><stop offset="0" stop-color="${adjust(s1, { dl: 0.04 })}" stop-opacity="0.9"/><stop offset="1" stop-color="${s1}" stop-opacity="0"/></radialGradient>`);
    ctx.art.background(rect(0, 0, ctx.w, ctx.h, `url(#${id})`));
    ctx.art.background(rect(0, 0, ctx.w, ctx.h, `url(#${glow})`));
  },
  front(ctx) {
    const { palette: p, type: t, art, rng } = ctx;
    const u = unit(ctx);
    const C = content(ctx);
    const [s0] = gradientStops(ctx);
    const ink = hexToOklch(s0).l < 0.6 ? '#ffffff' : p.text;
    const align = rng.chance(0.6) ? 'left' : 'center';
    const ringR = u * rng.range(0.22, 0.3);
    const rcx = C.x + C.w - ringR * 0.6;
    const rcy = C.y + ringR * 0.6;
    art.ornament(`<circle cx="${num(rcx)}" cy="${num(rcy)}" r="${num(ringR)}" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="${num(hairline(ctx, 1), 3)}"/><circle cx="${num(rcx)}" cy="${num(rcy)}" r="${num(ringR * 0.66)}" fill="none" stroke="${ink}" stroke-opacity="0.25" stroke-width="${num(hairline(ctx, 1), 3)}"/>`, squareAt(rcx, rcy, ringR * 2 + hairline(ctx, 2)));
    const logoH = ctx.logo ? u * 0.1 : 0;
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: C.y, w: C.w * 0.35, h: logoH }, 'left');
    const area = { x: C.x, y: C.y + C.h * 0.38, w: C.w, h: C.h * 0.62 };
    stack(art, area, [
      { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.2, maxHeight: area.h * 0.55, maxLines: 3, fill: ink, align },
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.068, maxHeight: area.h * 0.22, maxLines: 2, fill: ink, align, gap: u * 0.035 },
      { role: 'descriptor', text: ctx.descriptor, style: t.label, maxSize: u * 0.03, maxHeight: area.h * 0.12, maxLines: 2, fill: ink, align, gap: u * 0.07 },
    ], 'bottom');
  },
};

export const modernType: LayoutGrammar = {
  id: 'modern/type-stack',
  family: 'modern',
  backdrop(ctx) {
    flat(ctx, ctx.palette.mode === 'light' ? ctx.palette.background : ctx.palette.background);
  },
  front(ctx) {
    const { palette: p, type: t, art } = ctx;
    const u = unit(ctx);
    const C = content(ctx);
    const words = ctx.brand.split(/\s+/).length;
    const top = { x: C.x, y: C.y, w: C.w, h: C.h * 0.58 };
    stack(art, top, [
      { role: 'brand', text: ctx.brand, style: { ...t.brand, lineHeight: Math.min(t.brand.lineHeight, 1.0) }, maxSize: u * 0.3, maxHeight: top.h, maxLines: Math.min(4, Math.max(1, words)), fill: p.primary, alternatives: [p.text], align: 'left' },
    ], 'top');
    const hl = hairline(ctx, 1.4);
    const ruleY = C.y + C.h * 0.66;
    art.ornament(line(C.x, ruleY, C.x + C.w, ruleY, p.text, hl), { x: C.x, y: ruleY - hl, w: C.w, h: hl * 2 });
    const lower = { x: C.x, y: ruleY + u * 0.05, w: C.w * (ctx.logo ? 0.62 : 0.78), h: C.y + C.h - ruleY - u * 0.05 };
    stack(art, lower, [
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.07, maxHeight: lower.h * 0.55, maxLines: 2, fill: p.text, align: 'left' },
      { role: 'descriptor', text: ctx.descriptor, style: t.label, maxSize: u * 0.03, maxHeight: lower.h * 0.3, maxLines: 2, fill: p.text, alternatives: [p.primary], align: 'left', gap: u * 0.03 },
    ], 'top');
    const slot = { x: C.x + C.w * 0.7, y: ruleY + u * 0.05, w: C.w * 0.3, h: Math.min(u * 0.14, lower.h) };
    if (ctx.logo) logoSlot(ctx, slot, 'right');
    else {
      const s = Math.min(slot.w, slot.h);
      art.ornament(drawIcon({ name: ctx.icons[0] ?? 'zap', cx: slot.x + slot.w - s / 2, cy: slot.y + s / 2, size: s, color: p.primary, strokeMm: hairline(ctx, 1.3) }), squareAt(slot.x + slot.w - s / 2, slot.y + s / 2, s * 1.15));
    }
  },
};
