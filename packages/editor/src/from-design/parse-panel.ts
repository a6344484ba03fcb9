/**
 * One panel of the design engine's artwork (its SVG, layers marked `<g data-layer="…">`) taken
 * apart into editor layers: the ground as a colour background, every text as a live text layer
 * (font, weight, size, tracking, colour, place), each icon as an icon layer, the logo as a logo
 * layer, and what is left of the drawing (bands, cards, frames, patterns, imagery) as vector
 * image layers. Pure string work: measuring text and naming icons are given by the caller.
 */
import type { EditorFontFamily, EditorLayer } from '@packsmith/contracts';
import { EDITOR_FONT_FAMILIES } from '@packsmith/contracts';
import { FIRST_BASELINE_EM, MM_PER_PT } from '../render-svg.js';
import { halfTurns } from '../geometry.js';

export interface ParseHelpers {
  /** Pen advance of one line, mm (tracking between glyphs included). */
  measure(text: string, family: string, weight: number, italic: boolean, sizeMm: number, trackingMm: number): number;
  /** The icon id whose 24 × 24 body this is, or null. */
  iconName(body: string): string | null;
}

export interface PanelArtInput {
  svg: string;
  widthMm: number;
  heightMm: number;
  /** Lines of each text element the engine drew, in order (its text zones' `lines.length`). */
  lineCounts: readonly number[];
  /** Prefix of the layer ids (unique per panel). */
  idPrefix: string;
}

interface Element {
  tag: string;
  attrs: Record<string, string>;
  /** The element's markup, whole. */
  raw: string;
  /** Markup between its tags ('' for an empty element). */
  inner: string;
}

const TAG = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+\s*=\s*"[^"]*")*)\s*(\/?)>|<!--[\s\S]*?-->/g;

function attrsOf(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
}

/** The top-level elements of a fragment of well-formed SVG. */
export function children(fragment: string): Element[] {
  const out: Element[] = [];
  let depth = 0;
  let start = -1;
  let open: { tag: string; attrs: Record<string, string>; end: number } | null = null;
  for (const m of fragment.matchAll(TAG)) {
    if (m[0].startsWith('<!--')) continue;
    const [whole, close, tag = '', attrs = '', selfClose] = m;
    const at = m.index;
    if (close) {
      depth--;
      if (depth === 0 && open) {
        out.push({ tag: open.tag, attrs: open.attrs, raw: fragment.slice(start, at + whole.length), inner: fragment.slice(open.end, at) });
        open = null;
      }
      continue;
    }
    if (depth === 0) {
      start = at;
      if (selfClose) {
        out.push({ tag, attrs: attrsOf(attrs), raw: whole, inner: '' });
        continue;
      }
      open = { tag, attrs: attrsOf(attrs), end: at + whole.length };
    }
    if (!selfClose) depth++;
  }
  return out;
}

/** The content of one marked layer group of the engine's panel SVG, '' when absent. */
export function layerGroup(svg: string, name: string): string {
  const open = `<g data-layer="${name}">`;
  const i = svg.indexOf(open);
  if (i < 0) return '';
  const j = svg.indexOf(`</g><!--/${name}-->`, i);
  return j < 0 ? '' : svg.slice(i + open.length, j);
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const n = (v: string | undefined, d = 0) => {
  const x = Number.parseFloat(v ?? '');
  return Number.isFinite(x) ? x : d;
};
const r4 = (v: number) => Math.round(v * 10000) / 10000;
const HEX = /^#[0-9a-fA-F]{6}$/;

function toBase64(s: string): string {
  const bytes = new TextEncoder().encode(s);
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const t = (a << 16) | (b << 8) | c;
    out += abc[(t >> 18) & 63]! + abc[(t >> 12) & 63]! + (i + 1 < bytes.length ? abc[(t >> 6) & 63]! : '=') + (i + 2 < bytes.length ? abc[t & 63]! : '=');
  }
  return out;
}

const base = (id: string, name: string, x: number, y: number, w: number, h: number) => ({
  id,
  name,
  x: r4(x),
  y: r4(y),
  w: r4(Math.max(0.1, w)),
  h: r4(Math.max(0.1, h)),
  rotation: 0,
  opacity: 1,
  locked: false,
  hidden: false,
});

/** The engine's drawing that has no editor layer of its own, as a panel-sized vector image layer. */
function artworkLayer(id: string, name: string, markup: string, defs: string, w: number, h: number): EditorLayer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}mm" height="${h}mm" viewBox="0 0 ${w} ${h}">${defs}${markup}</svg>`;
  const k = 10;
  return {
    ...base(id, name, 0, 0, w, h),
    kind: 'image',
    url: `data:image/svg+xml;base64,${toBase64(svg)}`,
    natural: { width: Math.max(1, Math.round(w * k)), height: Math.max(1, Math.round(h * k)) },
    crop: { x: 0, y: 0, w: 1, h: 1 },
  };
}

const ICON = /^translate\(([-\d.]+)[ ,]([-\d.]+)\) scale\(([-\d.]+)\)(?: rotate\(([-\d.]+) 12 12\))?$/;

function family(name: string): EditorFontFamily | null {
  return (EDITOR_FONT_FAMILIES as readonly string[]).includes(name) ? (name as EditorFontFamily) : null;
}

/** The engine's panel SVG as editor layers, bottom to top. */
export function parsePanelArt(input: PanelArtInput, helpers: ParseHelpers): EditorLayer[] {
  const { svg, widthMm: W, heightMm: H, idPrefix } = input;
  const layers: EditorLayer[] = [];
  let count = 0;
  const id = () => `${idPrefix}${++count}`;
  const defs = /<defs>[\s\S]*?<\/defs>(?=<g data-layer)/.exec(svg)?.[0] ?? '';

  // Background: the ground colour, then the rest of the background drawing (bands, plates, imagery).
  const bg = children(layerGroup(svg, 'background'));
  const first = bg[0];
  let rest = bg;
  if (
    first?.tag === 'rect' &&
    n(first.attrs.x) === 0 &&
    n(first.attrs.y) === 0 &&
    Math.abs(n(first.attrs.width) - W) < 0.01 &&
    Math.abs(n(first.attrs.height) - H) < 0.01 &&
    HEX.test(first.attrs.fill ?? '')
  ) {
    layers.push({ ...base(id(), 'Background', 0, 0, W, H), kind: 'background', fill: { type: 'colour', colour: first.attrs.fill! } });
    rest = bg.slice(1);
  }
  if (rest.length) layers.push(artworkLayer(id(), 'Background artwork', rest.map((e) => e.raw).join(''), defs, W, H));

  // Ornaments: icons become icon layers; the rest (lines, frames, patterns) one artwork layer, kept in order.
  let pending: string[] = [];
  const flush = () => {
    if (pending.length) layers.push(artworkLayer(id(), 'Ornaments', pending.join(''), defs, W, H));
    pending = [];
  };
  for (const e of children(layerGroup(svg, 'ornaments'))) {
    const m = e.tag === 'g' ? ICON.exec(e.attrs.transform ?? '') : null;
    const name = m && e.attrs.fill === 'none' && HEX.test(e.attrs.stroke ?? '') ? helpers.iconName(e.inner) : null;
    const stroke = n(e.attrs['stroke-width'], 2);
    if (!m || !name || stroke < 0.1 || stroke > 24) {
      pending.push(e.raw);
      continue;
    }
    flush();
    const size = 24 * n(m[3], 1);
    layers.push({
      ...base(id(), `Icon ${name}`, n(m[1]), n(m[2]), size, size),
      rotation: r4(halfTurns(n(m[4]))),
      opacity: e.attrs.opacity !== undefined ? Math.max(0, Math.min(1, n(e.attrs.opacity, 1))) : 1,
      kind: 'icon',
      icon: name,
      body: e.inner,
      colour: e.attrs.stroke!,
      stroke_width: r4(stroke),
    });
  }
  flush();

  const illustration = layerGroup(svg, 'illustration');
  if (illustration) layers.push(artworkLayer(id(), 'Illustration', illustration, defs, W, H));

  for (const e of children(layerGroup(svg, 'logo'))) {
    const href = e.attrs.href;
    if (e.tag !== 'image' || !href) continue;
    const mime = /^data:(image\/(png|jpeg|svg\+xml))/.exec(href)?.[1];
    layers.push({
      ...base(id(), 'Logo', n(e.attrs.x), n(e.attrs.y), n(e.attrs.width), n(e.attrs.height)),
      kind: 'logo',
      // The engine draws the logo fitted into this box; its pixels are that box at 300 dpi or better.
      source: {
        type: 'image',
        url: href,
        natural: {
          width: mime === 'image/svg+xml' ? 1 : Math.round((n(e.attrs.width) / 25.4) * 300),
          height: mime === 'image/svg+xml' ? 1 : Math.round((n(e.attrs.height) / 25.4) * 300),
        },
      },
    });
  }

  // Text: each text element's lines in order; a turned one sits in <g transform="rotate(r cx cy)">.
  const lines: { el: Element; rotate: [number, number, number] | null }[] = [];
  for (const e of children(layerGroup(svg, 'text'))) {
    if (e.tag === 'text') lines.push({ el: e, rotate: null });
    else if (e.tag === 'g') {
      const m = /^rotate\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)$/.exec(e.attrs.transform ?? '');
      for (const t of children(e.inner)) if (t.tag === 'text') lines.push({ el: t, rotate: m ? [n(m[1]), n(m[2]), n(m[3])] : null });
    }
  }
  let at = 0;
  for (const count of input.lineCounts) {
    const group = lines.slice(at, at + count);
    at += count;
    const head = group[0];
    if (!head) continue;
    const a = head.el.attrs;
    const fam = family(a['font-family'] ?? '');
    if (!fam) continue;
    const sizeMm = n(a['font-size'], 1);
    const weight = Math.round(n(a['font-weight'], 400) / 100) * 100;
    const italic = a['font-style'] === 'italic';
    const trackMm = n(a['letter-spacing']);
    const texts = group.map((g) => unescape(g.el.inner));
    const advances = texts.map((t) => helpers.measure(t, fam, weight, italic, sizeMm, trackMm));
    const xs = group.map((g) => n(g.el.attrs.x));
    const ys = group.map((g) => n(g.el.attrs.y));
    const lefts = xs;
    const centres = xs.map((x, i) => x + advances[i]! / 2);
    const rights = xs.map((x, i) => x + advances[i]!);
    const spread = (v: number[]) => Math.max(...v) - Math.min(...v);
    // One line reads as centred (the engine's usual); several by whichever edge they share.
    const align = group.length === 1 ? 'center' : spread(lefts) < 0.05 ? 'left' : spread(rights) < 0.05 && spread(centres) >= 0.05 ? 'right' : 'center';
    const width = Math.max(...advances);
    const x =
      align === 'left' ? Math.min(...lefts) : align === 'right' ? Math.max(...rights) - width : centres.reduce((s, c) => s + c, 0) / centres.length - width / 2;
    const lineHeight = group.length > 1 ? (ys[1]! - ys[0]!) / sizeMm : 1.2;
    const top = ys[0]! - FIRST_BASELINE_EM * sizeMm;
    const height = sizeMm * (FIRST_BASELINE_EM + (group.length - 1) * lineHeight) + sizeMm * 0.25;
    let box = { x, y: top, w: width, h: height };
    let rotation = 0;
    if (head.rotate) {
      // The engine turns about (cx, cy); a layer turns about its own centre: move the centre where the engine's turn puts it.
      const [deg, cx, cy] = head.rotate;
      const rad = (deg * Math.PI) / 180;
      const mx = box.x + box.w / 2 - cx;
      const my = box.y + box.h / 2 - cy;
      const nx = cx + mx * Math.cos(rad) - my * Math.sin(rad);
      const ny = cy + mx * Math.sin(rad) + my * Math.cos(rad);
      box = { ...box, x: nx - box.w / 2, y: ny - box.h / 2 };
      rotation = r4(halfTurns(deg));
    }
    const fill = a.fill ?? '#000000';
    layers.push({
      ...base(id(), texts.join(' ').slice(0, 80), box.x, box.y, box.w, box.h),
      rotation,
      kind: 'text',
      text: texts.join('\n'),
      font: { family: fam, weight: Math.max(100, Math.min(900, weight)), italic },
      size_pt: r4(sizeMm / MM_PER_PT),
      tracking: r4((trackMm / sizeMm) * 1000),
      line_height: r4(Math.max(0.5, Math.min(4, lineHeight))),
      align,
      colour: HEX.test(fill) ? fill : '#000000',
    });
  }
  return layers;
}
