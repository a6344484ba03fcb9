/** Minimalist: generous space, one quiet mark, a wordmark and a hairline. */
import { rect } from '../svg.js';
import { drawIcon } from '../icons.js';
import { squareAt } from '../geometry.js';
import { defineLayout } from './define.js';
import { type LayoutContext, content, divider, downTo, fieldFor, hairline, inkOn, isLandscape, logoSlot, stack, unit } from './kit.js';

function descriptorAtBottom(ctx: LayoutContext, x: number, w: number, align: 'left' | 'center' = 'center', fill = ctx.palette.text) {
  const u = unit(ctx);
  const C = content(ctx);
  return ctx.art.text({
    role: 'descriptor',
    text: ctx.descriptor,
    style: ctx.type.label,
    box: { x, y: C.y + C.h - u * 0.06, w, h: u * 0.06 },
    valign: 'bottom',
    align,
    maxSize: u * 0.034,
    maxLines: 2,
    fill,
    alternatives: [ctx.palette.text],
  });
}

export const minimalistCentered = defineLayout({
  id: 'minimalist/centered',
  family: 'minimalist',
  front({ ctx, p, t, art, u, C }) {
    const markH = u * 0.12;
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: C.y, w: C.w, h: markH });
    else
      art.ornament(
        drawIcon({ name: ctx.icons[0] ?? 'sparkles', cx: ctx.w / 2, cy: C.y + markH / 2, size: markH * 0.8, color: p.primary, strokeMm: hairline(ctx, 1.2) }),
        squareAt(ctx.w / 2, C.y + markH / 2, markH),
      );
    const desc = descriptorAtBottom(ctx, C.x, C.w);
    const region = { x: C.x, y: C.y + markH + u * 0.06, w: C.w, h: desc.zone.y - (C.y + markH + u * 0.06) - u * 0.04 };
    const [brand, product] = stack(art, region, [
      { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.15, maxHeight: region.h * 0.55, maxLines: 3, fill: p.primary, alternatives: [p.text] },
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.06, maxHeight: region.h * 0.25, maxLines: 2, fill: p.text, gap: u * 0.11 },
    ]);
    if (brand && product) divider(ctx, ctx.w / 2, (brand.zone.y + brand.zone.h + product.zone.y) / 2, u * 0.1, p.accent, hairline(ctx));
  },
});

export const minimalistBlock = defineLayout({
  id: 'minimalist/block',
  family: 'minimalist',
  front({ ctx, p, t, art, rng, u, C }) {
    const m = C.x;
    const wide = isLandscape(ctx);
    const share = rng.range(0.36, 0.44);
    const onTop = rng.chance(0.35);
    // The colour field: bottom (or top) band in portrait, right-hand column in landscape.
    const field = wide
      ? { x: ctx.w * (1 - share), y: 0, w: ctx.w * share, h: ctx.h }
      : { x: 0, y: onTop ? 0 : ctx.h * (1 - share), w: ctx.w, h: ctx.h * share };
    const fieldColor = fieldFor(p, p.primary);
    const fieldInk = inkOn(p, fieldColor);
    art.background(rect(field.x, field.y, field.w, field.h, fieldColor));
    const plain = wide
      ? { x: m, y: m, w: field.x - 2 * m, h: ctx.h - 2 * m }
      : { x: m, y: onTop ? field.h + m : m, w: ctx.w - 2 * m, h: ctx.h - field.h - 2 * m };
    const fieldInner = { x: field.x + m, y: field.y + m, w: field.w - 2 * m, h: field.h - 2 * m };
    let brandTop = plain.y;
    if (ctx.logo) {
      logoSlot(ctx, { x: plain.x, y: plain.y, w: plain.w * 0.4, h: u * 0.1 }, 'left');
      brandTop += u * 0.15;
    }
    stack(
      art,
      { x: plain.x, y: brandTop, w: plain.w, h: plain.y + plain.h - brandTop },
      [
        {
          role: 'brand',
          text: ctx.brand,
          style: t.brand,
          maxSize: u * 0.16,
          maxHeight: plain.h * 0.7,
          maxLines: 3,
          fill: p.text,
          alternatives: [p.primary],
          align: 'left',
        },
      ],
      wide ? 'middle' : onTop ? 'bottom' : 'top',
    );
    const placed = stack(
      art,
      { x: fieldInner.x, y: fieldInner.y, w: fieldInner.w * (wide ? 1 : 0.72), h: fieldInner.h },
      [
        { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.066, maxHeight: fieldInner.h * 0.5, maxLines: 2, fill: fieldInk, align: 'left' },
        {
          role: 'descriptor',
          text: ctx.descriptor,
          style: t.label,
          maxSize: u * 0.032,
          maxHeight: fieldInner.h * 0.3,
          maxLines: 2,
          fill: fieldInk,
          align: 'left',
          gap: u * 0.03,
        },
      ],
      'bottom',
    );
    const iconSize = u * 0.13;
    const ix = fieldInner.x + fieldInner.w - iconSize / 2;
    const iy = fieldInner.y + iconSize / 2;
    if (placed.length)
      art.ornament(
        drawIcon({ name: ctx.icons[0] ?? 'sparkles', cx: ix, cy: iy, size: iconSize, color: fieldInk, strokeMm: hairline(ctx, 1.1) }),
        squareAt(ix, iy, iconSize * 1.2),
      );
  },
});

export const minimalistHero = defineLayout({
  id: 'minimalist/hero-mark',
  family: 'minimalist',
  front({ ctx, p, t, art, rng, u, C }) {
    const align = rng.chance(0.5) ? 'left' : 'center';
    const wide = isLandscape(ctx);
    const heroSize = wide ? C.h * 0.62 : Math.min(C.w * 0.72, C.h * 0.42);
    const heroCx = wide ? C.x + C.w - heroSize / 2 : ctx.w / 2;
    const heroCy = wide ? downTo(ctx, 0.5) : C.y + C.h * 0.3;
    art.ornament(
      drawIcon({ name: ctx.icons[0] ?? 'sparkles', cx: heroCx, cy: heroCy, size: heroSize, color: p.primary, strokeMm: hairline(ctx, 0.9) }),
      squareAt(heroCx, heroCy, heroSize * 1.05),
    );
    art.artZone(squareAt(heroCx, heroCy, heroSize), 'circle');
    const below = heroCy + heroSize / 2 + u * 0.08;
    const textArea = wide ? { x: C.x, y: C.y, w: C.w - heroSize - u * 0.08, h: C.h } : { x: C.x, y: below, w: C.w, h: C.y + C.h - below };
    if (ctx.logo) logoSlot(ctx, wide ? { x: C.x, y: C.y, w: C.w * 0.25, h: u * 0.12 } : { x: C.x, y: C.y, w: C.w * 0.3, h: u * 0.1 }, 'left');
    const placed = stack(
      art,
      textArea,
      [
        {
          role: 'brand',
          text: ctx.brand,
          style: t.brand,
          maxSize: u * 0.15,
          maxHeight: textArea.h * 0.5,
          maxLines: 3,
          fill: p.text,
          alternatives: [p.primary],
          align,
        },
        {
          role: 'product',
          text: ctx.product,
          style: t.product,
          maxSize: u * 0.06,
          maxHeight: textArea.h * 0.25,
          maxLines: 2,
          fill: p.text,
          align,
          gap: u * 0.035,
        },
        {
          role: 'descriptor',
          text: ctx.descriptor,
          style: t.label,
          maxSize: u * 0.03,
          maxHeight: textArea.h * 0.15,
          maxLines: 2,
          fill: p.primary,
          alternatives: [p.text],
          align,
          gap: u * 0.07,
        },
      ],
      'middle',
    );
    const first = placed[0];
    if (first) {
      const y = first.zone.y - u * 0.03;
      const x0 = align === 'left' ? textArea.x : textArea.x + textArea.w / 2 - u * 0.06;
      art.ornament(rect(x0, y - hairline(ctx) / 2, u * 0.12, hairline(ctx), p.accent), { x: x0, y: y - hairline(ctx), w: u * 0.12, h: hairline(ctx) * 2 });
    }
  },
});
