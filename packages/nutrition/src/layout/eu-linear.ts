/**
 * The EU nutrition declaration in linear format, Regulation 1169/2011 Art. 34(2): "where space does not
 * permit" a table, the declaration (the label's `linear_text`) as one paragraph, its title bold, at the
 * minimum x-height (eu-type.ts), then the reference intake footnote.
 */
import type { LabelDrawing } from '../drawing.js';
import type { LabelResult } from '../types.js';
import { euFontSize, type EuTypeOptions } from './eu-type.js';
import { Pen, runsWidth, wrapRuns, type Run } from './pen.js';

const PAD = 1.5;

/** The paragraph as eu.ts builds it for the linear format; a table label gets the same words. */
export function euLinearText(label: LabelResult): string {
  if (label.linear_text) return label.linear_text;
  const per = (label.columns[0] ?? 'Per 100 g').replace(/^Per /, '');
  return `${label.title} per ${per}: ${label.lines.map((l) => `${l.label} ${l.amount}${l.dv ? ` (${l.dv} RI)` : ''}`).join(', ')}.`;
}

export function euLinearDrawing(label: LabelResult, options: EuTypeOptions = {}): LabelDrawing {
  if (label.region !== 'eu' && label.region !== 'uk') throw new RangeError('euLinearDrawing draws EU and UK labels only');
  const size = euFontSize(options);
  const lead = size * 1.4;
  const width = options.width_mm ?? 70;
  const inner = width - 2 * PAD;
  const text = euLinearText(label);
  const runs: Run[] = text.startsWith(label.title) ? [{ text: label.title, weight: 'bold' }, { text: text.slice(label.title.length) }] : [{ text }];
  const pen = new Pen(1);
  let y = PAD;
  const paragraph = (r: Run[]) => {
    for (const line of wrapRuns(r, size, inner)) {
      // The first baseline sits a cap height below the padding, the next ones a line apart.
      y += y === PAD ? size * 0.9 : lead;
      pen.text(PAD, y, size, line);
      if (runsWidth(line, size) > inner) pen.overflows('linear');
    }
  };
  paragraph(runs);
  for (const f of label.footnotes) paragraph([{ text: f }]);
  y += PAD;
  return pen.drawing(label.title, width, y, 0.2);
}
