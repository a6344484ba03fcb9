/**
 * Canada's bilingual standard Nutrition Facts table (FDR B.01.401 onward as amended in 2016; Health
 * Canada's Directory of Nutrition Facts Table Formats, bilingual standard format): "Nutrition Facts /
 * Valeur nutritive" stacked in bold, the serving in both languages, "Calories" with a thick rule under
 * it that stops after the figure, "% Daily Value* / % valeur quotidienne*" flush right beside it, the
 * nutrients with hairlines between them (saturated + trans as one cell whose %DV is centred across both
 * rows), a thick rule after the last nutrient and the footnote in English then French with "a little /
 * a lot / peu / beaucoup" in bold. Sizes ([K], the Directory's figures not re-read): titles 13 pt bold,
 * serving 10 pt, Calories 12 pt bold, nutrients 8 pt, headings 6.5 pt bold, footnote 7 pt.
 */
import type { LabelDrawing } from '../drawing.js';
import { textWidth } from '../metrics.js';
import type { LabelLine, LabelResult } from '../types.js';
import { Pen, PT, runsWidth, wrapRuns, type LayoutOptions, type Run } from './pen.js';

const PAD = 4;
const TITLE = 13;
const ROW = 11;

/** The footnote's emphasised words, bold ("5% or less is **a little**, 15% or more is **a lot**"). */
export function footnoteRuns(text: string): Run[] {
  return text
    .split(/(a little|a lot|peu|beaucoup)/)
    .filter(Boolean)
    .map((t) => (/^(a little|a lot|peu|beaucoup)$/.test(t) ? { text: t, weight: 'bold' as const } : { text: t }));
}

/** Name in its weight, then the amount. The bilingual table prints each amount once (the Directory's example). */
function rowRuns(l: LabelLine): Run[] {
  return [{ text: l.label, ...(l.bold ? { weight: 'bold' as const } : {}) }, { text: ` ${l.amount}` }];
}

export function caStandardDrawing(label: LabelResult, options: LayoutOptions = {}): LabelDrawing {
  if (label.region !== 'ca') throw new RangeError('caStandardDrawing draws Canadian labels only');
  const widthPt = (options.width_mm ?? 66) / PT;
  const left = PAD;
  const right = widthPt - PAD;
  const inner = right - left;
  const pen = new Pen(PT);
  const rule = (at: number, h: number, from = left, to = right) => pen.rect(from, at, to - from, h);
  let y = PAD;

  for (const t of [label.title, label.title_fr ?? '']) {
    if (!t) continue;
    y += TITLE;
    pen.text(left, y, TITLE, [{ text: t, weight: 'bold' }]);
    if (textWidth(t, TITLE, true) > inner) pen.overflows('title');
  }
  y += 2;
  const s = label.serving;
  for (const t of [s?.per_text ?? '', s?.per_text_fr ?? '']) {
    if (!t) continue;
    y += 11;
    pen.text(left, y, 10, [{ text: t }]);
    if (textWidth(t, 10) > inner) pen.overflows('serving');
  }
  y += 3;
  rule(y, 0.5);
  y += 0.5;

  // Calories, with the bilingual %DV heading flush right; the thick rule under Calories stops after the figure.
  const cal = label.lines.find((l) => l.key === 'calories');
  const calRuns: Run[] = [
    { text: 'Calories ', weight: 'bold' },
    { text: cal?.amount ?? '', weight: 'bold' },
  ];
  const headings = label.columns.length ? label.columns : ['% Daily Value*', '% valeur quotidienne*'];
  y += 14;
  const calW = pen.text(left, y, 12, calRuns);
  pen.text(right, y - 7.5, 6.5, [{ text: headings[0] ?? '', weight: 'bold' }], { anchor: 'end' });
  pen.text(right, y, 6.5, [{ text: headings[1] ?? '', weight: 'bold' }], { anchor: 'end' });
  const headW = Math.max(...headings.map((h) => textWidth(h, 6.5, true)));
  if (calW + 6 + headW > inner) pen.overflows('calories');
  y += 2.5;
  rule(y, 2.5, left, Math.min(right, left + calW + 3));
  y += 2.5;

  const rows = label.lines.filter((l) => l.key !== 'calories');
  rows.forEach((l, i) => {
    const prev = rows[i - 1];
    // No rule inside the saturated + trans cell.
    if (i > 0 && !(prev?.dv_spans && prev.dv_spans > 1)) rule(y, 0.25, l.indent ? left + 6 : left);
    const base = y + 2 + 8 * 0.72;
    const runs = rowRuns(l);
    pen.text(left + l.indent * 6, base, 8, runs);
    if (l.dv) {
      const spans = l.dv_spans ?? 1;
      // A shared %DV sits midway down the rows it covers.
      pen.text(right, base + ((spans - 1) * ROW) / 2, 8, [{ text: l.dv }], { anchor: 'end' });
    }
    if (l.indent * 6 + runsWidth(runs, 8) + 4 + textWidth(l.dv, 8) > inner) pen.overflows(l.key);
    y += ROW;
  });
  rule(y, 2.5);
  y += 2.5;

  for (const f of label.footnotes) {
    for (const line of wrapRuns(footnoteRuns(f), 7, inner)) {
      y += 8.5;
      pen.text(left, y, 7, line);
    }
  }
  y += PAD + 1;
  return pen.drawing(`${label.title} / ${label.title_fr ?? ''}`, widthPt, y, 0.5);
}
