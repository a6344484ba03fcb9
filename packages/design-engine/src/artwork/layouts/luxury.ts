/** Luxury: deep grounds, metallic hairlines, tracked serif capitals and a quiet crest. */
import { adjust } from '../color.js';
import { squareAt } from '../geometry.js';
import { circle, line, num, rect } from '../svg.js';
import { defineLayout } from './define.js';
import {
  type LayoutContext,
  content,
  divider,
  downTo,
  fieldFor,
  textIsLight,
  frame,
  hairline,
  iconBadge,
  inkOn,
  logoSlot,
  margin,
  openHeight,
  stack,
  unit,
} from './kit.js';

function vignette(ctx: LayoutContext): void {
  const p = ctx.palette;
  const id = ctx.art.uid('vig');
  const centre = adjust(p.background, { dl: p.mode === 'dark' ? 0.045 : 0.015 });
  ctx.art.def(
    `<radialGradient id="${id}" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="${centre}"/><stop offset="1" stop-color="${p.background}"/></radialGradient>`,
  );
  ctx.art.background(rect(0, 0, ctx.w, ctx.h, `url(#${id})`));
}

function doubleFrame(ctx: LayoutContext): void {
  const m = margin(ctx);
  const hl = hairline(ctx);
  frame(ctx, m * 0.42, ctx.palette.primary, hl * 1.3);
  frame(ctx, m * 0.42 + hl * 4, ctx.palette.primary, hl * 0.6);
}

function bottomLabel(ctx: LayoutContext) {
  const u = unit(ctx);
  const C = content(ctx);
  return ctx.art.text({
    role: 'descriptor',
    text: ctx.descriptor,
    style: ctx.type.label,
    box: { x: C.x, y: C.y + C.h - u * 0.055, w: C.w, h: u * 0.055 },
    valign: 'bottom',
    maxSize: u * 0.03,
    maxLines: 2,
    fill: ctx.palette.primary,
    alternatives: [ctx.palette.text],
  });
}

export const luxuryFramed = defineLayout({
  id: 'luxury/framed-crest',
  family: 'luxury',
  backdrop(ctx) {
    vignette(ctx);
    doubleFrame(ctx);
  },
  front({ ctx, p, t, art, u, C }) {
    const crestR = u * 0.085;
    const crestCy = C.y + u * 0.04 + crestR;
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: crestCy - crestR, w: C.w, h: crestR * 2 });
    else iconBadge(ctx, ctx.w / 2, crestCy, crestR, ctx.icons[0] ?? 'gem', { ring: p.primary, iconColor: p.primary, strokeMm: hairline(ctx, 1.1) });
    const desc = bottomLabel(ctx);
    const top = crestCy + crestR + u * 0.08;
    const region = { x: C.x + u * 0.02, y: top, w: C.w - u * 0.04, h: desc.zone.y - top - u * 0.06 };
    const [brand, product] = stack(art, region, [
      { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.13, maxHeight: region.h * 0.55, maxLines: 3, fill: p.primary, alternatives: [p.text] },
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.07, maxHeight: region.h * 0.28, maxLines: 2, fill: p.text, gap: u * 0.13 },
    ]);
    if (brand && product) divider(ctx, ctx.w / 2, (brand.zone.y + brand.zone.h + product.zone.y) / 2, u * 0.28, p.primary, hairline(ctx, 0.8), 'diamond');
    const d = u * 0.018;
    const inset = margin(ctx) * 0.42 + hairline(ctx) * 2;
    for (const [x, y] of [
      [inset, inset],
      [ctx.w - inset, inset],
      [inset, ctx.h - inset],
      [ctx.w - inset, ctx.h - inset],
    ] as const) {
      art.ornament(
        `<path d="M${num(x)} ${num(y - d)}L${num(x + d)} ${num(y)}L${num(x)} ${num(y + d)}L${num(x - d)} ${num(y)}Z" fill="${p.primary}"/>`,
        squareAt(x, y, d * 2.2),
      );
    }
  },
});

export const luxuryBand = defineLayout({
  id: 'luxury/foil-band',
  family: 'luxury',
  backdrop(ctx) {
    vignette(ctx);
  },
  front({ ctx, p, t, art, rng, u, C }) {
    // Sized by the open area between the colour bands, so the names above and below keep their room.
    const bandH = Math.min(u, openHeight(ctx)) * rng.range(0.26, 0.32);
    const bandY = downTo(ctx, rng.range(0.44, 0.5)) - bandH / 2;
    const id = art.uid('foil');
    // The wordmark sits on this band: it keeps the pack's polarity (a gold foil band here read
    // worse than the plain one; the foil shows in the colour bands and rules instead).
    const band = textIsLight(p) ? p.surface : fieldFor(p, p.primary, true);
    art.def(
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${adjust(band, { dl: -0.04 })}"/><stop offset="0.5" stop-color="${adjust(band, { dl: 0.03 })}"/><stop offset="1" stop-color="${adjust(band, { dl: -0.04 })}"/></linearGradient>`,
    );
    art.background(rect(0, bandY, ctx.w, bandH, `url(#${id})`));
    const hl = hairline(ctx);
    for (const y of [bandY - hl * 4, bandY + bandH + hl * 4]) art.ornament(line(0, y, ctx.w, y, p.primary, hl * 0.8), { x: 0, y: y - hl, w: ctx.w, h: hl * 2 });
    art.text({
      role: 'brand',
      text: ctx.brand,
      style: t.brand,
      box: { x: C.x, y: bandY + bandH * 0.2, w: C.w, h: bandH * 0.6 },
      valign: 'middle',
      maxSize: u * 0.14,
      maxLines: 2,
      fill: p.primary,
      alternatives: [inkOn(p, band)],
      pad: Math.min(u * 0.02, bandH * 0.15),
    });
    const sealR = Math.min(u * 0.11, (bandY - C.y) * 0.38);
    const sealCy = C.y + (bandY - C.y) / 2;
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: sealCy - sealR, w: C.w, h: sealR * 2 });
    else {
      art.background(circle(ctx.w / 2, sealCy, sealR, 'none', ` stroke="${p.primary}" stroke-width="${num(hl * 1.2, 3)}"`));
      art.background(circle(ctx.w / 2, sealCy, sealR - hl * 3, 'none', ` stroke="${p.primary}" stroke-width="${num(hl * 0.5, 3)}"`));
      const initial = Array.from(ctx.brand.trim())[0] ?? 'A';
      art.text({
        role: 'label',
        text: initial,
        style: { ...t.brand, tracking: 0 },
        box: { x: ctx.w / 2 - sealR * 0.6, y: sealCy - sealR * 0.6, w: sealR * 1.2, h: sealR * 1.2 },
        valign: 'middle',
        maxSize: sealR * 1.2,
        fill: p.primary,
        alternatives: [p.text],
        pad: sealR * 0.1,
      });
    }
    const below = bandY + bandH + u * 0.08;
    stack(art, { x: C.x, y: below, w: C.w, h: C.y + C.h - below }, [
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.07, maxHeight: (C.y + C.h - below) * 0.5, maxLines: 2, fill: p.text },
      {
        role: 'descriptor',
        text: ctx.descriptor,
        style: t.label,
        maxSize: u * 0.03,
        maxHeight: (C.y + C.h - below) * 0.25,
        maxLines: 2,
        fill: p.primary,
        alternatives: [p.text],
        gap: u * 0.045,
      },
    ]);
  },
});

export const luxuryDeco = defineLayout({
  id: 'luxury/deco-fan',
  family: 'luxury',
  backdrop(ctx) {
    vignette(ctx);
    const u = unit(ctx);
    const m = margin(ctx) * 0.5;
    const len = u * 0.12;
    const hl = hairline(ctx);
    const p = ctx.palette;
    // Stepped art-deco corner brackets.
    for (const [sx, sy] of [
      [1, 1],
      [-1, 1],
      [1, -1],
      [-1, -1],
    ] as const) {
      const x = sx > 0 ? m : ctx.w - m;
      const y = sy > 0 ? m : ctx.h - m;
      const d = `M${num(x)} ${num(y + sy * len)}V${num(y)}H${num(x + sx * len)}M${num(x + sx * hl * 4)} ${num(y + sy * len * 0.6)}V${num(y + sy * hl * 4)}H${num(x + sx * len * 0.6)}`;
      ctx.art.ornament(`<path d="${d}" fill="none" stroke="${p.primary}" stroke-width="${num(hl, 3)}"/>`, {
        x: Math.min(x, x + sx * len) - hl,
        y: Math.min(y, y + sy * len) - hl,
        w: len + 2 * hl,
        h: len + 2 * hl,
      });
    }
  },
  front({ ctx, p, t, art, u, C }) {
    const hl = hairline(ctx);
    const fanR = Math.min(C.w * 0.42, C.h * 0.24);
    const fanCx = ctx.w / 2;
    const fanCy = C.y + u * 0.04 + fanR;
    const rays: string[] = [];
    for (let i = 0; i <= 12; i++) {
      const a = Math.PI + (i / 12) * Math.PI;
      rays.push(
        `M${num(fanCx + Math.cos(a) * fanR * 0.3)} ${num(fanCy + Math.sin(a) * fanR * 0.3)}L${num(fanCx + Math.cos(a) * fanR)} ${num(fanCy + Math.sin(a) * fanR)}`,
      );
    }
    for (const k of [0.3, 0.65, 1])
      rays.push(`M${num(fanCx - fanR * k)} ${num(fanCy)}A${num(fanR * k)} ${num(fanR * k)} 0 0 1 ${num(fanCx + fanR * k)} ${num(fanCy)}`);
    art.ornament(`<path d="${rays.join('')}" fill="none" stroke="${p.primary}" stroke-width="${num(hl * 0.8, 3)}"/>`, {
      x: fanCx - fanR - hl,
      y: fanCy - fanR - hl,
      w: 2 * fanR + 2 * hl,
      h: fanR + 2 * hl,
    });
    art.artZone({ x: fanCx - fanR / 2, y: fanCy - fanR, w: fanR, h: fanR }, 'circle');
    if (ctx.logo) logoSlot(ctx, { x: fanCx - fanR * 0.28, y: fanCy - fanR * 0.26, w: fanR * 0.56, h: fanR * 0.24 });
    const top = fanCy + u * 0.07;
    const region = { x: C.x, y: top, w: C.w, h: C.y + C.h - top };
    const placed = stack(art, region, [
      { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.13, maxHeight: region.h * 0.45, maxLines: 3, fill: p.primary, alternatives: [p.text] },
      { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.068, maxHeight: region.h * 0.25, maxLines: 2, fill: p.text, gap: u * 0.05 },
      {
        role: 'descriptor',
        text: ctx.descriptor,
        style: t.label,
        maxSize: u * 0.03,
        maxHeight: region.h * 0.12,
        maxLines: 2,
        fill: p.primary,
        alternatives: [p.text],
        gap: u * 0.1,
      },
    ]);
    const prod = placed[1];
    const desc = placed[2];
    if (prod && desc) divider(ctx, ctx.w / 2, (prod.zone.y + prod.zone.h + desc.zone.y) / 2, u * 0.16, p.primary, hl * 0.8, 'dot');
  },
});
