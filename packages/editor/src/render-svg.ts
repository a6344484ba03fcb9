/**
 * The document as SVG, in millimetres: one SVG per panel (its upright coordinates, bleed
 * included) and one of the whole flat sheet. The print PDF, the packshot textures and the 3D fold
 * all start from these, so what the editor shows is what is printed. Pure string building: no
 * fonts are read (text stays live `<text>`; the PDF exporter embeds and subsets the fonts).
 */
import type { EditorDocument, EditorLayer, EditorPanel } from '@packsmith/contracts';
import { barcodeGeometry, magnificationFor, MAX_MAGNIFICATION, MIN_MAGNIFICATION } from './barcode.js';
import { fmt, panelTransform } from './geometry.js';

/** Millimetres per typographic point. */
export const MM_PER_PT = 25.4 / 72;
/**
 * The first baseline sits this many ems below a text layer's top: the text frame model the
 * editor, the renderer and from-design share (about the ascent of the shipped Latin faces).
 */
export const FIRST_BASELINE_EM = 0.8;
/** The font the barcode's human-readable digits are set in (OCR-B is not shipped). */
export const BARCODE_FONT = 'Inter';

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

class Ids {
  private n = 0;
  next(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }
}

interface Ctx {
  ids: Ids;
  defs: string[];
  /** The panel's box grown by the bleed, panel mm: where backgrounds are drawn. */
  bleedBox: { x: number; y: number; w: number; h: number };
}

/** An SVG document's content as a nested `<svg>` at a box, its ids made unique. */
function nestedSvg(svg: string, x: number, y: number, w: number, h: number, prefix: string, fit: 'meet' | 'none' = 'meet'): string {
  const open = /<svg\b([^>]*)>/i.exec(svg);
  const close = svg.lastIndexOf('</svg>');
  if (!open || close < 0) return '';
  const attrs = open[1] ?? '';
  const vb = /viewBox\s*=\s*"([^"]+)"/i.exec(attrs)?.[1];
  const num = (name: string) => Number.parseFloat(new RegExp(`\\b${name}\\s*=\\s*"([0-9.]+)`, 'i').exec(attrs)?.[1] ?? '');
  const viewBox = vb ?? (Number.isFinite(num('width')) && Number.isFinite(num('height')) ? `0 0 ${num('width')} ${num('height')}` : `0 0 ${fmt(w)} ${fmt(h)}`);
  const body = svg
    .slice(open.index + open[0].length, close)
    .replace(/\bid="([^"]+)"/g, `id="${prefix}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}-$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}-$1"`);
  return `<svg x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" viewBox="${escapeXml(viewBox)}" preserveAspectRatio="${fit === 'meet' ? 'xMidYMid meet' : 'none'}" overflow="hidden">${body}</svg>`;
}

function backgroundSvg(l: Extract<EditorLayer, { kind: 'background' }>, ctx: Ctx): string {
  const b = ctx.bleedBox;
  const box = `x="${fmt(b.x)}" y="${fmt(b.y)}" width="${fmt(b.w)}" height="${fmt(b.h)}"`;
  const f = l.fill;
  if (f.type === 'colour') return `<rect ${box} fill="${f.colour}"/>`;
  if (f.type === 'image') return `<image href="${escapeXml(f.url)}" ${box} preserveAspectRatio="xMidYMid slice"/>`;
  const id = ctx.ids.next('grad');
  const stops = f.stops.map((s) => `<stop offset="${fmt(s.offset)}" stop-color="${s.colour}"/>`).join('');
  ctx.defs.push(`<linearGradient id="${id}" x1="0" y1="0.5" x2="1" y2="0.5" gradientTransform="rotate(${fmt(f.angle)} 0.5 0.5)">${stops}</linearGradient>`);
  return `<rect ${box} fill="url(#${id})"/>`;
}

function textSvg(l: Extract<EditorLayer, { kind: 'text' }>): string {
  const size = l.size_pt * MM_PER_PT;
  const anchor = l.align === 'left' ? 'start' : l.align === 'right' ? 'end' : 'middle';
  const x = l.align === 'left' ? l.x : l.align === 'right' ? l.x + l.w : l.x + l.w / 2;
  const lines = l.text.split('\n');
  const attrs =
    `font-family="${escapeXml(l.font.family)}" font-weight="${l.font.weight}"${l.font.italic ? ' font-style="italic"' : ''} font-size="${fmt(size)}"` +
    `${l.tracking ? ` letter-spacing="${fmt((l.tracking / 1000) * size)}"` : ''} text-anchor="${anchor}" fill="${l.colour}"`;
  return lines
    .map(
      (line, i) =>
        `<text x="${fmt(x)}" y="${fmt(l.y + size * (FIRST_BASELINE_EM + i * l.line_height))}" ${attrs} xml:space="preserve">${escapeXml(line)}</text>`,
    )
    .join('');
}

function shapeSvg(l: Extract<EditorLayer, { kind: 'shape' }>): string {
  const fill = l.fill ?? 'none';
  const stroke = l.stroke ? ` stroke="${l.stroke.colour}" stroke-width="${fmt(l.stroke.width_mm)}"` : '';
  if (l.shape === 'ellipse')
    return `<ellipse cx="${fmt(l.x + l.w / 2)}" cy="${fmt(l.y + l.h / 2)}" rx="${fmt(l.w / 2)}" ry="${fmt(l.h / 2)}" fill="${fill}"${stroke}/>`;
  if (l.shape === 'line') {
    const y = l.y + l.h / 2;
    return `<line x1="${fmt(l.x)}" y1="${fmt(y)}" x2="${fmt(l.x + l.w)}" y2="${fmt(y)}"${stroke || ` stroke="${l.fill ?? '#000000'}" stroke-width="${fmt(l.h)}"`}/>`;
  }
  const r = Math.min(l.corner_radius_mm, l.w / 2, l.h / 2);
  return `<rect x="${fmt(l.x)}" y="${fmt(l.y)}" width="${fmt(l.w)}" height="${fmt(l.h)}"${r > 0 ? ` rx="${fmt(r)}"` : ''} fill="${fill}"${stroke}/>`;
}

function barcodeSvg(l: Extract<EditorLayer, { kind: 'barcode' }>): string {
  const m = Math.max(MIN_MAGNIFICATION, Math.min(MAX_MAGNIFICATION, magnificationFor(l.w, l.h)));
  const g = barcodeGeometry(l.symbology, l.digits, m);
  // Scaled down further when the layer is smaller than 80 %: drawn as asked, the warning says so.
  const k = Math.min(1, l.w / g.width, l.h / g.height);
  const ox = l.x + (l.w - g.width * k) / 2;
  const oy = l.y + (l.h - g.height * k) / 2;
  const bg = l.background ? `<rect x="${fmt(ox)}" y="${fmt(oy)}" width="${fmt(g.width * k)}" height="${fmt(g.height * k)}" fill="${l.background}"/>` : '';
  const d = g.bars.map((b) => `M${fmt(ox + b.x * k)} ${fmt(oy + b.y * k)}h${fmt(b.w * k)}v${fmt(b.h * k)}h${fmt(-b.w * k)}Z`).join('');
  const digits = g.text
    .map(
      (t) =>
        `<text x="${fmt(ox + t.x * k)}" y="${fmt(oy + t.y * k)}" font-family="${BARCODE_FONT}" font-size="${fmt(t.sizeMm * k)}" text-anchor="middle" fill="${l.colour}">${t.text}</text>`,
    )
    .join('');
  return `${bg}<path d="${d}" fill="${l.colour}"/>${digits}`;
}

function layerBody(l: EditorLayer, ctx: Ctx): string {
  switch (l.kind) {
    case 'background':
      return backgroundSvg(l, ctx);
    case 'image': {
      const c = l.crop;
      const vb = `${fmt(c.x * l.natural.width)} ${fmt(c.y * l.natural.height)} ${fmt(c.w * l.natural.width)} ${fmt(c.h * l.natural.height)}`;
      return `<svg x="${fmt(l.x)}" y="${fmt(l.y)}" width="${fmt(l.w)}" height="${fmt(l.h)}" viewBox="${vb}" preserveAspectRatio="none" overflow="hidden"><image href="${escapeXml(l.url)}" width="${fmt(l.natural.width)}" height="${fmt(l.natural.height)}"/></svg>`;
    }
    case 'text':
      return textSvg(l);
    case 'shape':
      return shapeSvg(l);
    case 'logo':
      return l.source.type === 'image'
        ? `<image href="${escapeXml(l.source.url)}" x="${fmt(l.x)}" y="${fmt(l.y)}" width="${fmt(l.w)}" height="${fmt(l.h)}" preserveAspectRatio="xMidYMid meet"/>`
        : nestedSvg(l.source.svg, l.x, l.y, l.w, l.h, ctx.ids.next('logo'));
    case 'nutrition':
      return nestedSvg(l.svg, l.x, l.y, l.w, l.h, ctx.ids.next('nut'));
    case 'icon':
      return `<svg x="${fmt(l.x)}" y="${fmt(l.y)}" width="${fmt(l.w)}" height="${fmt(l.h)}" viewBox="0 0 24 24" fill="none" stroke="${l.colour}" stroke-width="${fmt(l.stroke_width)}" stroke-linecap="round" stroke-linejoin="round">${l.body}</svg>`;
    case 'barcode':
      return barcodeSvg(l);
  }
}

/** One layer as SVG markup in its panel's coordinates (hidden layers draw nothing). */
function layerSvg(l: EditorLayer, ctx: Ctx): string {
  if (l.hidden || l.opacity === 0) return '';
  const body = layerBody(l, ctx);
  // Backgrounds fill the panel and its bleed whatever their box: they are never turned.
  const turn = l.kind !== 'background' && l.rotation % 360 !== 0 ? ` transform="rotate(${fmt(l.rotation)} ${fmt(l.x + l.w / 2)} ${fmt(l.y + l.h / 2)})"` : '';
  const alpha = l.opacity < 1 ? ` opacity="${fmt(l.opacity, 3)}"` : '';
  return turn || alpha ? `<g${turn}${alpha}>${body}</g>` : body;
}

function panelContent(doc: EditorDocument, panel: EditorPanel, ids: Ids): { defs: string[]; body: string } {
  const b = doc.dieline.bleed_mm;
  const ctx: Ctx = { ids, defs: [], bleedBox: { x: -b, y: -b, w: panel.width + 2 * b, h: panel.height + 2 * b } };
  const layers = doc.panels.find((p) => p.panel_id === panel.id)?.layers ?? [];
  const body = layers.map((l) => layerSvg(l, ctx)).join('');
  return { defs: ctx.defs, body };
}

/**
 * One panel upright, in mm: the viewBox is the panel grown by the bleed (origin at the panel's
 * top-left), backgrounds filling it all.
 */
export function panelSvg(doc: EditorDocument, panelId: string): string {
  const panel = doc.dieline.panels.find((p) => p.id === panelId);
  if (!panel) throw new Error(`panel ${panelId}: not on the dieline.`);
  const b = doc.dieline.bleed_mm;
  const { defs, body } = panelContent(doc, panel, new Ids());
  const w = panel.width + 2 * b;
  const h = panel.height + 2 * b;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(w)}mm" height="${fmt(h)}mm" viewBox="${fmt(-b)} ${fmt(-b)} ${fmt(w)} ${fmt(h)}">` +
    (defs.length ? `<defs>${defs.join('')}</defs>` : '') +
    body +
    '</svg>'
  );
}

/**
 * One layer alone, upright and opaque (its rotation and opacity are the caller's), as an SVG
 * whose viewBox is the layer's box in panel mm — a background's is the panel grown by the bleed.
 * The print PDF draws the layers it cannot draw as vectors from this, each at its own place.
 */
export function layerAloneSvg(doc: EditorDocument, panelId: string, layer: EditorLayer): { svg: string; box: { x: number; y: number; w: number; h: number } } {
  const panel = doc.dieline.panels.find((p) => p.id === panelId);
  if (!panel) throw new Error(`panel ${panelId}: not on the dieline.`);
  const b = doc.dieline.bleed_mm;
  const ctx: Ctx = { ids: new Ids(), defs: [], bleedBox: { x: -b, y: -b, w: panel.width + 2 * b, h: panel.height + 2 * b } };
  const body = layerBody(layer, ctx);
  const box = layer.kind === 'background' ? ctx.bleedBox : { x: layer.x, y: layer.y, w: layer.w, h: layer.h };
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(box.w)}mm" height="${fmt(box.h)}mm" viewBox="${fmt(box.x)} ${fmt(box.y)} ${fmt(box.w)} ${fmt(box.h)}">` +
    (ctx.defs.length ? `<defs>${ctx.defs.join('')}</defs>` : '') +
    body +
    '</svg>';
  return { svg, box };
}

export interface SheetSvgOptions {
  /** Draw the cut (solid magenta) and crease (dashed cyan) lines over the artwork (default false: the print PDF draws them as separations). */
  dieline?: boolean;
}

/**
 * The flat sheet in mm, bleed included (viewBox from −bleed): every panel's artwork turned into
 * place, first grown by the bleed (so the outside edge carries artwork 3 mm past the cut), then
 * exactly clipped to its panel on top, so neighbours meet at the fold without overlap.
 */
export function sheetSvg(doc: EditorDocument, opts: SheetSvgOptions = {}): string {
  const d = doc.dieline;
  const b = d.bleed_mm;
  const ids = new Ids();
  const defs: string[] = [];
  const under: string[] = [];
  const exact: string[] = [];
  for (const panel of d.panels) {
    const { defs: own, body } = panelContent(doc, panel, ids);
    if (!body) continue;
    defs.push(...own);
    const r = panel.rect;
    const grown = ids.next('bleed');
    const clip = ids.next('clip');
    defs.push(
      `<clipPath id="${grown}"><rect x="${fmt(r.x - b)}" y="${fmt(r.y - b)}" width="${fmt(r.width + 2 * b)}" height="${fmt(r.height + 2 * b)}"/></clipPath>`,
    );
    defs.push(`<clipPath id="${clip}"><rect x="${fmt(r.x)}" y="${fmt(r.y)}" width="${fmt(r.width)}" height="${fmt(r.height)}"/></clipPath>`);
    const placed = `<g transform="${panelTransform(panel)}">${body}</g>`;
    under.push(`<g clip-path="url(#${grown})">${placed}</g>`);
    exact.push(`<g clip-path="url(#${clip})" data-panel="${escapeXml(panel.id)}">${placed}</g>`);
  }
  const lines = opts.dieline
    ? `<g id="cut" fill="none" stroke="#ec008c" stroke-width="0.25">${d.cuts.map((p) => `<path d="${p}"/>`).join('')}</g>` +
      `<g id="crease" fill="none" stroke="#00aeef" stroke-width="0.25" stroke-dasharray="2 1">${d.creases.map((p) => `<path d="${p}"/>`).join('')}</g>`
    : '';
  const w = d.size.width + 2 * b;
  const h = d.size.height + 2 * b;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(w)}mm" height="${fmt(h)}mm" viewBox="${fmt(-b)} ${fmt(-b)} ${fmt(w)} ${fmt(h)}">` +
    `<defs>${defs.join('')}</defs>` +
    `<g id="artwork-bleed">${under.join('')}</g><g id="artwork">${exact.join('')}</g>${lines}</svg>`
  );
}
