/**
 * Back, side and top/bottom panels: the design's background treatment with the brand
 * repeated and, on the back, an information block made from the brief.
 */
import { ensureContrast } from '../contrast.js';
import { drawIcon } from '../icons.js';
import { squareAt } from '../geometry.js';
import { rect } from '../svg.js';
import { layoutScope } from './define.js';
import { type LayoutContext, type LayoutGrammar, textOnCard, barcode, hairline, isLandscape, logoSlot, stack } from './kit.js';

export function backPanel(ctx: LayoutContext, g: LayoutGrammar): void {
  g.backdrop(ctx);
  const { p, t, art, u, C } = layoutScope(ctx);
  const wide = isLandscape(ctx);
  // Dark and colour-field packs get a light card so small copy stays crisp.
  const card = p.mode !== 'light' || g.busy === true;
  const inner = card ? { x: C.x, y: C.y, w: C.w, h: C.h } : C;
  if (card) art.background(rect(C.x - u * 0.03, C.y - u * 0.03, C.w + u * 0.06, C.h + u * 0.06, p.surface, ` rx="${u * 0.03}"`));
  // On the card, type takes the pack's own colour (deepened until it reads) rather than grey.
  const ink = card ? textOnCard(p) : p.text;
  const brandInk = card ? ensureContrast(p.mode === 'dark' ? p.primary : p.background, [p.surface], 4.8) : p.primary;
  const pad = card ? u * 0.04 : 0;
  const area = { x: inner.x + pad, y: inner.y + pad, w: inner.w - 2 * pad, h: inner.h - 2 * pad };
  const footH = Math.min(area.h * 0.24, u * 0.24);
  const col = wide ? { x: area.x, y: area.y, w: area.w * 0.58, h: area.h } : { x: area.x, y: area.y, w: area.w, h: area.h - footH - u * 0.04 };
  const logoH = ctx.logo ? u * 0.09 : 0;
  if (ctx.logo) logoSlot(ctx, { x: col.x, y: col.y, w: col.w * 0.35, h: logoH }, 'left');
  const textTop = col.y + (logoH ? logoH + u * 0.03 : 0);
  const head = stack(
    art,
    { x: col.x, y: textTop, w: col.w, h: (col.y + col.h - textTop) * 0.36 },
    [
      {
        role: 'brand',
        text: ctx.brand,
        style: t.brand,
        maxSize: u * 0.1,
        maxHeight: col.h * 0.2,
        maxLines: 2,
        fill: brandInk,
        alternatives: [ink],
        align: 'left',
      },
      {
        role: 'product',
        text: ctx.product,
        style: t.product,
        maxSize: u * 0.055,
        maxHeight: col.h * 0.12,
        maxLines: 2,
        fill: ink,
        align: 'left',
        gap: u * 0.025,
      },
    ],
    'top',
  );
  const headEnd = head.length ? Math.max(...head.map((h) => h.zone.y + h.zone.h)) : textTop;
  const infoTop = headEnd + u * 0.06;
  const infoH = col.y + col.h - infoTop;
  const rule = hairline(ctx, 0.8);
  art.ornament(rect(col.x, infoTop - u * 0.03 - rule / 2, col.w * 0.25, rule, p.mode === 'light' ? p.primary : ink), {
    x: col.x,
    y: infoTop - u * 0.03 - rule,
    w: col.w * 0.25,
    h: rule * 2,
  });
  stack(
    art,
    { x: col.x, y: infoTop, w: col.w, h: infoH },
    [
      { role: 'label', text: ctx.copy.heading, style: t.label, maxSize: u * 0.032, maxHeight: infoH * 0.14, maxLines: 2, fill: ink, align: 'left' },
      {
        role: 'body',
        text: ctx.copy.paragraph,
        style: { ...t.body, lineHeight: 1.45 },
        maxSize: u * 0.042,
        maxHeight: infoH * 0.5,
        maxLines: 9,
        paragraph: true,
        fill: ink,
        align: 'left',
        gap: u * 0.03,
      },
      {
        role: 'body',
        text: ctx.copy.care,
        style: { ...t.body, lineHeight: 1.45 },
        maxSize: u * 0.038,
        maxHeight: infoH * 0.24,
        maxLines: 4,
        paragraph: true,
        fill: ink,
        align: 'left',
        gap: u * 0.035,
      },
    ],
    'top',
  );
  const foot = wide
    ? { x: area.x + area.w * 0.64, y: area.y + area.h * 0.45, w: area.w * 0.36, h: area.h * 0.55 }
    : { x: area.x, y: area.y + area.h - footH, w: area.w, h: footH };
  const bw = Math.min(foot.w * 0.5, foot.h * 1.7);
  const bh = Math.min(foot.h, bw * 0.6);
  barcode(ctx, { x: foot.x + foot.w - bw, y: foot.y + foot.h - bh, w: bw, h: bh }, '#111111', '#ffffff');
  const iconSize = Math.min(foot.h * 0.42, u * 0.1);
  const icx = foot.x + iconSize / 2;
  const icy = foot.y + foot.h - iconSize / 2 - iconSize * 0.9;
  art.ornament(drawIcon({ name: 'recycle', cx: icx, cy: icy, size: iconSize, color: ink, strokeMm: hairline(ctx, 0.9) }), squareAt(icx, icy, iconSize * 1.1));
  art.text({
    role: 'label',
    text: 'Designed with Packsmith',
    style: t.label,
    box: { x: foot.x, y: foot.y + foot.h - iconSize * 0.6, w: foot.w - bw - u * 0.04, h: iconSize * 0.6 },
    align: 'left',
    valign: 'bottom',
    maxSize: u * 0.024,
    fill: ink,
  });
}

export function sidePanel(ctx: LayoutContext, g: LayoutGrammar): void {
  g.backdrop(ctx);
  const { p, t, art, C } = layoutScope(ctx);
  const tall = ctx.h >= ctx.w;
  const across = tall ? ctx.w : ctx.h;
  const iconSize = across * 0.28;
  const along = tall ? C.h : C.w;
  const textLen = along - 2 * (iconSize + across * 0.2);
  const brandBox = tall ? { x: C.x, y: ctx.h / 2 - textLen / 2, w: C.w, h: textLen } : { x: ctx.w / 2 - textLen / 2, y: C.y, w: textLen, h: C.h };
  art.text({
    role: 'brand',
    text: ctx.brand,
    style: t.brand,
    box: brandBox,
    rotate: tall ? -90 : undefined,
    maxSize: across * 0.42,
    maxLines: 2,
    valign: 'middle',
    fill: p.primary,
    alternatives: [p.text],
  });
  const ends = tall
    ? [
        [ctx.w / 2, C.y + iconSize / 2],
        [ctx.w / 2, C.y + C.h - iconSize / 2],
      ]
    : [
        [C.x + iconSize / 2, ctx.h / 2],
        [C.x + C.w - iconSize / 2, ctx.h / 2],
      ];
  ends.forEach(([cx = 0, cy = 0], i) => {
    const name = ctx.icons[i % ctx.icons.length] ?? 'sparkles';
    art.ornament(drawIcon({ name, cx, cy, size: iconSize, color: p.primary, strokeMm: hairline(ctx, 1.2) }), squareAt(cx, cy, iconSize * 1.15));
  });
}

export function topPanel(ctx: LayoutContext, g: LayoutGrammar): void {
  g.backdrop(ctx);
  const { p, t, art, u, C } = layoutScope(ctx);
  const wide = ctx.w >= ctx.h;
  const box = wide ? { x: C.x + C.w * 0.18, y: C.y, w: C.w * 0.64, h: C.h } : { x: C.x, y: C.y + C.h * 0.18, w: C.w, h: C.h * 0.64 };
  stack(art, box, [
    { role: 'brand', text: ctx.brand, style: t.brand, maxSize: u * 0.34, maxHeight: box.h * 0.6, maxLines: 2, fill: p.primary, alternatives: [p.text] },
    { role: 'product', text: ctx.product, style: t.product, maxSize: u * 0.12, maxHeight: box.h * 0.25, maxLines: 1, fill: p.text, gap: u * 0.06 },
  ]);
  const size = u * 0.3;
  const spots = wide
    ? [
        [C.x + size / 2, ctx.h / 2],
        [C.x + C.w - size / 2, ctx.h / 2],
      ]
    : [
        [ctx.w / 2, C.y + size / 2],
        [ctx.w / 2, C.y + C.h - size / 2],
      ];
  spots.forEach(([cx = 0, cy = 0], i) => {
    art.ornament(
      drawIcon({ name: ctx.icons[(i + 1) % ctx.icons.length] ?? 'sparkles', cx, cy, size, color: p.primary, strokeMm: hairline(ctx, 1.2) }),
      squareAt(cx, cy, size * 1.15),
    );
  });
}
