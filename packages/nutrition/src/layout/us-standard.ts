/**
 * The US standard vertical format (21 CFR 101.9(d)) as drawing primitives in mm. Type sizes are the
 * regulation's minimums ((d)(1): 16 pt "Calories", 22 pt numeral, 10 pt serving lines, 8 pt nutrients,
 * 6 pt heading and footnote); rules and bars follow FDA's recommended graphics (Appendix B: ½ pt box,
 * 7 pt bars between large groups, 3 pt under calories, ¼ pt hairlines). The simplified format (f) is
 * this layout with fewer rows and its "Not a significant source of …" statement.
 */
import type { DrawItem, DrawSpan, LabelDrawing } from '../drawing.js';
import { textWidth, wrap } from '../metrics.js';
import { MICRO_KEYS } from '../nutrients.js';
import type { LabelLine, LabelResult } from '../types.js';
import { PT } from './pen.js';

export interface UsStandardOptions {
  /** Outer width of the label, mm. Default 66 mm (about 2.6 in). */
  width_mm?: number;
}

const round3 = (v: number) => Number(v.toFixed(3));

interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
}
const toDraw = (s: Span): DrawSpan => ({ text: s.text, ...(s.bold ? { weight: 'bold' as const } : {}), ...(s.italic ? { italic: true } : {}) });

/** The standard vertical layout as drawing primitives in mm (see drawing.ts). */
export function usStandardDrawing(label: LabelResult, options: UsStandardOptions = {}): LabelDrawing {
  if (label.region !== 'us') throw new RangeError('usStandardSvg draws US labels only');
  const widthPt = (options.width_mm ?? 66) / PT;
  const pad = 3; // "within 3 points of text measure"
  const left = pad;
  const right = widthPt - pad;
  const inner = right - left;
  const out: DrawItem[] = [];
  const overflow: string[] = [];
  let y = pad;

  const text = (x: number, baseline: number, size: number, spans: Span[], anchor: 'start' | 'end' = 'start', fit?: { weight: 'black'; width: number }) => {
    out.push({
      kind: 'text',
      x: x * PT,
      y: baseline * PT,
      size: size * PT,
      spans: fit ? spans.map((sp) => ({ text: sp.text, weight: fit.weight })) : spans.map(toDraw),
      ...(anchor === 'end' ? { anchor } : {}),
      ...(fit ? { fit_width: fit.width * PT } : {}),
    });
  };
  const width = (spans: Span[], size: number) => spans.reduce((w, s) => w + textWidth(s.text, size, s.bold), 0);
  const rule = (at: number, thickness: number, from = left) => {
    out.push({ kind: 'rect', x: from * PT, y: at * PT, w: (right - from) * PT, h: thickness * PT });
  };

  // Title, flush left and right ((d)(2)).
  const titleSize = 22;
  y += titleSize * 0.8;
  text(left, y, titleSize, [{ text: label.title }], 'start', { weight: 'black', width: inner });
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

  return {
    width_mm: round3(widthPt * PT),
    height_mm: round3(y * PT),
    title: label.title,
    frame: { stroke_width: 0.5 * PT },
    items: out,
    overflow,
  };
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
