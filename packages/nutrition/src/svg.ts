/**
 * SVG of the US standard vertical format (21 CFR 101.9(d)), in millimetres, from a computed label.
 * Type sizes are the regulation's minimums ((d)(1): 16 pt "Calories", 22 pt numeral, 10 pt serving
 * lines, 8 pt nutrients, 6 pt heading and footnote); rules and bars follow FDA's recommended graphics
 * (Appendix B: ½ pt box, 7 pt bars between large groups, 3 pt under calories, ¼ pt hairlines).
 * Text is live SVG text in a Helvetica stack; outlining it into paths (so print needs no font) is the
 * PDF/PNG renderer's job.
 */
import { textWidth, wrap } from './metrics.js';
import { MICRO_KEYS } from './nutrients.js';
import type { LabelLine, LabelResult } from './types.js';

/** 1 pt = 1/72 in = 25.4/72 mm. */
const PT = 25.4 / 72;
const FONT = 'Helvetica, Arial, sans-serif';

export interface SvgOptions {
  /** Outer width of the label, mm. Default 66 mm (about 2.6 in). */
  width_mm?: number;
}

export interface SvgLabel {
  svg: string;
  width_mm: number;
  height_mm: number;
  /** Rows whose text is wider than the label (then choose a wider label or the tabular format). */
  overflow: string[];
}

const n = (v: number) => {
  const s = v.toFixed(3);
  return s.replace(/\.?0+$/, '');
};
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
}

/**
 * Renders a computed US label (format 'standard', 'simplified' or 'tabular' figures) as the standard
 * vertical layout. Throws for other regions: their layouts are their own.
 */
export function usStandardSvg(label: LabelResult, options: SvgOptions = {}): SvgLabel {
  if (label.region !== 'us') throw new RangeError('usStandardSvg draws US labels only');
  const widthPt = (options.width_mm ?? 66) / PT;
  const pad = 3; // "within 3 points of text measure"
  const left = pad;
  const right = widthPt - pad;
  const inner = right - left;
  const out: string[] = [];
  const overflow: string[] = [];
  let y = pad;

  const text = (x: number, baseline: number, size: number, spans: Span[], anchor: 'start' | 'end' = 'start', extra = '') => {
    const body = spans
      .map((s) => {
        const attrs = `${s.bold ? ' font-weight="bold"' : ''}${s.italic ? ' font-style="italic"' : ''}`;
        return attrs ? `<tspan${attrs}>${esc(s.text)}</tspan>` : esc(s.text);
      })
      .join('');
    out.push(
      `<text x="${n(x * PT)}" y="${n(baseline * PT)}" font-size="${n(size * PT)}"${anchor === 'end' ? ' text-anchor="end"' : ''}${extra}>${body}</text>`,
    );
  };
  const width = (spans: Span[], size: number) => spans.reduce((w, s) => w + textWidth(s.text, size, s.bold), 0);
  const rule = (at: number, thickness: number, from = left) => {
    out.push(`<rect x="${n(from * PT)}" y="${n(at * PT)}" width="${n((right - from) * PT)}" height="${n(thickness * PT)}"/>`);
  };

  // Title, flush left and right ((d)(2)).
  const titleSize = 22;
  y += titleSize * 0.8;
  text(left, y, titleSize, [{ text: label.title }], 'start', ` font-weight="900" textLength="${n(inner * PT)}" lengthAdjust="spacingAndGlyphs"`);
  y += titleSize * 0.2;
  rule(y, 0.25);
  y += 1.5;

  // Servings and serving size (10 pt; serving size bold).
  const serving = label.serving;
  if (serving?.servings_text) {
    y += 10;
    text(left, y, 10, [{ text: serving.servings_text }]);
    y += 2;
  }
  if (serving) {
    y += 10;
    text(left, y, 10, [{ text: serving.size_label, bold: true }]);
    text(right, y, 10, [{ text: serving.size_text, bold: true }], 'end');
    if (textWidth(serving.size_label, 10, true) + 6 + textWidth(serving.size_text, 10, true) > inner) overflow.push('serving');
    y += 3;
  }
  rule(y, 7);
  y += 7;

  // Amount per serving and calories.
  y += 7;
  text(left, y, 6, [{ text: 'Amount per serving', bold: true }]);
  const cal = label.lines.find((l) => l.key === 'calories');
  y += 17;
  text(left, y, 16, [{ text: 'Calories', bold: true }]);
  if (cal) text(right, y, 22, [{ text: cal.amount, bold: true }], 'end');
  y += 3;
  rule(y, 3);
  y += 3;
  y += 8;
  text(right, y, 6, [{ text: '% Daily Value*', bold: true }], 'end');
  y += 2.5;

  const macros = label.lines.filter((l) => l.key !== 'calories' && !isMicro(l));
  const micros = label.lines.filter(isMicro);
  const row = (l: LabelLine, micro: boolean, first: boolean) => {
    const indentPt = l.indent * 9;
    if (!first) rule(y, 0.25, l.key === 'added_sugars' ? left + indentPt : left);
    y += 2.25 + 8 * 0.72;
    const spans: Span[] =
      l.key === 'added_sugars' ? [{ text: `Includes ${l.amount.replace(/^Less/, 'less')} Added Sugars` }] : [...nameSpans(l), { text: ` ${l.amount}` }];
    text(left + indentPt, y, 8, spans);
    const pct = l.dv || l.symbol || '';
    if (pct) text(right, y, 8, [{ text: pct, bold: !micro }], 'end');
    if (left + indentPt + width(spans, 8) + 4 + textWidth(pct, 8, !micro) > right) overflow.push(l.key);
    y += 8 * 0.28 + 2.25;
  };
  macros.forEach((l) => row(l, false, false));
  rule(y, 7);
  y += 7;
  micros.forEach((l, i) => row(l, true, i === 0));

  // Statements at the size of the indented nutrients, then the footnote (6 pt).
  for (const s of label.statements) {
    rule(y, 0.25);
    y += 1;
    for (const line of wrap(s, 8, inner)) {
      y += 9;
      text(left, y, 8, [{ text: line }]);
    }
    y += 2.5;
  }
  rule(y, 3);
  y += 3;
  for (const f of label.footnotes) {
    y += 1;
    for (const line of wrap(f, 6, inner)) {
      y += 7;
      text(left, y, 6, [{ text: line }]);
    }
  }
  y += pad + 1;

  const w = widthPt * PT;
  const h = y * PT;
  const box = `<rect x="${n(0.25 * PT)}" y="${n(0.25 * PT)}" width="${n(w - 0.5 * PT)}" height="${n(h - 0.5 * PT)}" fill="#fff" stroke="#000" stroke-width="${n(0.5 * PT)}"/>`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(w)}mm" height="${n(h)}mm" viewBox="0 0 ${n(w)} ${n(h)}">\n` +
    `<title>${esc(label.title)}</title>\n${box}\n<g fill="#000" font-family="${FONT}">\n${out.join('\n')}\n</g>\n</svg>\n`;
  return { svg, width_mm: Number(n(w)), height_mm: Number(n(h)), overflow };
}

const MICRO = new Set<string>(MICRO_KEYS);
function isMicro(l: LabelLine): boolean {
  return MICRO.has(l.key);
}

/** The row's name: bold when the regulation bolds it; "Trans" in italics ((d)(1)(iv), Appendix B). */
function nameSpans(l: LabelLine): Span[] {
  if (l.key === 'trans_fat') return [{ text: 'Trans', italic: true }, { text: ' Fat' }];
  return [{ text: l.label, bold: l.bold }];
}
