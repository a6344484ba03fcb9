/**
 * The US dual-column format, 21 CFR 101.9(e): the standard vertical label with two amount and %DV
 * column pairs, "Per serving" and "Per container" (81 FR 34000; FDA's dual-column sample). Type sizes
 * are the standard format's ((d)(1)): title fitted flush, 10 pt serving lines, 16 pt "Calories" with a
 * 22 pt numeral in each column, 8 pt nutrient rows, 6 pt headings and footnote; ¼ pt hairlines
 * between the columns and rows, 7 pt bars under the serving block and above the vitamins, 3 pt under
 * Calories and above the footnote.
 */
import type { LabelDrawing } from '../drawing.js';
import { textWidth, wrap } from '../metrics.js';
import type { LabelLine, LabelResult } from '../types.js';
import { Pen, PT, runsWidth, type LayoutOptions, type Run } from './pen.js';
import { isMicro, nameRuns, percentRuns } from './us-rows.js';

const PAD = 3;
const GAP = 4;

/** A column's cell: the amount, then its percent flush right. */
const cellWidth = (amount: string, pct: Run[]) => textWidth(amount, 8) + (pct.length ? GAP + runsWidth(pct, 8) : 0);

function name(l: LabelLine): Run[] {
  return l.key === 'added_sugars' ? [{ text: 'Includes Added Sugars' }] : nameRuns(l);
}

export function usDualDrawing(label: LabelResult, options: LayoutOptions = {}): LabelDrawing {
  if (label.region !== 'us') throw new RangeError('usDualDrawing draws US labels only');
  const rows = label.lines.filter((l) => l.key !== 'calories');
  const cal = label.lines.find((l) => l.key === 'calories');
  const columns = label.columns.length === 2 ? label.columns : ['Per serving', 'Per container'];
  const cells = (l: LabelLine) => [
    { amount: l.amount, pct: percentRuns(l) },
    { amount: l.container_amount ?? '', pct: percentRuns(l, l.container_dv ?? '') },
  ];
  const nameW = Math.max(...rows.map((l) => l.indent * 9 + runsWidth(name(l), 8)), textWidth('Calories', 16, true)) + GAP;
  const colNatural = Math.max(
    ...rows.flatMap((l) => cells(l).map((c) => cellWidth(c.amount, c.pct))),
    ...columns.map((c) => textWidth(c, 8, true)),
    textWidth(cal?.amount ?? '', 22, true),
    textWidth(cal?.container_amount ?? '', 22, true),
  );
  const naturalPt = PAD * 2 + nameW + 2 * (colNatural + 2 * GAP);
  const widthPt = options.width_mm ? options.width_mm / PT : Math.max(66 / PT, Math.ceil(naturalPt * PT) / PT);
  const left = PAD;
  const right = widthPt - PAD;
  const inner = right - left;
  const colW = (inner - nameW) / 2;
  const colX = [left + nameW, left + nameW + colW];
  const pen = new Pen(PT);
  const rule = (at: number, h: number, from = left, to = right) => pen.rect(from, at, to - from, h);
  let y = PAD;

  y += 22 * 0.8;
  pen.text(left, y, 22, [{ text: label.title, weight: 'black' }], { fit_width: inner });
  y += 22 * 0.2;
  rule(y, 0.25);
  y += 1.5;
  const s = label.serving;
  if (s?.servings_text) {
    y += 10;
    pen.text(left, y, 10, [{ text: s.servings_text }]);
    y += 2;
  }
  if (s) {
    y += 10;
    pen.text(left, y, 10, [{ text: s.size_label, weight: 'bold' }]);
    pen.text(right, y, 10, [{ text: s.size_text, weight: 'bold' }], { anchor: 'end' });
    if (textWidth(s.size_label, 10, true) + 6 + textWidth(s.size_text, 10, true) > inner) pen.overflows('serving');
    y += 3;
  }
  rule(y, 7);
  y += 7;
  const tableTop = y;

  // Column headings, then Calories with a numeral in each column.
  y += 10;
  columns.forEach((c, i) => pen.text(colX[i]! + colW / 2, y, 8, [{ text: c, weight: 'bold' }], { anchor: 'middle' }));
  if (colNatural > colW - 2 * GAP) pen.overflows('columns');
  y += 3;
  rule(y, 0.25, colX[0]);
  y += 20;
  pen.text(left, y, 16, [{ text: 'Calories', weight: 'bold' }]);
  if (cal) {
    pen.text(colX[0]! + colW - GAP, y, 22, [{ text: cal.amount, weight: 'bold' }], { anchor: 'end' });
    pen.text(colX[1]! + colW - GAP, y, 22, [{ text: cal.container_amount ?? '', weight: 'bold' }], { anchor: 'end' });
  }
  y += 3;
  rule(y, 3);
  y += 3;
  y += 8;
  colX.forEach((x) => pen.text(x + colW - GAP, y, 6, [{ text: '% DV*', weight: 'bold' }], { anchor: 'end' }));
  y += 2.5;

  const row = (l: LabelLine, first: boolean) => {
    const indent = l.indent * 9;
    if (!first) rule(y, 0.25, l.key === 'added_sugars' ? left + indent : left);
    y += 2.25 + 8 * 0.72;
    const n = name(l);
    pen.text(left + indent, y, 8, n);
    if (indent + runsWidth(n, 8) > nameW) pen.overflows(l.key);
    cells(l).forEach((c, i) => {
      const x = colX[i]! + GAP;
      pen.text(x, y, 8, [{ text: c.amount }]);
      if (c.pct.length) pen.text(colX[i]! + colW - GAP, y, 8, c.pct, { anchor: 'end' });
      if (cellWidth(c.amount, c.pct) > colW - 2 * GAP) pen.overflows(l.key);
    });
    y += 8 * 0.28 + 2.25;
  };
  rows.filter((l) => !isMicro(l)).forEach((l) => row(l, false));
  const micros = rows.filter(isMicro);
  if (micros.length) {
    rule(y, 7);
    y += 7;
    micros.forEach((l, i) => row(l, i === 0));
  }
  // The hairlines that divide the name column from the two figure columns.
  colX.forEach((x) => pen.rect(x, tableTop, 0.25, y - tableTop));

  for (const st of label.statements) {
    rule(y, 0.25);
    y += 1;
    for (const line of wrap(st, 8, inner)) {
      y += 9;
      pen.text(left, y, 8, [{ text: line }]);
    }
    y += 2.5;
  }
  rule(y, 3);
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
