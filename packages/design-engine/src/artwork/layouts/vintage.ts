/** Vintage: cream stock, framed labels, ribbons, stars and sturdy display serifs. */
import { adjust, mix } from '../color.js';
import { squareAt } from '../geometry.js';
import { drawIcon } from '../icons.js';
import { circle, num, polygonPath, rect } from '../svg.js';
import { defineLayout } from './define.js';
import { type LayoutContext, fieldFor, flat, frame, hairline, inkField, inkOn, inkOnCard, textOnCard, logoSlot, margin, stack, unit } from './kit.js';

function paper(ctx: LayoutContext): void {
  flat(ctx, ctx.palette.background);
  const m = margin(ctx);
  frame(ctx, m * 0.4, ctx.palette.primary, hairline(ctx, 1.6));
  frame(ctx, m * 0.4 + hairline(ctx, 3.2), ctx.palette.primary, hairline(ctx, 0.6));
}

/** A ribbon banner (background plate) across `w` centred at (cx, cy). */
function ribbon(ctx: LayoutContext, cx: number, cy: number, w: number, h: number): void {
  const p = ctx.palette;
  const tail = h * 0.7;
  const notch = h * 0.32;
  const back = adjust(p.primary, { dl: -0.1 });
  const left = [
    [cx - w / 2 - tail, cy - h / 2 + h * 0.25],
    [cx - w / 2 + h * 0.2, cy - h / 2 + h * 0.25],
    [cx - w / 2 + h * 0.2, cy + h / 2 + h * 0.25],
    [cx - w / 2 - tail, cy + h / 2 + h * 0.25],
    [cx - w / 2 - tail + notch, cy + h * 0.25],
  ] as const;
  const rightPts = left.map(([x, y]) => [2 * cx - x, y] as const);
  ctx.art.background(`<path d="${polygonPath(left)} ${polygonPath(rightPts)}" fill="${back}"/>`);
  ctx.art.background(rect(cx - w / 2, cy - h / 2, w, h, inkField(p, p.primary)));
}

export const vintageLabel = defineLayout({
  id: 'vintage/label',
  family: 'vintage',
  backdrop: paper,
  front({ ctx, p, t, art, rng, u, C }) {
    const hl = hairline(ctx);
    const labelW = C.w * 0.96;
    const labelH = Math.min(C.h * 0.4, C.w * 0.78);
    const lx = (ctx.w - labelW) / 2;
    const ly = C.y + C.h * 0.42 - labelH / 2;
    const radius = labelH * 0.14;
    art.background(
      `<rect x="${num(lx)}" y="${num(ly)}" width="${num(labelW)}" height="${num(labelH)}" rx="${num(radius)}" fill="${p.surface}" stroke="${p.primary}" stroke-width="${num(hl * 1.4, 3)}"/>`,
    );
    art.background(
      `<rect x="${num(lx + hl * 4)}" y="${num(ly + hl * 4)}" width="${num(labelW - hl * 8)}" height="${num(labelH - hl * 8)}" rx="${num(radius * 0.8)}" fill="none" stroke="${p.primary}" stroke-width="${num(hl * 0.6, 3)}"/>`,
    );
    const inner = { x: lx + labelW * 0.1, y: ly + labelH * 0.2, w: labelW * 0.8, h: labelH * 0.6 };
    art.text({
      role: 'brand',
      text: ctx.brand,
      style: t.brand,
      box: inner,
      valign: 'middle',
      maxSize: u * 0.15,
      maxLines: 3,
      fill: inkOnCard(p),
      alternatives: [p.text],
      pad: u * 0.02,
    });
    const starY = ly + labelH * 0.11;
    for (const dx of [-1, 0, 1]) {
      const s = u * (dx === 0 ? 0.045 : 0.032);
      art.ornament(
        drawIcon({ name: 'star', cx: ctx.w / 2 + dx * u * 0.07, cy: starY, size: s, color: p.accent, strokeMm: hl }),
        squareAt(ctx.w / 2 + dx * u * 0.07, starY, s * 1.2),
      );
    }
    const ribbonH = u * 0.1;
    const ribbonY = ly + labelH + ribbonH * 0.2;
    ribbon(ctx, ctx.w / 2, ribbonY, labelW * 0.78, ribbonH);
    art.text({
      role: 'product',
      text: ctx.product,
      style: t.product,
      box: { x: ctx.w / 2 - labelW * 0.36, y: ribbonY - ribbonH * 0.36, w: labelW * 0.72, h: ribbonH * 0.72 },
      valign: 'middle',
      maxSize: u * 0.06,
      maxLines: 1,
      fill: p.textOnPrimary,
      pad: ribbonH * 0.08,
    });
    const topRegion = { x: C.x, y: C.y, w: C.w, h: ly - C.y - u * 0.04 };
    art.artZone(topRegion, 'circle');
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: C.y + topRegion.h * 0.15, w: C.w, h: topRegion.h * 0.7 });
    else {
      const s = Math.min(topRegion.h * 0.7, u * 0.16);
      art.ornament(
        drawIcon({
          name: ctx.icons[0] ?? 'wheat',
          cx: ctx.w / 2,
          cy: C.y + topRegion.h / 2,
          size: s,
          color: p.primary,
          strokeMm: hl * 1.2,
          rotate: rng.range(-8, 8),
        }),
        squareAt(ctx.w / 2, C.y + topRegion.h / 2, s * 1.2),
      );
    }
    const bottomTop = ribbonY + ribbonH + u * 0.06;
    stack(art, { x: C.x, y: bottomTop, w: C.w, h: C.y + C.h - bottomTop }, [
      { role: 'descriptor', text: ctx.descriptor, style: t.label, maxSize: u * 0.034, maxHeight: u * 0.1, maxLines: 2, fill: p.text },
    ]);
  },
});

export const vintageBadge = defineLayout({
  id: 'vintage/round-badge',
  family: 'vintage',
  backdrop(ctx) {
    flat(ctx, ctx.palette.background);
    // Fine halftone-like dots along the top and bottom edges.
    const u = unit(ctx);
    const step = u * 0.045;
    const r = u * 0.006;
    const dots: string[] = [];
    for (let x = step / 2; x < ctx.w; x += step) for (const y of [step * 0.7, ctx.h - step * 0.7]) dots.push(circle(x, y, r, ctx.palette.muted));
    ctx.art.ornament(dots.join(''), [
      { x: 0, y: 0, w: ctx.w, h: step * 0.7 + r * 2 },
      { x: 0, y: ctx.h - step * 0.7 - r * 2, w: ctx.w, h: step * 0.7 + r * 2 },
    ]);
  },
  front({ ctx, p, t, art, u, C }) {
    const hl = hairline(ctx);
    const R = Math.min(C.w * 0.5, C.h * 0.3);
    const cx = ctx.w / 2;
    const cy = C.y + C.h * 0.44;
    const disc = fieldFor(p, p.primary, true);
    const ink = inkOn(p, disc);
    art.background(circle(cx, cy, R, disc));
    art.background(circle(cx, cy, R - hl * 5, 'none', ` stroke="${p.primary}" stroke-width="${num(hl * 0.9, 3)}"`));
    art.background(circle(cx, cy, R - hl * 8, 'none', ` stroke="${p.primary}" stroke-width="${num(hl * 0.4, 3)}"`));
    const inner = R * 0.7;
    const iconS = R * 0.26;
    art.ornament(
      drawIcon({ name: ctx.icons[0] ?? 'star', cx, cy: cy - R * 0.55, size: iconS, color: p.primary, strokeMm: hl * 1.1 }),
      squareAt(cx, cy - R * 0.55, iconS * 1.15),
    );
    art.text({
      role: 'brand',
      text: ctx.brand,
      style: t.brand,
      box: { x: cx - inner, y: cy - R * 0.36, w: inner * 2, h: R * 0.72 },
      valign: 'middle',
      maxSize: u * 0.14,
      maxLines: 3,
      fill: p.primary,
      alternatives: [ink],
      pad: R * 0.05,
    });
    for (const dx of [-1, 1])
      art.ornament(
        drawIcon({ name: 'star', cx: cx + dx * R * 0.3, cy: cy + R * 0.58, size: R * 0.1, color: p.primary, strokeMm: hl * 0.8 }),
        squareAt(cx + dx * R * 0.3, cy + R * 0.58, R * 0.12),
      );
    const topH = cy - R - C.y - u * 0.04;
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: C.y, w: C.w, h: Math.max(topH * 0.8, u * 0.05) });
    else
      art.text({
        role: 'descriptor',
        text: ctx.descriptor,
        style: t.label,
        box: { x: C.x, y: C.y, w: C.w, h: Math.max(topH, u * 0.04) },
        valign: 'middle',
        maxSize: u * 0.034,
        maxLines: 2,
        fill: p.text,
      });
    const below = cy + R + u * 0.06;
    stack(art, { x: C.x, y: below, w: C.w, h: C.y + C.h - below }, [
      {
        role: 'product',
        text: ctx.product,
        style: t.product,
        maxSize: u * 0.075,
        maxHeight: (C.y + C.h - below) * 0.6,
        maxLines: 2,
        fill: p.text,
        alternatives: [p.primary],
      },
      ...(ctx.logo
        ? [
            {
              role: 'descriptor' as const,
              text: ctx.descriptor,
              style: t.label,
              maxSize: u * 0.03,
              maxHeight: (C.y + C.h - below) * 0.3,
              maxLines: 2,
              fill: p.text,
              gap: u * 0.03,
            },
          ]
        : []),
    ]);
  },
});

export const vintageStripes = defineLayout({
  id: 'vintage/awning',
  family: 'vintage',
  backdrop(ctx) {
    const p = ctx.palette;
    flat(ctx, p.background);
    const u = unit(ctx);
    const stripe = u * 0.07;
    const tone = mix(p.background, p.primary, 0.12);
    const parts: string[] = [];
    for (let x = 0; x < ctx.w; x += stripe * 2) parts.push(rect(x, 0, stripe, ctx.h, tone));
    ctx.art.background(parts.join(''));
  },
  front({ ctx, p, t, art, u, C }) {
    const hl = hairline(ctx);
    const card = { x: C.x, y: C.y + C.h * 0.14, w: C.w, h: C.h * 0.72 };
    art.background(
      `<rect x="${num(card.x)}" y="${num(card.y)}" width="${num(card.w)}" height="${num(card.h)}" rx="${num(u * 0.02)}" fill="${p.surface}" stroke="${p.primary}" stroke-width="${num(hl * 1.5, 3)}"/>`,
    );
    art.background(
      `<rect x="${num(card.x + hl * 4)}" y="${num(card.y + hl * 4)}" width="${num(card.w - hl * 8)}" height="${num(card.h - hl * 8)}" rx="${num(u * 0.015)}" fill="none" stroke="${p.primary}" stroke-width="${num(hl * 0.6, 3)}"/>`,
    );
    const inner = { x: card.x + card.w * 0.08, y: card.y + card.h * 0.08, w: card.w * 0.84, h: card.h * 0.84 };
    const logoH = ctx.logo ? u * 0.1 : 0;
    if (ctx.logo) logoSlot(ctx, { x: inner.x, y: inner.y, w: inner.w, h: logoH });
    const region = { ...inner, y: inner.y + logoH + (logoH ? u * 0.03 : 0), h: inner.h - logoH - (logoH ? u * 0.03 : 0) };
    const placed = stack(art, region, [
      { role: 'descriptor', text: ctx.descriptor, style: t.label, maxSize: u * 0.03, maxHeight: region.h * 0.12, maxLines: 2, fill: textOnCard(p) },
      {
        role: 'brand',
        text: ctx.brand,
        style: t.brand,
        maxSize: u * 0.15,
        maxHeight: region.h * 0.5,
        maxLines: 3,
        fill: inkOnCard(p),
        alternatives: [p.text],
        gap: u * 0.07,
      },
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.066, maxHeight: region.h * 0.22, maxLines: 2, fill: textOnCard(p), gap: u * 0.07 },
    ]);
    const brand = placed[1];
    const prod = placed[2];
    if (brand && prod) {
      const y = (brand.zone.y + brand.zone.h + prod.zone.y) / 2;
      const s = u * 0.035;
      for (const dx of [-1, 0, 1])
        art.ornament(
          drawIcon({ name: 'star', cx: ctx.w / 2 + dx * s * 1.8, cy: y, size: s, color: p.accent, strokeMm: hl }),
          squareAt(ctx.w / 2 + dx * s * 1.8, y, s * 1.1),
        );
    }
  },
});
