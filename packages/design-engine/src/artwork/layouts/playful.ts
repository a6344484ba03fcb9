/** Playful: colour fields, soft blobs, bouncy rounded type and scattered doodles. */
import { adjust, mix } from '../color.js';
import { type Rect, squareAt } from '../geometry.js';
import { num } from '../svg.js';
import { defineLayout } from './define.js';
import {
  type LayoutContext,
  blobPath,
  downTo,
  fieldFor,
  inkOnCard,
  textOnCard,
  flat,
  hairline,
  iconPattern,
  inkOn,
  logoSlot,
  scatterIcons,
  stack,
  unit,
} from './kit.js';

function pill(ctx: LayoutContext, zone: Rect, color: string): void {
  const r = zone.h / 2;
  ctx.art.background(
    `<rect x="${num(zone.x - r * 0.6)}" y="${num(zone.y)}" width="${num(zone.w + r * 1.2)}" height="${num(zone.h)}" rx="${num(r)}" fill="${color}"/>`,
  );
}

export const playfulBlobs = defineLayout({
  id: 'playful/blobs',
  family: 'playful',
  front({ ctx, p, t, art, rng, u, C }) {
    const logoH = ctx.logo ? u * 0.11 : 0;
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: C.y, w: C.w, h: logoH });
    const region = { x: C.x, y: C.y + logoH + u * 0.04, w: C.w, h: C.h - logoH - u * 0.04 };
    const placed = stack(art, { ...region, y: region.y + region.h * 0.12, h: region.h * 0.76 }, [
      { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.2, maxHeight: region.h * 0.42, maxLines: 3, fill: p.text, alternatives: [p.primary] },
      {
        role: 'product',
        text: ctx.product,
        style: t.product,
        maxSize: u * 0.075,
        maxHeight: region.h * 0.2,
        maxLines: 2,
        fill: p.text,
        alternatives: [p.primary],
        gap: u * 0.04,
      },
    ]);
    // The descriptor sits on a pill under the names.
    const last = placed[placed.length - 1];
    const pillTop = (last ? last.zone.y + last.zone.h : region.y + region.h * 0.6) + u * 0.05;
    const pillH = u * 0.075;
    const fitted = art.text({
      role: 'descriptor',
      text: ctx.descriptor,
      style: t.label,
      box: { x: C.x + u * 0.08, y: pillTop + pillH * 0.2, w: C.w - u * 0.16, h: pillH * 0.6 },
      valign: 'middle',
      maxSize: u * 0.032,
      maxLines: 1,
      fill: inkOn(p, fieldFor(p, p.primary)),
      pad: pillH * 0.2,
    });
    pill(ctx, { x: fitted.ink.x - u * 0.02, y: pillTop, w: fitted.ink.w + u * 0.04, h: pillH }, fieldFor(p, p.primary));
    // Soft blobs tucked into the corners, then doodles wherever there is room.
    const colors = [p.accent, mix(p.background, p.primary, 0.35), p.surface];
    const corners: [number, number][] = rng.shuffle([
      [0, 0],
      [ctx.w, 0],
      [0, ctx.h],
      [ctx.w, ctx.h],
    ]);
    corners.slice(0, 3).forEach(([x, y], i) => {
      const r = u * rng.range(0.18, 0.26);
      const cx = x === 0 ? r * 0.35 : ctx.w - r * 0.35;
      const cy = y === 0 ? r * 0.35 : ctx.h - r * 0.35;
      art.ornament(`<path d="${blobPath(cx, cy, r, rng)}" fill="${colors[i % colors.length]}"/>`, squareAt(cx, cy, r * 2.5));
    });
    scatterIcons(ctx, {
      icons: ctx.icons,
      colors: [p.primary, p.text],
      count: 7,
      minSize: u * 0.07,
      maxSize: u * 0.11,
      strokeMm: hairline(ctx, 1.6),
      rng: rng.fork('scatter'),
    });
  },
});

export const playfulSticker = defineLayout({
  id: 'playful/sticker',
  family: 'playful',
  backdrop(ctx) {
    const p = ctx.palette;
    flat(ctx, p.background);
    const u = unit(ctx);
    iconPattern(ctx, {
      icons: ctx.icons,
      color: mix(p.background, p.text, 0.28),
      size: u * 0.075,
      spacing: u * 0.16,
      strokeMm: hairline(ctx, 1.3),
      brick: true,
      rotateJitter: 18,
      rng: ctx.rng.fork('pattern'),
    });
  },
  front({ ctx, p, t, art, u, C }) {
    const card = { x: C.x, y: C.y + C.h * 0.16, w: C.w, h: C.h * 0.68 };
    const r = u * 0.06;
    const shadow = adjust(p.primary, { dl: -0.12 });
    art.background(
      `<rect x="${num(card.x + u * 0.02)}" y="${num(card.y + u * 0.025)}" width="${num(card.w)}" height="${num(card.h)}" rx="${num(r)}" fill="${shadow}"/>`,
    );
    art.background(
      `<rect x="${num(card.x)}" y="${num(card.y)}" width="${num(card.w)}" height="${num(card.h)}" rx="${num(r)}" fill="${p.surface}" stroke="${p.primary}" stroke-width="${num(hairline(ctx, 2.2), 3)}"/>`,
    );
    art.reserve({ x: card.x - u * 0.02, y: card.y - u * 0.02, w: card.w + u * 0.06, h: card.h + u * 0.07 });
    const inner = { x: card.x + card.w * 0.08, y: card.y + card.h * 0.1, w: card.w * 0.84, h: card.h * 0.8 };
    const logoH = ctx.logo ? u * 0.1 : 0;
    if (ctx.logo) logoSlot(ctx, { x: inner.x, y: inner.y, w: inner.w, h: logoH });
    const region = { ...inner, y: inner.y + logoH + (logoH ? u * 0.03 : 0), h: inner.h - logoH - (logoH ? u * 0.03 : 0) };
    stack(art, region, [
      { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.19, maxHeight: region.h * 0.5, maxLines: 3, fill: inkOnCard(p), alternatives: [p.text] },
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.07, maxHeight: region.h * 0.25, maxLines: 2, fill: textOnCard(p), gap: u * 0.03 },
      {
        role: 'descriptor',
        text: ctx.descriptor,
        style: t.label,
        maxSize: u * 0.03,
        maxHeight: region.h * 0.12,
        maxLines: 2,
        fill: textOnCard(p),
        gap: u * 0.05,
      },
    ]);
  },
});

export const playfulWave = defineLayout({
  id: 'playful/wave',
  family: 'playful',
  front({ ctx, p, t, art, rng, u, C }) {
    const waveTop = downTo(ctx, rng.range(0.58, 0.64));
    const amp = u * 0.035;
    const waves = 3;
    let d = `M0 ${num(waveTop)}`;
    for (let i = 0; i < waves; i++) {
      const x0 = (i / waves) * ctx.w;
      const x1 = ((i + 1) / waves) * ctx.w;
      d += `C${num(x0 + (x1 - x0) * 0.35)} ${num(waveTop - amp * 2)} ${num(x0 + (x1 - x0) * 0.65)} ${num(waveTop + amp * 2)} ${num(x1)} ${num(waveTop)}`;
    }
    d += `V${num(ctx.h)}H0Z`;
    const wave = fieldFor(p, p.primary);
    const waveInk = inkOn(p, wave);
    art.background(`<path d="${d}" fill="${wave}"/>`);
    const logoH = ctx.logo ? u * 0.11 : 0;
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: C.y, w: C.w, h: logoH });
    const upper = { x: C.x, y: C.y + logoH + (logoH ? u * 0.03 : 0), w: C.w, h: waveTop - amp * 2 - u * 0.05 - (C.y + logoH + (logoH ? u * 0.03 : 0)) };
    stack(art, upper, [
      { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.2, maxHeight: upper.h * 0.7, maxLines: 3, fill: p.text, alternatives: [p.primary] },
    ]);
    const lower = { x: C.x, y: waveTop + amp * 2 + u * 0.04, w: C.w, h: C.y + C.h - (waveTop + amp * 2 + u * 0.04) };
    stack(art, lower, [
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.08, maxHeight: lower.h * 0.55, maxLines: 2, fill: waveInk },
      { role: 'descriptor', text: ctx.descriptor, style: t.label, maxSize: u * 0.032, maxHeight: lower.h * 0.25, maxLines: 2, fill: waveInk, gap: u * 0.035 },
    ]);
    scatterIcons(ctx, {
      icons: ctx.icons,
      colors: [p.primary, p.accent],
      count: 5,
      minSize: u * 0.07,
      maxSize: u * 0.1,
      strokeMm: hairline(ctx, 1.6),
      rng: rng.fork('scatter'),
      avoid: [{ x: 0, y: waveTop - amp * 3, w: ctx.w, h: ctx.h }],
    });
  },
});
