/**
 * The UK front-of-pack panel (DH/FSA "Guide to creating a front of pack (FoP) nutrition label", 2016):
 * a heading saying what the figures are for ("Each 1 bar (30 g) contains"), five boxes in the guide's
 * order (energy in kJ and kcal, fat, saturates, sugars, salt), each with the amount, the colour from
 * `fop` (energy is not coloured) with its word (LOW, MED, HIGH, so the colour is not the only signal)
 * and the %RI in a white foot, then "of an adult's reference intake" and "Typical values (as sold)
 * per 100 g: Energy …". Its own drawing, placed on the front of the pack.
 */
import type { LabelDrawing } from '../drawing.js';
import { textWidth } from '../metrics.js';
import type { FopColour, LabelResult } from '../types.js';
import { Pen, wrapRuns } from './pen.js';

const PAD = 1.5;
const GAP = 1.2;

/** The colours of the traffic light, and the word printed with each. */
export const FOP_FILL: Readonly<Record<FopColour, { fill: string; stroke: string; word: string }>> = {
  green: { fill: '#8cc63f', stroke: '#5b8a1f', word: 'LOW' },
  amber: { fill: '#ffb700', stroke: '#b07e00', word: 'MED' },
  red: { fill: '#e8413c', stroke: '#a3211d', word: 'HIGH' },
};
const NAMES = { fat: 'Fat', saturates: 'Saturates', sugars: 'Sugars', salt: 'Salt' } as const;

export interface FopOptions {
  width_mm?: number;
}

export function fopDrawing(label: LabelResult, options: FopOptions = {}): LabelDrawing {
  const panel = label.fop_panel;
  if (label.region !== 'uk' || !panel) throw new RangeError('fopDrawing draws UK labels (with their front-of-pack figures) only');
  const width = options.width_mm ?? 80;
  const inner = width - 2 * PAD;
  const boxW = (inner - 4 * GAP) / 5;
  const name = 2.3;
  const fig = 2.6;
  const pen = new Pen(1);
  let y = PAD;
  const per100 = (label.columns[0] ?? 'Per 100 g').replace(/^Per /, '');
  const heading = panel.basis === 'portion' && label.serving ? `Each ${label.serving.size_text} contains` : `Per ${per100}`;
  y += 2.8;
  pen.text(PAD, y, 2.8, [{ text: heading, weight: 'bold' }]);
  if (textWidth(heading, 2.8, true) > inner) pen.overflows('heading');
  y += 1.2;

  const boxes = [
    { key: 'energy', title: 'Energy', amounts: panel.energy.amount.split(' / '), ri: panel.energy.ri, colour: undefined as FopColour | undefined },
    ...(['fat', 'saturates', 'sugars', 'salt'] as const).map((k) => ({
      key: k,
      title: NAMES[k],
      amounts: [panel.items[k].amount],
      ri: panel.items[k].ri,
      colour: panel.items[k].colour,
    })),
  ];
  const top = y;
  const upper = 2.2 + name + 1.2 + fig * 2 * 1.15 + 2.6;
  const foot = fig * 1.9;
  boxes.forEach((b, i) => {
    const x = PAD + i * (boxW + GAP);
    const cx = x + boxW / 2;
    const c = b.colour ? FOP_FILL[b.colour] : undefined;
    pen.rect(x, top, boxW, upper + foot, { fill: '#fff', stroke: c?.stroke ?? '#555', stroke_width: 0.25 });
    pen.rect(x, top, boxW, upper, { fill: c?.fill ?? '#fff', stroke: c?.stroke ?? '#555', stroke_width: 0.25 });
    let by = top + 0.8 + name;
    pen.text(cx, by, name, [{ text: b.title }], { anchor: 'middle' });
    by += 1.2;
    for (const a of b.amounts) {
      by += fig * 1.15;
      pen.text(cx, by, fig, [{ text: a, weight: 'bold' }], { anchor: 'middle' });
      if (textWidth(a, fig, true) > boxW - 0.6) pen.overflows(b.key);
    }
    if (c) pen.text(cx, top + upper - 0.9, 2, [{ text: c.word, weight: 'bold' }], { anchor: 'middle' });
    if (b.ri) pen.text(cx, top + upper + foot * 0.68, fig, [{ text: b.ri, weight: 'bold' }], { anchor: 'middle' });
    if (textWidth(b.title, name) > boxW - 0.6) pen.overflows(b.key);
  });
  y = top + upper + foot;

  const per100Energy = label.lines.find((l) => l.key === 'energy')?.amount ?? '';
  for (const [text, size] of [
    ["of an adult's reference intake", 2.3],
    [`Typical values (as sold) per ${per100}: Energy ${per100Energy}`, 2.3],
  ] as const) {
    for (const line of wrapRuns([{ text }], size, inner)) {
      y += size * 1.45;
      pen.text(PAD, y, size, line);
    }
  }
  y += PAD;
  return pen.drawing('Front of pack nutrition', width, y);
}
