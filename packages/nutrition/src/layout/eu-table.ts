/**
 * The EU nutrition declaration as a table, Regulation 1169/2011 Art. 34(1) and Annex XV: the lines in
 * Annex XV order ("of which saturates" indented), a column per 100 g/ml and, when given, per portion
 * (Art. 33), each with its %RI column, and the reference intake footnote (Annex XIII Part B). All type
 * is at the minimum x-height (eu-type.ts); the heading row is bold, energy prints kJ over kcal. The UK
 * back of pack uses the same table.
 */
import type { LabelDrawing } from '../drawing.js';
import { textWidth } from '../metrics.js';
import type { LabelLine, LabelResult } from '../types.js';
import { euFontSize, type EuTypeOptions } from './eu-type.js';
import { Pen, wrapRuns } from './pen.js';

const PAD = 1.5;

/** Energy's "1618 kJ / 385 kcal" prints as two lines in a table column; other amounts as they are. */
export const amountLines = (amount: string): string[] => (amount.includes(' kJ / ') ? amount.split(' / ') : [amount]);

interface Column {
  heading: string;
  cell: (l: LabelLine) => string;
}

export function euTableDrawing(label: LabelResult, options: EuTypeOptions = {}): LabelDrawing {
  if (label.region !== 'eu' && label.region !== 'uk') throw new RangeError('euTableDrawing draws EU and UK labels only');
  const size = euFontSize(options);
  const lead = size * 1.45;
  const gap = size * 0.9;
  const marker = label.footnotes.length ? '*' : '';
  const cols: Column[] = [{ heading: label.columns[0] ?? 'Per 100 g', cell: (l) => l.amount }];
  if (label.lines.some((l) => l.dv)) cols.push({ heading: `%RI${marker}`, cell: (l) => l.dv });
  if (label.columns[1]) {
    cols.push({ heading: label.columns[1], cell: (l) => l.portion_amount ?? '' });
    if (label.lines.some((l) => l.portion_dv)) cols.push({ heading: `%RI${marker}`, cell: (l) => l.portion_dv ?? '' });
  }
  const indent = size;
  const colW = cols.map((c) =>
    Math.max(textWidth(c.heading, size, true), ...label.lines.flatMap((l) => amountLines(c.cell(l)).map((t) => textWidth(t, size)))),
  );
  const nameNatural = Math.max(textWidth(label.title, size * 1.3, true), ...label.lines.map((l) => l.indent * indent + textWidth(l.label, size)));
  const figures = colW.reduce((a, w) => a + w + gap, 0);
  const width = options.width_mm ?? Math.ceil((PAD * 2 + nameNatural + figures) * 10) / 10;
  const inner = width - 2 * PAD;
  const nameW = inner - figures;
  const pen = new Pen(1);
  const rule = (at: number, h: number) => pen.rect(PAD, at, inner, h);
  let y = PAD;

  y += size * 1.3;
  pen.text(PAD, y, size * 1.3, [{ text: label.title, weight: 'bold' }]);
  if (textWidth(label.title, size * 1.3, true) > inner) pen.overflows('title');
  y += size * 0.5;
  rule(y, 0.3);
  y += 0.3;

  // Headings, flush right over their figures; a long portion heading wraps inside its column.
  const xs: number[] = [];
  let x = PAD + nameW;
  for (const w of colW) {
    x += gap + w;
    xs.push(x);
  }
  const headingLines = cols.map((c, i) => wrapRuns([{ text: c.heading, weight: 'bold' }], size, colW[i]!));
  const depth = Math.max(...headingLines.map((h) => h.length));
  headingLines.forEach((lines, i) => lines.forEach((line, j) => pen.text(xs[i]!, y + lead * (j + 1 + depth - lines.length), size, line, { anchor: 'end' })));
  y += lead * depth + size * 0.45;
  rule(y, 0.2);
  y += 0.2;

  label.lines.forEach((l, i) => {
    if (i > 0) rule(y, 0.1);
    const depthRow = Math.max(1, ...cols.map((c) => amountLines(c.cell(l)).length));
    y += lead;
    pen.text(PAD + l.indent * indent, y, size, [{ text: l.label }]);
    if (l.indent * indent + textWidth(l.label, size) > nameW) pen.overflows(l.key);
    cols.forEach((c, ci) => amountLines(c.cell(l)).forEach((t, j) => pen.text(xs[ci]!, y + j * lead, size, [{ text: t }], { anchor: 'end' })));
    y += (depthRow - 1) * lead + size * 0.45;
  });
  if (nameW < 0) pen.overflows('columns');
  rule(y, 0.3);
  y += 0.3;

  for (const f of label.footnotes) {
    for (const line of wrapRuns([{ text: `${marker}${f}` }], size, inner)) {
      y += lead;
      pen.text(PAD, y, size, line);
    }
  }
  y += PAD;
  return pen.drawing(label.title, width, y, 0.2);
}
