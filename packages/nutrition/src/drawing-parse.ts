/**
 * The drawing back from the live-text SVG drawingToSvg writes (what a saved label's record holds and
 * the editor's nutrition layer keeps), so a print file can set the label as text and rules again
 * rather than as a picture. It reads only that markup, element by element; anything else (an
 * outlined or watermarked SVG, a hand-edited one) answers null and the caller draws a picture.
 */
import type { DrawItem, DrawRect, DrawSpan, DrawText, FontWeight, LabelDrawing } from './drawing.js';

const HEAD =
  /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="([\d.]+)mm" height="([\d.]+)mm" viewBox="0 0 ([\d.]+) ([\d.]+)">\n<title>([^<]*)<\/title>\n/;
const ATTR = /\s([a-z-]+|textLength|lengthAdjust)="([^"]*)"/g;
const NUMBER = /^-?\d+(\.\d+)?$/;

const unescapeXml = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const RECT_ATTRS = new Set(['x', 'y', 'width', 'height', 'fill', 'stroke', 'stroke-width']);
const TEXT_ATTRS = new Set(['x', 'y', 'font-size', 'text-anchor', 'font-weight', 'font-style', 'textLength', 'lengthAdjust', 'fill']);
const SPAN_ATTRS = new Set(['font-weight', 'font-style']);

/** The attributes, or null when one is not among those the emitter writes (a transform, a class…). */
function attrs(source: string, allowed: ReadonlySet<string>): Map<string, string> | null {
  const out = new Map<string, string>();
  for (const m of source.matchAll(ATTR)) {
    if (!allowed.has(m[1]!)) return null;
    out.set(m[1]!, unescapeXml(m[2]!));
  }
  return out;
}

/** A number attribute, or NaN when it is missing or not a plain number (then the whole parse fails). */
function num(a: Map<string, string>, name: string): number {
  const v = a.get(name);
  return v !== undefined && NUMBER.test(v) ? Number(v) : Number.NaN;
}

function weightOf(a: Map<string, string>): FontWeight | null {
  const w = a.get('font-weight');
  if (w === undefined) return 'regular';
  if (w === 'bold') return 'bold';
  if (w === '900') return 'black';
  return null;
}

/** The run's style as a span takes it (regular upright is left out, as the emitter leaves it out). */
function styled(text: string, weight: FontWeight, italic: boolean): DrawSpan {
  return { text, ...(weight !== 'regular' ? { weight } : {}), ...(italic ? { italic: true } : {}) };
}

function parseRect(source: string): DrawRect | null {
  const a = attrs(source, RECT_ATTRS);
  if (!a) return null;
  const r: DrawRect = { kind: 'rect', x: num(a, 'x'), y: num(a, 'y'), w: num(a, 'width'), h: num(a, 'height') };
  if (![r.x, r.y, r.w, r.h].every(Number.isFinite)) return null;
  const fill = a.get('fill');
  if (fill !== undefined) r.fill = fill;
  const stroke = a.get('stroke');
  if (stroke !== undefined) {
    r.stroke = stroke;
    r.stroke_width = num(a, 'stroke-width');
    if (!Number.isFinite(r.stroke_width)) return null;
  }
  return r;
}

const TSPAN = /<tspan((?:\s[a-z-]+="[^"]*")*)>([^<]*)<\/tspan>|([^<]+)/g;

function parseText(open: string, body: string): DrawText | null {
  const a = attrs(open, TEXT_ATTRS);
  if (!a || (a.has('textLength') && a.get('lengthAdjust') !== 'spacingAndGlyphs')) return null;
  const t: DrawText = { kind: 'text', x: num(a, 'x'), y: num(a, 'y'), size: num(a, 'font-size'), spans: [] };
  if (![t.x, t.y, t.size].every(Number.isFinite)) return null;
  const anchor = a.get('text-anchor');
  if (anchor === 'middle' || anchor === 'end') t.anchor = anchor;
  else if (anchor !== undefined) return null;
  if (a.has('textLength')) {
    t.fit_width = num(a, 'textLength');
    if (!Number.isFinite(t.fit_width)) return null;
  }
  const fill = a.get('fill');
  if (fill !== undefined) t.fill = fill;
  // A style on the <text> itself: the one span of a stretched run (drawing.ts liveText).
  const whole = a.has('font-weight') || a.has('font-style');
  if (whole) {
    const weight = weightOf(a);
    if (!weight || /</.test(body)) return null;
    t.spans.push(styled(unescapeXml(body), weight, a.get('font-style') === 'italic'));
    return t;
  }
  let seen = 0;
  for (const m of body.matchAll(TSPAN)) {
    seen += m[0].length;
    if (m[3] !== undefined) {
      t.spans.push({ text: unescapeXml(m[3]) });
      continue;
    }
    const sa = attrs(m[1] ?? '', SPAN_ATTRS);
    const weight = sa && weightOf(sa);
    if (!weight) return null;
    t.spans.push(styled(unescapeXml(m[2] ?? ''), weight, sa.get('font-style') === 'italic'));
  }
  if (seen !== body.length) return null;
  if (t.spans.length === 0) t.spans.push({ text: '' });
  return t;
}

const ITEM = /^(?:<rect((?:\s[a-z-]+="[^"]*")*)\/>|<text((?:\s[a-zA-Z-]+="[^"]*")*)>(.*)<\/text>)$/;

function parseItem(line: string): DrawItem | null {
  const m = ITEM.exec(line);
  if (!m) return null;
  if (m[1] !== undefined) return parseRect(m[1]);
  return parseText(m[2] ?? '', m[3] ?? '');
}

/** The drawing an SVG of drawingToSvg (live text, no watermark) was made from; null for any other SVG. */
export function svgToDrawing(svg: string): LabelDrawing | null {
  const head = HEAD.exec(svg);
  if (!head) return null;
  const width = Number(head[1]);
  const height = Number(head[2]);
  if (!(width > 0 && height > 0) || Number(head[3]) !== width || Number(head[4]) !== height) return null;
  const lines = svg.slice(head[0].length).split('\n');
  const drawing: LabelDrawing = { width_mm: width, height_mm: height, title: unescapeXml(head[5] ?? ''), items: [], overflow: [] };
  let i = 0;
  // Under the items: the frame (stroked inside the edge, over the background) or the background alone.
  const under = /^<rect((?:\s[a-z-]+="[^"]*")*)\/>$/.exec(lines[i] ?? '');
  if (under) {
    i++;
    const a = attrs(under[1] ?? '', RECT_ATTRS);
    const fill = a?.get('fill');
    if (fill === undefined) return null;
    drawing.background = fill;
    const stroke = a?.get('stroke');
    if (a && stroke !== undefined) {
      const sw = num(a, 'stroke-width');
      if (!Number.isFinite(sw)) return null;
      drawing.frame = { stroke_width: sw, stroke };
    }
  }
  if (!lines[i]?.startsWith('<g fill="#000" font-family=')) return null;
  i++;
  for (; i < lines.length && lines[i] !== '</g>'; i++) {
    const item = parseItem(lines[i]!);
    if (!item) return null;
    drawing.items.push(item);
  }
  // Only the closing tags may follow: a watermark or anything else is not this markup.
  const rest = lines.slice(i).join('\n');
  return rest === '</g>\n</svg>\n' ? drawing : null;
}
