/**
 * The US tabular format, 21 CFR 101.9(d)(11): for packages without the continuous vertical space
 * (about 3 in) the standard format needs. The title, serving information and Calories sit in a block
 * on the left ((d)(11)(iii)); the nutrients run in two columns to its right, each with its "Amount/serving"
 * and "% Daily Value*" headings, and the vitamins and minerals below them after a 7 pt bar. Sizes:
 * "Calories" 13 pt (the tabular minimum is 10 pt) with the 22 pt numeral, serving lines 10 pt,
 * nutrients 8 pt, headings and footnote 6 pt; the title is the largest type but the numeral, fitted to
 * the block's width.
 */
import type { LabelDrawing } from '../drawing.js';
import { textWidth, wrap } from '../metrics.js';
import type { LabelLine, LabelResult } from '../types.js';
import { Pen, PT, runsWidth, type LayoutOptions } from './pen.js';
import { isMicro, percentRuns, rowRuns } from './us-rows.js';

const PAD = 3;
const GUTTER = 8;
const CAL = 13;
const ROW = 11.5;

export function usTabularDrawing(label: LabelResult, options: LayoutOptions = {}): LabelDrawing {
  if (label.region !== 'us') throw new RangeError('usTabularDrawing draws US labels only');
  const s = label.serving;
  const cal = label.lines.find((l) => l.key === 'calories');
  const rows = label.lines.filter((l) => l.key !== 'calories');
  // The nutrients split at Total Carbohydrate: fats, cholesterol and sodium left; carbohydrate and protein right.
  const split = rows.findIndex((l) => l.key === 'carbohydrate');
  const macros = rows.filter((l) => !isMicro(l));
  const cut = split > 0 ? split : Math.ceil(macros.length / 2);
  const micros = rows.filter(isMicro);
  const half = Math.ceil(micros.length / 2);
  const columns: LabelLine[][] = [[...macros.slice(0, cut)], [...macros.slice(cut)]];
  const microColumns: LabelLine[][] = [micros.slice(0, half), micros.slice(half)];

  const blockW = Math.max(
    textWidth(s?.servings_text ?? '', 10),
    textWidth(s?.size_label ?? '', 10, true),
    textWidth(s?.size_text ?? '', 10, true),
    textWidth('Calories', CAL, true) + 4 + textWidth(cal?.amount ?? '', 22, true),
    textWidth('Amount per serving', 6, true),
    96,
  );
  const cellW = (l: LabelLine) => l.indent * 9 + runsWidth(rowRuns(l), 8) + 4 + runsWidth(percentRuns(l), 8);
  const heading = textWidth('Amount/serving', 6, true) + 4 + textWidth('% Daily Value*', 6, true);
  const colNatural = Math.max(heading, ...rows.map(cellW));
  const naturalPt = PAD * 2 + blockW + GUTTER + 2 * colNatural + GUTTER;
  const widthPt = options.width_mm ? options.width_mm / PT : Math.ceil(naturalPt * PT) / PT;
  const left = PAD;
  const right = widthPt - PAD;
  const inner = right - left;
  const pen = new Pen(PT);
  const rule = (at: number, h: number, from: number, to: number) => pen.rect(from, at, to - from, h);

  // Left block: title, servings, serving size, Calories.
  const titleSize = Math.min(22, blockW / textWidth(label.title, 1, true));
  let yl = PAD + titleSize * 0.8;
  pen.text(left, yl, titleSize, [{ text: label.title, weight: 'black' }], { fit_width: blockW });
  yl += titleSize * 0.2;
  rule(yl, 0.25, left, left + blockW);
  yl += 1.5;
  if (s?.servings_text) {
    yl += 10;
    pen.text(left, yl, 10, [{ text: s.servings_text }]);
  }
  if (s) {
    yl += 11;
    pen.text(left, yl, 10, [{ text: s.size_label, weight: 'bold' }]);
    yl += 11;
    pen.text(left, yl, 10, [{ text: s.size_text, weight: 'bold' }]);
    yl += 3;
  }
  rule(yl, 7, left, left + blockW);
  yl += 7 + 7;
  pen.text(left, yl, 6, [{ text: 'Amount per serving', weight: 'bold' }]);
  yl += 20;
  pen.text(left, yl, CAL, [{ text: 'Calories', weight: 'bold' }]);
  if (cal) pen.text(left + blockW, yl, 22, [{ text: cal.amount, weight: 'bold' }], { anchor: 'end' });
  yl += 3;
  if (blockW > inner) pen.overflows('serving');

  // Nutrient columns to the right of a hairline.
  const x0 = left + blockW + GUTTER / 2;
  const colX = (i: number) => x0 + GUTTER / 2 + i * (colW + GUTTER);
  const colW = Math.max(0, (right - x0 - GUTTER / 2 - GUTTER) / 2);
  let yr = PAD;
  const block = (groups: LabelLine[][], withHeading: boolean) => {
    let bottom = yr;
    groups.forEach((lines, i) => {
      const x = colX(i);
      let y = yr;
      if (withHeading) {
        y += 7;
        pen.text(x, y, 6, [{ text: 'Amount/serving', weight: 'bold' }]);
        pen.text(x + colW, y, 6, [{ text: '% Daily Value*', weight: 'bold' }], { anchor: 'end' });
        if (heading > colW) pen.overflows('heading');
        y += 2;
      }
      lines.forEach((l, j) => {
        if (withHeading || j > 0) rule(y, 0.25, l.key === 'added_sugars' ? x + l.indent * 9 : x, x + colW);
        const base = y + 2 + 8 * 0.72;
        pen.text(x + l.indent * 9, base, 8, rowRuns(l));
        const pct = percentRuns(l);
        if (pct.length) pen.text(x + colW, base, 8, pct, { anchor: 'end' });
        if (cellW(l) > colW) pen.overflows(l.key);
        y += ROW;
      });
      bottom = Math.max(bottom, y);
    });
    yr = bottom;
  };
  block(columns, true);
  if (micros.length) {
    yr += 1;
    rule(yr, 7, x0 + GUTTER / 2, right);
    yr += 7;
    block(microColumns, false);
  }
  let y = Math.max(yl, yr) + 2;
  pen.rect(x0, PAD, 0.25, y - PAD); // the hairline between the block and the columns

  // Statements and footnote across the whole width.
  for (const st of label.statements) {
    rule(y, 0.25, left, right);
    y += 1;
    for (const line of wrap(st, 8, inner)) {
      y += 9;
      pen.text(left, y, 8, [{ text: line }]);
    }
    y += 2.5;
  }
  rule(y, 3, left, right);
  y += 3;
  for (const f of label.footnotes) {
    y += 1;
    for (const line of wrap(f, 6, inner)) {
      y += 7;
      pen.text(left, y, 6, [{ text: line }]);
    }
  }
  y += PAD + 1;
  return pen.drawing(label.title, widthPt, y, 0.5);
}
