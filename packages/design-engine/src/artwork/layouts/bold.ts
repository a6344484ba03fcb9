/** Bold / retro: sunbursts, stacked condensed capitals and seventies stripes. */
import { adjust, mix } from '../color.js';
import { squareAt } from '../geometry.js';
import { drawIcon } from '../icons.js';
import { num, rect } from '../svg.js';
import { defineLayout } from './define.js';
import { downTo, fieldFor, flat, hairline, inkOn, logoSlot, stack, textIsLight } from './kit.js';

export const boldSunburst = defineLayout({
  id: 'bold/sunburst',
  family: 'bold',
  backdrop(ctx) {
    const p = ctx.palette;
    flat(ctx, p.background);
    const cx = ctx.w / 2;
    const cy = downTo(ctx, 0.5);
    const R = Math.hypot(ctx.w, ctx.h);
    const rays = 24;
    // Rays step away from the text colour so they never eat into its contrast.
    const tone = adjust(p.background, { dl: textIsLight(p) ? -0.05 : 0.04 });
    let d = '';
    for (let i = 0; i < rays; i += 2) {
      const a0 = (i / rays) * Math.PI * 2;
      const a1 = ((i + 1) / rays) * Math.PI * 2;
      d += `M${num(cx)} ${num(cy)}L${num(cx + Math.cos(a0) * R)} ${num(cy + Math.sin(a0) * R)}L${num(cx + Math.cos(a1) * R)} ${num(cy + Math.sin(a1) * R)}Z`;
    }
    ctx.art.background(`<path d="${d}" fill="${tone}"/>`);
  },
  front({ ctx, p, t, art, rng, u, C }) {
    const bandH = Math.min(C.h * 0.36, u * 0.5);
    const bandY = downTo(ctx, 0.5) - bandH / 2;
    const band = fieldFor(p, p.primary, true);
    const shadow = adjust(band, { dl: -0.12 });
    art.background(rect(0, bandY + u * 0.02, ctx.w, bandH, shadow));
    art.background(rect(0, bandY, ctx.w, bandH, band));
    art.text({
      role: 'brand',
      text: ctx.brand,
      style: t.brand,
      box: { x: C.x, y: bandY + bandH * 0.12, w: C.w, h: bandH * 0.76 },
      valign: 'middle',
      maxSize: u * 0.26,
      maxLines: 3,
      fill: inkOn(p, band),
      pad: bandH * 0.06,
    });
    const above = { x: C.x, y: C.y, w: C.w, h: bandY - C.y - u * 0.05 };
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: C.y, w: C.w, h: Math.min(above.h * 0.45, u * 0.1) });
    stack(
      art,
      ctx.logo ? { ...above, y: above.y + Math.min(above.h * 0.45, u * 0.1) + u * 0.02, h: above.h - Math.min(above.h * 0.45, u * 0.1) - u * 0.02 } : above,
      [{ role: 'descriptor', text: ctx.descriptor, style: t.label, maxSize: u * 0.036, maxHeight: above.h * 0.5, maxLines: 2, fill: p.text }],
      'bottom',
    );
    const below = { x: C.x, y: bandY + bandH + u * 0.08, w: C.w, h: C.y + C.h - (bandY + bandH + u * 0.08) };
    const placed = stack(
      art,
      below,
      [
        {
          role: 'product',
          text: ctx.product,
          style: t.product,
          maxSize: u * 0.09,
          maxHeight: below.h * 0.6,
          maxLines: 2,
          fill: p.text,
          alternatives: [p.primary],
        },
      ],
      'top',
    );
    const s = u * 0.07;
    const y = (placed[0] ? placed[0].zone.y + placed[0].zone.h : below.y) + s * 0.9;
    for (const dx of [-1.5, 0, 1.5]) {
      const x = ctx.w / 2 + dx * s;
      art.ornament(
        drawIcon({ name: ctx.icons[rng.int(0, ctx.icons.length - 1)] ?? 'star', cx: x, cy: y, size: s, color: p.primary, strokeMm: hairline(ctx, 1.6) }),
        squareAt(x, y, s * 1.15),
      );
    }
  },
});

export const boldStripes = defineLayout({
  id: 'bold/retro-stripes',
  family: 'bold',
  front({ ctx, p, t, art, u, C }) {
    const colors = [p.primary, p.accent, mix(p.primary, p.accent, 0.5), adjust(p.primary, { dl: -0.12 })];
    const sw = u * 0.06;
    const gap = u * 0.015;
    const stripes = colors.length;
    const block = stripes * (sw + gap);
    const bottomY = ctx.h - C.y - block;
    colors.forEach((c, i) => {
      const y = bottomY + i * (sw + gap);
      art.ornament(rect(0, y, ctx.w, sw, c), { x: 0, y, w: ctx.w, h: sw });
    });
    const area = { x: C.x, y: C.y, w: C.w, h: bottomY - C.y - u * 0.06 };
    const logoH = ctx.logo ? u * 0.1 : 0;
    if (ctx.logo) logoSlot(ctx, { x: area.x, y: area.y, w: area.w * 0.4, h: logoH }, 'left');
    const words = ctx.brand.split(/\s+/).length;
    stack(
      art,
      { ...area, y: area.y + (logoH ? logoH + u * 0.05 : 0), h: area.h - (logoH ? logoH + u * 0.05 : 0) },
      [
        {
          role: 'brand',
          text: ctx.brand,
          style: t.brand,
          maxSize: u * 0.3,
          maxHeight: area.h * 0.62,
          maxLines: Math.min(4, Math.max(1, words)),
          lineBias: 1.2,
          fill: p.primary,
          alternatives: [p.text],
          align: 'left',
        },
        {
          role: 'product',
          text: ctx.product,
          style: t.product,
          maxSize: u * 0.085,
          maxHeight: area.h * 0.2,
          maxLines: 2,
          fill: p.text,
          align: 'left',
          gap: u * 0.04,
        },
        {
          role: 'descriptor',
          text: ctx.descriptor,
          style: t.label,
          maxSize: u * 0.032,
          maxHeight: area.h * 0.1,
          maxLines: 2,
          fill: p.text,
          alternatives: [p.primary],
          align: 'left',
          gap: u * 0.03,
        },
      ],
      'middle',
    );
  },
});
