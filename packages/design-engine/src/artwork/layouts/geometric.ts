/** Geometric: Bauhaus shape grids, hard diagonals and confident grotesque type. */
import { mix } from '../color.js';
import { num, polygonPath, rect } from '../svg.js';
import { defineLayout } from './define.js';
import { downTo, flat, logoSlot, openHeight, stack } from './kit.js';

function shapeCell(x: number, y: number, s: number, kind: number, fg: string, bg: string): string {
  const parts = [rect(x, y, s, s, bg)];
  const c = (v: number) => num(v);
  switch (kind % 6) {
    case 0:
      parts.push(`<circle cx="${c(x + s / 2)}" cy="${c(y + s / 2)}" r="${c(s * 0.42)}" fill="${fg}"/>`);
      break;
    case 1:
      parts.push(`<path d="M${c(x)} ${c(y + s)}A${c(s)} ${c(s)} 0 0 1 ${c(x + s)} ${c(y)}V${c(y + s)}Z" fill="${fg}"/>`);
      break;
    case 2:
      parts.push(
        `<path d="${polygonPath([
          [x, y + s],
          [x + s / 2, y],
          [x + s, y + s],
        ])}" fill="${fg}"/>`,
      );
      break;
    case 3:
      parts.push(`<path d="M${c(x)} ${c(y + s / 2)}A${c(s / 2)} ${c(s / 2)} 0 0 1 ${c(x + s)} ${c(y + s / 2)}Z" fill="${fg}"/>`);
      break;
    case 4:
      parts.push(rect(x + s * 0.2, y + s * 0.2, s * 0.6, s * 0.6, fg));
      break;
    default:
      parts.push(
        `<path d="${polygonPath([
          [x, y],
          [x + s, y],
          [x, y + s],
        ])}" fill="${fg}"/>`,
      );
      break;
  }
  return parts.join('');
}

export const geometricGrid = defineLayout({
  id: 'geometric/bauhaus-grid',
  family: 'geometric',
  front({ ctx, p, t, art, rng, u, C }) {
    // The grid always runs across the top: shapes beside the type would share its lines.
    const cols = Math.max(3, Math.round(ctx.w / (ctx.h * 0.22))) + rng.int(0, 1);
    const s = ctx.w / cols;
    const rows = Math.max(1, Math.min(Math.round((ctx.h * 0.45) / s), 12));
    const colors = [p.primary, p.accent, mix(p.primary, p.text, 0.5), p.surface];
    const gx = 0;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const x = gx + c * s;
        const y = r * s;
        const fgI = rng.int(0, colors.length - 1);
        let bgI = rng.int(0, colors.length - 1);
        if (bgI === fgI) bgI = (bgI + 1) % colors.length;
        art.ornament(
          `<g transform="rotate(${rng.pick([0, 90, 180, 270])} ${num(x + s / 2)} ${num(y + s / 2)})">${shapeCell(x, y, s, rng.int(0, 5), colors[fgI] ?? p.primary, colors[bgI] ?? p.surface)}</g>`,
          { x, y, w: s, h: s },
        );
      }
    }
    const gridBottom = rows * s;
    const area = { x: C.x, y: gridBottom + u * 0.08, w: C.w, h: C.y + C.h - gridBottom - u * 0.08 };
    const logoH = ctx.logo ? u * 0.1 : 0;
    if (ctx.logo) logoSlot(ctx, { x: area.x, y: area.y + area.h - logoH, w: area.w * 0.4, h: logoH }, 'left');
    stack(
      art,
      { ...area, h: area.h - (logoH ? logoH + u * 0.04 : 0) },
      [
        {
          role: 'brand',
          text: ctx.brand,
          style: t.brand,
          maxSize: u * 0.16,
          maxHeight: area.h * 0.55,
          maxLines: 3,
          fill: p.text,
          alternatives: [p.primary],
          align: 'left',
        },
        {
          role: 'product',
          text: ctx.product,
          style: t.product,
          maxSize: u * 0.065,
          maxHeight: area.h * 0.25,
          maxLines: 2,
          fill: p.text,
          align: 'left',
          gap: u * 0.03,
        },
        {
          role: 'descriptor',
          text: ctx.descriptor,
          style: t.label,
          maxSize: u * 0.03,
          maxHeight: area.h * 0.14,
          maxLines: 2,
          fill: p.text,
          alternatives: [p.primary],
          align: 'left',
          gap: u * 0.05,
        },
      ],
      'top',
    );
  },
});

export const geometricDiagonal = defineLayout({
  id: 'geometric/diagonal',
  family: 'geometric',
  busy: true,
  backdrop(ctx) {
    const p = ctx.palette;
    flat(ctx, p.background);
    if (ctx.role === 'side' || ctx.role === 'top' || ctx.role === 'bottom') {
      // Narrow panels keep the motif as a corner cut, clear of the name running along them.
      const s = Math.min(ctx.w, ctx.h) * 0.45;
      ctx.art.ornament(
        `<path d="${polygonPath([
          [0, 0],
          [s, 0],
          [0, s],
        ])}" fill="${p.primary}"/>`,
        { x: 0, y: 0, w: s, h: s },
      );
      return;
    }
    const cut = ctx.rng.fork('diag').range(0.5, 0.62);
    ctx.art.background(
      `<path d="${polygonPath([
        [0, 0],
        [ctx.w, 0],
        [ctx.w, downTo(ctx, cut - 0.22)],
        [0, downTo(ctx, cut)],
      ])}" fill="${p.primary}"/>`,
    );
  },
  front({ ctx, p, t, art, rng, u, C }) {
    const cut = ctx.rng.fork('diag').range(0.5, 0.62);
    const lowY = downTo(ctx, cut);
    // Circles riding on the diagonal.
    const n = 3;
    for (let i = 0; i < n; i++) {
      const f = (i + 0.5) / n;
      const r = u * (0.05 + 0.04 * ((i + rng.int(0, 2)) % 3));
      const x = f * ctx.w;
      const y = downTo(ctx, cut) - f * openHeight(ctx) * 0.22;
      art.ornament(`<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}" fill="${i % 2 ? p.accent : p.surface}"/>`, { x: x - r, y: y - r, w: 2 * r, h: 2 * r });
    }
    const top = { x: C.x, y: C.y, w: C.w, h: downTo(ctx, cut - 0.22) - C.y - u * 0.14 };
    if (ctx.logo) logoSlot(ctx, { x: C.x, y: C.y, w: C.w * 0.4, h: Math.min(u * 0.1, top.h) }, 'left');

    const area = { x: C.x, y: lowY + u * 0.1, w: C.w, h: C.y + C.h - lowY - u * 0.1 };
    stack(
      art,
      area,
      [
        {
          role: 'brand',
          text: ctx.brand,
          style: t.brand,
          maxSize: u * 0.17,
          maxHeight: area.h * 0.62,
          maxLines: 3,
          fill: p.text,
          alternatives: [p.primary],
          align: 'left',
        },
        {
          role: 'product',
          text: ctx.product,
          style: t.product,
          maxSize: u * 0.065,
          maxHeight: area.h * 0.25,
          maxLines: 2,
          fill: p.text,
          align: 'left',
          gap: u * 0.03,
        },
        {
          role: 'descriptor',
          text: ctx.descriptor,
          style: t.label,
          maxSize: u * 0.03,
          maxHeight: area.h * 0.12,
          maxLines: 2,
          fill: p.text,
          alternatives: [p.primary],
          align: 'left',
          gap: u * 0.04,
        },
      ],
      'bottom',
    );
  },
});
