/**
 * A label as a list of drawing primitives in millimetres (text runs on a baseline, filled or stroked
 * rectangles), the one seam between the layouts and every output: live-text SVG for the preview,
 * outlined SVG, PNG and PDF for print. The layouts never write markup; the emitters never decide
 * layout.
 */

export type FontWeight = 'regular' | 'bold' | 'black';

export interface DrawSpan {
  text: string;
  weight?: FontWeight;
  italic?: boolean;
}

export interface DrawText {
  kind: 'text';
  /** Anchor point x, mm from the label's left edge. */
  x: number;
  /** Baseline, mm from the label's top edge. */
  y: number;
  /** Font size (em), mm. */
  size: number;
  spans: DrawSpan[];
  anchor?: 'start' | 'middle' | 'end';
  /** Stretch or squeeze the run to exactly this width, mm (a title set flush left and right). */
  fit_width?: number;
  /** Default black. */
  fill?: string;
}

export interface DrawRect {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  /** Default black; 'none' for an outline only. */
  fill?: string;
  stroke?: string;
  stroke_width?: number;
}

export type DrawItem = DrawText | DrawRect;

export interface LabelDrawing {
  width_mm: number;
  height_mm: number;
  /** The label's heading, for the SVG <title> and the PDF's metadata. */
  title: string;
  /** Background and frame, drawn under the items; the frame is stroked inside the label's edge. */
  background?: string;
  frame?: { stroke_width: number; stroke?: string };
  items: DrawItem[];
  /** Rows whose text is wider than the label (then choose a wider label or the tabular or linear format). */
  overflow: string[];
}

/** Outline of a run of text, for print files that must not depend on an installed font. */
export interface GlyphOutliner {
  /**
   * The run's outline as SVG path data with the origin on the baseline at the run's start, y down,
   * in mm at `size` mm, and its advance width in mm.
   */
  outline(text: string, weight: FontWeight, italic: boolean, size: number): { d: string; width: number };
}

export interface SvgEmitOptions {
  /** Draw text as paths through this outliner (print); without it text stays live SVG text (preview). */
  outliner?: GlyphOutliner;
  /** A diagonal watermark over the label, e.g. "Packsmith preview". */
  watermark?: string;
}

export const FONT_STACK = 'Helvetica, Arial, sans-serif';

/** Millimetres with at most three decimals, trailing zeros dropped. */
export const mm = (v: number): string => {
  const s = v.toFixed(3);
  return s.replace(/\.?0+$/, '');
};
export const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const WEIGHT_ATTR: Readonly<Record<FontWeight, string>> = { regular: '', bold: ' font-weight="bold"', black: ' font-weight="900"' };

function liveText(t: DrawText): string {
  const single = t.spans.length === 1 ? t.spans[0] : undefined;
  const runAttrs = (s: DrawSpan) => `${WEIGHT_ATTR[s.weight ?? 'regular']}${s.italic ? ' font-style="italic"' : ''}`;
  // A run of one span carries its weight on the <text> when it also stretches (the title); otherwise spans are tspans.
  const whole = t.fit_width !== undefined && single ? runAttrs(single) : '';
  const body = whole
    ? escapeXml(single?.text ?? '')
    : t.spans
        .map((s) => {
          const attrs = runAttrs(s);
          return attrs ? `<tspan${attrs}>${escapeXml(s.text)}</tspan>` : escapeXml(s.text);
        })
        .join('');
  const anchor = t.anchor && t.anchor !== 'start' ? ` text-anchor="${t.anchor}"` : '';
  const fit = t.fit_width !== undefined ? ` textLength="${mm(t.fit_width)}" lengthAdjust="spacingAndGlyphs"` : '';
  const fill = t.fill && t.fill !== '#000' ? ` fill="${t.fill}"` : '';
  return `<text x="${mm(t.x)}" y="${mm(t.y)}" font-size="${mm(t.size)}"${anchor}${whole}${fit}${fill}>${body}</text>`;
}

function outlinedText(t: DrawText, outliner: GlyphOutliner): string {
  const runs = t.spans.map((s) => ({ s, o: outliner.outline(s.text, s.weight ?? 'regular', s.italic ?? false, t.size) }));
  const natural = runs.reduce((w, r) => w + r.o.width, 0);
  const scale = t.fit_width !== undefined && natural > 0 ? t.fit_width / natural : 1;
  const total = natural * scale;
  let x = t.anchor === 'end' ? t.x - total : t.anchor === 'middle' ? t.x - total / 2 : t.x;
  const parts: string[] = [];
  for (const r of runs) {
    if (r.o.d) {
      const sx = scale === 1 ? '' : ` scale(${scale.toFixed(5)} 1)`;
      parts.push(`<path transform="translate(${mm(x)} ${mm(t.y)})${sx}" d="${r.o.d}"/>`);
    }
    x += r.o.width * scale;
  }
  const fill = t.fill && t.fill !== '#000' ? ` fill="${t.fill}"` : '';
  return fill ? `<g${fill}>${parts.join('')}</g>` : parts.join('');
}

function rect(r: DrawRect): string {
  const fill = r.fill && r.fill !== '#000' ? ` fill="${r.fill}"` : '';
  const stroke = r.stroke ? ` stroke="${r.stroke}" stroke-width="${mm(r.stroke_width ?? 0.1)}"` : '';
  return `<rect x="${mm(r.x)}" y="${mm(r.y)}" width="${mm(r.w)}" height="${mm(r.h)}"${fill}${stroke}/>`;
}

/** The drawing as a standalone SVG whose width and height are in mm and whose viewBox is in mm. */
export function drawingToSvg(d: LabelDrawing, options: SvgEmitOptions = {}): string {
  const w = d.width_mm;
  const h = d.height_mm;
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${mm(w)}mm" height="${mm(h)}mm" viewBox="0 0 ${mm(w)} ${mm(h)}">\n<title>${escapeXml(d.title)}</title>\n`;
  const under: string[] = [];
  if (d.frame) {
    const sw = d.frame.stroke_width;
    under.push(
      `<rect x="${mm(sw / 2)}" y="${mm(sw / 2)}" width="${mm(w - sw)}" height="${mm(h - sw)}" fill="${d.background ?? '#fff'}" stroke="${d.frame.stroke ?? '#000'}" stroke-width="${mm(sw)}"/>`,
    );
  } else if (d.background) {
    under.push(`<rect width="${mm(w)}" height="${mm(h)}" fill="${d.background}"/>`);
  }
  const body = d.items.map((it) => (it.kind === 'rect' ? rect(it) : options.outliner ? outlinedText(it, options.outliner) : liveText(it)));
  const group = options.outliner ? `<g fill="#000">` : `<g fill="#000" font-family="${FONT_STACK}">`;
  const mark = options.watermark ? `\n${watermarkSvg(w, h, options.watermark, options.outliner)}` : '';
  return `${head}${under.join('\n')}${under.length ? '\n' : ''}${group}\n${body.join('\n')}\n</g>${mark}\n</svg>\n`;
}

/** Diagonal repeated text across the label, light enough to read the figures through, hard to crop out. */
export function watermarkSvg(w: number, h: number, text: string, outliner?: GlyphOutliner): string {
  const size = Math.max(3, Math.min(w, h) / 9);
  const step = size * 3.2;
  const rows: DrawText[] = [];
  for (let y = -h; y < h * 2; y += step) rows.push({ kind: 'text', x: w / 2, y, size, spans: [{ text, weight: 'bold' }], anchor: 'middle' });
  const drawn = rows.map((t) => (outliner ? outlinedText(t, outliner) : liveText(t))).join('');
  const font = outliner ? '' : ` font-family="${FONT_STACK}"`;
  return `<g fill="#c0392b" fill-opacity="0.28"${font} transform="rotate(-30 ${mm(w / 2)} ${mm(h / 2)})">${drawn}</g>`;
}
